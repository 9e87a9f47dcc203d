/**
 * Loads a package on first use, synchronously (`require`; Node ≥ 20.19 also requires ES
 * modules). The CLI's bundle maps a few heavy packages to the modules beside this one (see
 * bin/build-cli.js), so a run that never reads YAML, OpenAPI or `.bru` files never loads them.
 */
import { createRequire } from 'node:module'

const load = createRequire(import.meta.url)

/** The package `name`, loaded the first time the returned function is called. */
export function onFirstUse<T>(name: string): () => T {
  let module: T | undefined
  return () => (module ??= load(name) as T)
}
