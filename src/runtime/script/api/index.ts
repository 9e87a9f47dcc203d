/**
 * Every global a script sees, built per run. The guest defines each as a proxy (or null, or its
 * own `expect`); `hopp.*`, `require` and friends refuse with a clear message.
 */
import type { ScriptRun } from '../run-state.ts'
import { messages, ScriptAbort } from '../errors.ts'
import { api, EXPECT } from './bridge.ts'
import { shared, svcApi } from './svc.ts'
import { alphaApi } from './alpha.ts'
import { betaApi } from './beta.ts'
import { gammaApi } from './gamma.ts'
import { reqApi, resApi } from './bare.ts'
import { runTest } from './tests.ts'

/** name → API object (or null, or EXPECT), in the order the guest defines them. */
export function buildGlobals(run: ScriptRun): Record<string, object | null> {
  const common = shared(run)
  const svc = svcApi(run, common)
  const alpha = alphaApi(run, common)
  const beta = betaApi(run, common)
  const gamma = gammaApi(run, common)
  const hopp = api({})
  const unsupported = (text: string) => () => {
    throw new ScriptAbort('unsupported', text)
  }
  return {
    svc,
    delta: svc,
    alpha,
    pm: alpha,
    beta,
    bru: beta,
    gamma,
    pw: gamma,
    hopp: api(
      new Proxy(hopp, {
        getOwnPropertyDescriptor: (_target, key) => {
          unsupported(messages.unsupported(`hopp.${String(key)} (the newer API of that namespace)`))()
          return undefined
        },
      }),
    ),
    req: reqApi(run),
    res: resApi(run),
    test: api((name: unknown, fn: unknown) => runTest(run, name, fn, true)),
    expect: EXPECT,
    require: api(unsupported(messages.require)),
    setTimeout: api((fn: unknown, ms: unknown, ...args: unknown[]) =>
      run.timer(Math.max(0, Number(ms) || 0), () => run.invokeCallback(fn, args)),
    ),
    clearTimeout: api((id: unknown) => run.cancel(Number(id))),
  }
}
