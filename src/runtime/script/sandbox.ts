/**
 * One QuickJS runtime and a few warm contexts with the bootstrap already evaluated. A context
 * serves exactly one script and is then disposed (scripts never see each other's globals);
 * refilling happens on a later tick, typically while a request is in flight. A runtime left
 * unusable (out of memory) is thrown away and a new one made on next use.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten'
import { BOOTSTRAP } from './bootstrap.ts'
import type { ScriptLimits } from './limits.ts'
import type { ScriptRun } from './run-state.ts'

export interface GuestContext {
  readonly ctx: QuickJSContext
  readonly internals: QuickJSHandle
  readonly st: QuickJSHandle
  readonly settle: QuickJSHandle
  readonly invoke: QuickJSHandle
  readonly track: QuickJSHandle
  readonly info: QuickJSHandle
  readonly init: QuickJSHandle
  run: ScriptRun | null
}

const NO_RUN = 'e{"n":"Error","m":"The sandbox is not running a script"}'

export class Sandbox {
  private runtime: QuickJSRuntime | null = null
  private warm: GuestContext[] = []
  private filling = false
  private refillScheduled = false
  /** The run whose guest code is executing right now; the interrupt handler checks its deadline. */
  current: ScriptRun | null = null
  busy = false
  /** The wasm instance under this sandbox failed; it must not be used again. */
  poisoned = false

  constructor(
    private readonly module: QuickJSWASMModule,
    private readonly limits: ScriptLimits,
    private readonly poolSize = 2,
  ) {}

  private ensureRuntime(): QuickJSRuntime {
    if (this.runtime) return this.runtime
    const runtime = this.module.newRuntime()
    runtime.setMemoryLimit(this.limits.memoryBytes)
    runtime.setMaxStackSize(this.limits.stackBytes)
    runtime.setInterruptHandler(() => {
      const run = this.current
      if (this.filling || run === null) return false
      return run.abort !== null || Date.now() > run.deadline
    })
    this.runtime = runtime
    return runtime
  }

  get quickjsRuntime(): QuickJSRuntime {
    return this.ensureRuntime()
  }

  take(): GuestContext {
    const guest = this.warm.pop() ?? this.create()
    this.scheduleRefill()
    return guest
  }

  private create(): GuestContext {
    const ctx = this.ensureRuntime().newContext()
    const holder: { guest: GuestContext | null } = { guest: null }
    const host = ctx.newFunction('__host', (op, arg) => {
      const run = holder.guest?.run
      return ctx.newString(run ? run.dispatch(ctx.getString(op), ctx.getString(arg)) : NO_RUN)
    })
    ctx.setProp(ctx.global, '__host', host)
    host.dispose()
    const wasFilling = this.filling
    this.filling = true
    // strip: no debug info for the bootstrap's own functions, about 15% less compile time.
    const result = ctx.evalCode(BOOTSTRAP, 'bootstrap.js', { strip: true })
    this.filling = wasFilling
    if (result.error) {
      const detail = ctx.dump(result.error)
      result.error.dispose()
      ctx.dispose()
      throw new Error(`bootstrap failed: ${JSON.stringify(detail)}`)
    }
    const internals = result.value
    const prop = (name: string) => ctx.getProp(internals, name)
    const guest: GuestContext = {
      ctx,
      internals,
      st: prop('st'),
      settle: prop('settle'),
      invoke: prop('invoke'),
      track: prop('track'),
      info: prop('info'),
      init: prop('init'),
      run: null,
    }
    holder.guest = guest
    return guest
  }

  private scheduleRefill(): void {
    if (this.refillScheduled) return
    this.refillScheduled = true
    setTimeout(() => {
      this.refillScheduled = false
      if (!this.runtime || this.poisoned || this.busy) return
      this.filling = true
      try {
        while (this.runtime && this.warm.length < this.poolSize) this.warm.push(this.create())
      } catch {
        // A refill that fails (memory pressure) is retried by the next take().
      } finally {
        this.filling = false
      }
    }, 0)
  }

  release(guest: GuestContext): void {
    guest.run = null
    for (const handle of [
      guest.st,
      guest.settle,
      guest.invoke,
      guest.track,
      guest.info,
      guest.init,
      guest.internals,
    ]) {
      if (handle.alive) handle.dispose()
    }
    guest.ctx.dispose()
  }

  hasPendingJobs(): boolean {
    return this.runtime?.hasPendingJob() ?? false
  }

  /**
   * After an out-of-memory the runtime's heap may be inconsistent and freeing it can abort the
   * wasm instance, so the runtime is dropped unfreed and the instance marked for replacement.
   */
  abandonRuntime(): void {
    this.poisoned = true
    this.abandon()
  }

  /** Forgets the runtime without touching the wasm instance again (it is being replaced). */
  abandon(): void {
    this.warm = []
    this.runtime = null
  }

  /** Drops the runtime and its warm contexts, e.g. after it ran out of memory. */
  recycle(): void {
    for (const guest of this.warm.splice(0)) {
      try {
        this.release(guest)
      } catch {
        // The runtime is being thrown away anyway.
      }
    }
    const runtime = this.runtime
    this.runtime = null
    try {
      runtime?.dispose()
    } catch {
      // Freeing failed inside wasm: the instance is unusable from here on.
      this.poisoned = true
    }
  }

  dispose(): void {
    this.recycle()
  }
}
