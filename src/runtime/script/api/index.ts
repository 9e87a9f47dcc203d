/**
 * Every global a script sees. The guest defines them once per context, in the bootstrap, as
 * proxies with fixed ids (ROOTS); the host builds a namespace only when a script first touches it,
 * so a script using one namespace pays for one. `svc`, `alpha` and the plain functions are built
 * once per sandbox and resolve against the current run, and so are `beta` and `res`; `gamma`
 * and `req` carry state of their run and are built per run. `hopp.*` and friends refuse clearly; `require` and the library globals are the guest's (libraries/index.ts).
 */
import type { ScriptRun } from '../run-state.ts'
import { messages, ScriptAbort } from '../errors.ts'
import { api, markLasting, precheck, RUN_IDS, type RootSource } from './bridge.ts'
import { shared, svcApi, type Shared } from './svc.ts'
import { alphaApi } from './alpha.ts'
import { betaApi } from './beta.ts'
import { gammaApi } from './gamma.ts'
import { reqApi, resApi } from './bare.ts'
import { runTest } from './tests.ts'
import { ROOTS } from './roots.ts'
import { CurrentRun } from './common.ts'

const unsupported = (text: string) => () => {
  throw new ScriptAbort('unsupported', text)
}

const ids = Object.fromEntries(Object.entries(ROOTS).map(([name, [id]]) => [id, name])) as Record<
  number,
  keyof typeof ROOTS
>

/** The roots of one sandbox: lasting namespaces built on first use, the rest per run. */
export class Namespaces implements RootSource {
  readonly current = new CurrentRun()
  private common: Shared | undefined
  private readonly lasting = new Map<number, object>()
  private readonly lastingIds = new WeakMap<object, number>()
  private readonly lastingObjects = new Map<number, object>()
  private nextLastingId = 64

  lastingId(target: object): number {
    let id = this.lastingIds.get(target)
    if (id === undefined) {
      // Lasting objects are a fixed set (the namespaces' members), so the ids never run out.
      if (this.nextLastingId >= RUN_IDS) throw new Error('Too many lasting API objects')
      id = this.nextLastingId++
      this.lastingIds.set(target, id)
      this.lastingObjects.set(id, target)
    }
    return id
  }

  lastingObject(id: number): object | undefined {
    return this.lastingObjects.get(id)
  }

  private get shared(): Shared {
    return (this.common ??= shared(this.current))
  }

  /** The root with this id for the current run (ApiRegistry keeps it for the rest of the run). */
  root(id: number): object | null {
    const name = ids[id]
    const current = this.current
    // `res` is there only while its run has a response.
    if (name === 'res' && !current.run.response) return null
    const known = this.lasting.get(id)
    if (known) return known
    let built: object | null
    switch (name) {
      case 'beta':
        built = betaApi(() => current.run, this.shared)
        break
      case 'gamma':
        return gammaApi(current.run, this.shared)
      case 'req':
        return reqApi(current.run)
      case 'res':
        built = resApi(() => current.run)
        break
      case 'svc':
        built = svcApi(this.shared)
        break
      case 'alpha':
        built = alphaApi(this.shared)
        break
      case 'hopp':
        built = api(
          new Proxy(
            {},
            {
              getOwnPropertyDescriptor: (_target, key) =>
                unsupported(messages.unsupported(`hopp.${String(key)} (the newer API of that namespace)`))(),
            },
          ),
        )
        break
      case 'test':
        built = api((name: unknown, fn: unknown) => runTest(current.run, name, fn, true))
        break
      case 'setTimeout':
        built = api(
          precheck(
            (fn: unknown, ms: unknown, ...args: unknown[]) => {
              const run = current.run
              return run.timer(Math.max(0, Number(ms) || 0), () => run.invokeCallback(fn, args))
            },
            () => current.run.checkTimers(),
          ),
        )
        break
      case 'clearTimeout':
        built = api((id: unknown) => current.run.cancel(Number(id)))
        break
      default:
        return null
    }
    this.lasting.set(id, built)
    this.lastingIds.set(built, id)
    markLasting(built)
    return built
  }

  /** Points the lasting namespaces at `run` (null once it has ended). */
  bind(run: ScriptRun | null): void {
    this.current.set(run)
  }
}
