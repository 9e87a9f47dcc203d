/**
 * `require(name)` in scripts. No module can be loaded yet, and an unknown name throws the
 * catchable `Error: Cannot find module '<name>'` that Postman's sandbox throws, so a script's
 * `try { require('x') } catch {}` behaves the same (a stop would end it uncatchably).
 *
 * Extension point: a library loader registers each module it provides with `registerModule`;
 * the loader's answer is what the script gets (a value the bridge can pass, see api/bridge.ts).
 */
import { messages } from './errors.ts'

export type ModuleLoader = (name: string) => unknown

const modules = new Map<string, ModuleLoader>()

export function registerModule(name: string, load: ModuleLoader): void {
  modules.set(name, load)
}

export function requireModule(name: unknown): unknown {
  const id = typeof name === 'string' ? name : String(name)
  const load = modules.get(id)
  if (load) return load(id)
  throw new Error(messages.moduleNotFound(id))
}
