/**
 * One QuickJS runtime with one resident context (locked down, reset after every script: see
 * guest/lockdown.ts) for ordinary scripts, and a few warm fresh contexts for the rest: scripts
 * that change built-ins on purpose, and whatever follows a script that left the resident context
 * in a state that cannot be reset. A fresh context serves exactly one script and is disposed;
 * refilling happens on a later tick. A runtime left unusable (out of memory) is thrown away and
 * a new one made on next use.
 */
import type { QuickJSContext, QuickJSHandle, QuickJSRuntime, QuickJSWASMModule } from 'quickjs-emscripten'
import { BOOTSTRAP, EXPECT_LIB, LIB, RESIDENT } from './bootstrap.ts'
import type { ScriptLimits } from './limits.ts'
import type { ScriptRun } from './run-state.ts'
import { Namespaces } from './api/index.ts'
import { defineHostFunction, directCaller, type DirectAnswer } from './direct-calls.ts'

export interface GuestContext {
  readonly ctx: QuickJSContext
  readonly internals: QuickJSHandle
  readonly settle: QuickJSHandle
  readonly invoke: QuickJSHandle
  readonly info: QuickJSHandle
  /** Begins a run, runs a script and answers with its status (see status). */
  readonly exec: QuickJSHandle
  /** The run's state in one string: main, intest, err and the tests run since the last read. */
  readonly status: QuickJSHandle
  /** Calls a guest function with one string (direct-calls.ts); null: use callFunction. */
  readonly call: ((fn: QuickJSHandle, arg: string) => DirectAnswer) | null
  run: ScriptRun | null
}

const NO_RUN = 'e{"n":"Error","m":"The sandbox is not running a script"}'

export class Sandbox {
  private runtime: QuickJSRuntime | null = null
  private warm: GuestContext[] = []
  private resident: GuestContext | null = null
  private filling = false
  private refillScheduled = false
  private residentScheduled = false
  /** The resident context ran a script and is not reset yet: its next exec resets it first. */
  private dirty = false
  /** The run whose guest code is executing right now; the interrupt handler checks its deadline. */
  current: ScriptRun | null = null
  busy = false
  /** The wasm instance under this sandbox failed; it must not be used again. */
  poisoned = false
  /** The interrupt handler stopped guest code since the flag was last cleared. */
  interrupted = false
  /** svc, alpha and the plain roots, built once and pointed at each run in turn. */
  readonly namespaces = new Namespaces()

  /**
   * `residentWhenIdle`: until the resident context exists, scripts run in fresh contexts and the
   * resident one is built on a later turn of the event loop. A fresh context is ready in a
   * fraction of the time (the resident one also compiles the library and freezes every
   * built-in), so the page's first script after load does not wait for that.
   */
  constructor(
    private readonly module: QuickJSWASMModule,
    private readonly limits: ScriptLimits,
    private readonly poolSize = 2,
    private readonly residentWhenIdle = false,
  ) {}

  private ensureRuntime(): QuickJSRuntime {
    if (this.runtime) return this.runtime
    const runtime = this.module.newRuntime()
    runtime.setMemoryLimit(this.limits.memoryBytes)
    runtime.setMaxStackSize(this.limits.stackBytes)
    runtime.setInterruptHandler(() => {
      const run = this.current
      if (this.filling || run === null) return false
      const stop = run.abort !== null || Date.now() > run.deadline
      if (stop) this.interrupted = true
      return stop
    })
    this.runtime = runtime
    return runtime
  }

  get quickjsRuntime(): QuickJSRuntime {
    return this.ensureRuntime()
  }

  /** Creates the runtime and the resident context now rather than for the first script. */
  prepare(): void {
    try {
      this.resident ??= this.create(true)
    } catch {
      // No memory for it now: the first script tries again.
    }
  }

  /** The resident context when `reuse` (made on first use), else a fresh one. */
  take(reuse: boolean): GuestContext {
    if (reuse) {
      if (this.resident || !this.residentWhenIdle) {
        try {
          this.resident ??= this.create(true)
          return this.resident
        } catch {
          // No memory for the resident context now: this script gets a fresh one.
        }
      } else this.scheduleResident()
    }
    const guest = this.warm.pop() ?? this.create(false)
    this.scheduleRefill()
    return guest
  }

  private create(resident: boolean): GuestContext {
    const ctx = this.ensureRuntime().newContext()
    const holder: { guest: GuestContext | null } = { guest: null }
    defineHostFunction(ctx, '__host', (op, arg) => {
      const run = holder.guest?.run
      if (run) return run.dispatch(op, arg)
      // The resident bootstrap compiles the library before any script runs.
      return op === 'L' ? LIB : op === 'X' ? EXPECT_LIB : NO_RUN
    })
    const wasFilling = this.filling
    this.filling = true
    // strip: no debug info for the bootstrap's own functions, about 15% less compile time.
    const result = ctx.evalCode(resident ? RESIDENT : BOOTSTRAP, 'bootstrap.js', { strip: true })
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
      settle: prop('settle'),
      invoke: prop('invoke'),
      info: prop('info'),
      exec: prop('exec'),
      status: prop('status'),
      call: directCaller(ctx),
      run: null,
    }
    holder.guest = guest
    return guest
  }

  /** Builds the resident context on a later turn, unless a script is running then (see take). */
  private scheduleResident(): void {
    if (this.residentScheduled) return
    this.residentScheduled = true
    setTimeout(() => {
      this.residentScheduled = false
      if (!this.resident && this.runtime && !this.poisoned && !this.busy) this.prepare()
    }, 0)
  }

  private scheduleRefill(): void {
    if (this.refillScheduled) return
    this.refillScheduled = true
    setTimeout(() => {
      this.refillScheduled = false
      if (!this.runtime || this.poisoned || this.busy) return
      this.filling = true
      try {
        while (this.runtime && this.warm.length < this.poolSize) this.warm.push(this.create(false))
      } catch {
        // A refill that fails (memory pressure) is retried by the next take().
      } finally {
        this.filling = false
      }
    }, 0)
  }

  /**
   * Ends a script's use of its context. The resident context is kept when `reusable`: the exec
   * of its next script resets it first (guest/core.ts), with no call of its own; any other
   * context is disposed.
   */
  release(guest: GuestContext, reusable: boolean): void {
    guest.run = null
    if (guest === this.resident) {
      if (reusable) {
        this.dirty = true
        return
      }
      this.resident = null
    }
    this.disposeContext(guest)
  }

  /** Whether `guest`'s next exec must reset it first; answers true once per script run in it. */
  takeReset(guest: GuestContext): boolean {
    if (guest !== this.resident || !this.dirty) return false
    this.dirty = false
    return true
  }

  /** The resident context could not be reset (a script left it unfit): it is thrown away. */
  discard(guest: GuestContext): void {
    guest.run = null
    if (guest === this.resident) this.resident = null
    this.disposeContext(guest)
  }

  private disposeContext(guest: GuestContext): void {
    for (const handle of [
      guest.settle,
      guest.invoke,
      guest.info,
      guest.exec,
      guest.status,
      guest.internals,
    ]) {
      if (handle?.alive) handle.dispose()
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
    this.resident = null
    this.dirty = false
    this.runtime = null
  }

  /** Drops the runtime and its warm contexts, e.g. after it ran out of memory. */
  recycle(): void {
    const guests = this.warm.splice(0)
    if (this.resident) guests.push(this.resident)
    this.resident = null
    this.dirty = false
    for (const guest of guests) {
      try {
        this.disposeContext(guest)
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
