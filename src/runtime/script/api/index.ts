/**
 * Every global a script sees. The guest defines them once per context, in the bootstrap, as
 * proxies with fixed ids (ROOTS); the host builds a namespace only when a script first touches it,
 * so a script using one namespace pays for one. `hopp.*`, `require` and friends refuse clearly.
 */
import type { ScriptRun } from '../run-state.ts'
import { messages, ScriptAbort } from '../errors.ts'
import { api } from './bridge.ts'
import { shared, svcApi, type Shared } from './svc.ts'
import { alphaApi } from './alpha.ts'
import { betaApi } from './beta.ts'
import { gammaApi } from './gamma.ts'
import { reqApi, resApi } from './bare.ts'
import { runTest } from './tests.ts'
import { ROOTS } from './roots.ts'

/** Builders for the roots of one run, by id. */
export function rootFactories(run: ScriptRun): Map<number, () => object | null> {
  let common: Shared | undefined
  const get = () => (common ??= shared(run))
  const unsupported = (text: string) => () => {
    throw new ScriptAbort('unsupported', text)
  }
  const builders: Record<keyof typeof ROOTS, () => object | null> = {
    svc: () => svcApi(run, get()),
    alpha: () => alphaApi(run, get()),
    beta: () => betaApi(run, get()),
    gamma: () => gammaApi(run, get()),
    hopp: () =>
      api(
        new Proxy(
          {},
          {
            getOwnPropertyDescriptor: (_target, key) =>
              unsupported(messages.unsupported(`hopp.${String(key)} (the newer API of that namespace)`))(),
          },
        ),
      ),
    req: () => reqApi(run),
    res: () => resApi(run),
    test: () => api((name: unknown, fn: unknown) => runTest(run, name, fn, true)),
    require: () => api(unsupported(messages.require)),
    setTimeout: () =>
      api((fn: unknown, ms: unknown, ...args: unknown[]) =>
        run.timer(Math.max(0, Number(ms) || 0), () => run.invokeCallback(fn, args)),
      ),
    clearTimeout: () => api((id: unknown) => run.cancel(Number(id))),
  }
  return new Map(Object.entries(builders).map(([name, build]) => [ROOTS[name]![0], build]))
}
