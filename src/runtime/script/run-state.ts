/**
 * The host side of one script run: the guest's requests (`__host(op, json)`) are dispatched here,
 * and the runner reads tests, changes and the reason the run stopped afterwards. Every argument
 * from the guest is untrusted JSON and is checked.
 */
import * as chai from 'chai'
import { SecretWithheldError } from '../../model/variables.ts'
import type { ScriptError, ScriptErrorKind, ScriptRunInput, TestResult } from './types.ts'
import type { ScriptLimits } from './limits.ts'
import { messages, ScriptAbort } from './errors.ts'
import { describeError, errorPayload, fail, GuestError, toError, type ErrorInfo } from './guest-errors.ts'
import { AssertionBridge, AssertionRef, type FlushRequest } from './host-assert.ts'
import { HostResponse, JsonText } from './host-response.ts'
import { crossesAsText, viewValues } from './answers.ts'
import { decode, encode, type DecodeHooks, type Encoded } from './marshal.ts'
import { RequestChangeLog } from './api/req-changes.ts'
import {
  ApiRegistry,
  EXPECT,
  EXPECT_VIEW,
  EXPECT_VIEW_NOT,
  GUEST_TEST,
  GuestPromise,
  GuestWait,
  isApi,
  isPure,
  precheckOf,
  RESPONSE_VIEWS,
} from './api/bridge.ts'
import { EXPECT_LIB, LIB } from './bootstrap.ts'
import { libraryState, loadedLibrary } from './libraries/index.ts'
import { jsonErrorMessage } from './json-error.ts'

export interface GuestCalls {
  /** Calls a guest function registered by the codec; answers `v<json>` or `e<json>`. */
  invoke(id: number, argsJson: string): string
  /** Settles a guest promise made for a GuestWait. */
  settle(id: number, ok: boolean, json: string): void
  /** Moves the results of tests run in the guest so far into `tests`, in order. */
  drainTests(): void
}

export class ScriptRun {
  readonly tests: TestResult[] = []
  /** Awaited tests (the second API's `test()`) still running, by slot. */
  readonly unfinished = new Set<number>()
  readonly changes: RequestChangeLog
  readonly response: HostResponse | null
  readonly registry = new ApiRegistry()
  readonly assertions: AssertionBridge
  abort: ScriptAbort | null = null
  /** When the script began (begin()); Infinity before. */
  private started = Infinity
  /** sendRequest calls on the wire, since when, and how long earlier ones were (see deadline). */
  private inFlight = 0
  private inFlightSince = 0
  private inFlightMs = 0
  /** Timers and requests in flight, each with its cancel function. */
  readonly pending = new Map<number, () => void>()
  /** Guest work due on the next loop turn (callbacks, settled promises). */
  readonly events: (() => void)[] = []
  /** The first error thrown by a callback; it fails the script as a throw would. */
  callbackError: ErrorInfo | null = null
  testDepth = 0
  /** Times guest code was entered (run-script.ts enter): tells whether the state read is current. */
  guestTurns = 0
  /** The libraries the current script's text names, with what they require (libraries/index.ts). */
  libraries: ReadonlySet<string> = new Set()
  /** Timers pending (setTimeout, beta.sleep): at most `limits.timers`. */
  private timers = 0
  /** Bytes of large buffers the script made (the wasm memory limit does not count them). */
  bufferBytes = 0
  timedOutInTest = false
  guest: GuestCalls | null = null
  private wake: (() => void) | null = null
  private nextId = 1
  /** Made on first use: aborting a controller costs a DOMException, and most runs send nothing. */
  private controller: AbortController | null = null
  private readonly stubs = new Map<number, unknown>()
  private readonly guestPromises = new Map<number, GuestPromise>()

  constructor(
    readonly input: ScriptRunInput,
    readonly limits: ScriptLimits,
    changes: RequestChangeLog,
  ) {
    this.changes = changes
    this.response = input.response ? new HostResponse(input.response) : null
    this.assertions = new AssertionBridge(() => this.hooks())
  }

  begin(): void {
    this.started = Date.now()
  }

  /**
   * Spec 8: 5 s of run time, 30 s while a request is in flight. Time spent with a sendRequest on
   * the wire does not use up the 5 s, and the whole run stops at 30 s however it is spent.
   */
  get deadline(): number {
    const waited = this.inFlightMs + (this.inFlight > 0 ? Date.now() - this.inFlightSince : 0)
    return this.started + Math.min(this.limits.inFlightTimeMs, this.limits.timeMs + waited)
  }

  /** Counts `work` (a sendRequest) as a request in flight until it settles. */
  requestInFlight<T>(work: Promise<T>): Promise<T> {
    if (this.inFlight++ === 0) this.inFlightSince = Date.now()
    const done = () => {
      if (--this.inFlight === 0) this.inFlightMs += Date.now() - this.inFlightSince
    }
    work.then(done, done)
    return work
  }

  /** Why a run past its deadline was stopped, in the words of spec 8. */
  timeoutMessage(): string {
    if (this.inFlightMs === 0 && this.inFlight === 0) return messages.timeout(this.limits.timeMs)
    if (this.deadline - this.started >= this.limits.inFlightTimeMs)
      return messages.timeout(this.limits.inFlightTimeMs)
    return messages.timeoutBesideRequests(this.limits.timeMs)
  }

  get signal(): AbortSignal {
    this.controller ??= new AbortController()
    if (this.abort) this.controller.abort()
    return this.controller.signal
  }

  /** The guest's only way out. Never throws: failures travel back as `e<json>`. */
  dispatch(op: string, arg: string): string {
    try {
      if (this.abort) return fail('Error', this.abort.message)
      switch (op) {
        case 'R':
          return loadedLibrary(arg)
        case 'R?':
          return libraryState(arg, this.libraries)
        case 'g': {
          const comma = arg.indexOf(',')
          const { value, stable, lasting } = this.registry.get(
            Number(arg.slice(0, comma)),
            arg.slice(comma + 1),
          )
          const answer = this.reply(value, stable)
          // '!': the guest may keep this member for the context's life (guest/core.ts node()).
          return lasting && (answer[0] === 'n' || answer === 'x' || answer === 'T') ? `!${answer}` : answer
        }
        case 'c': {
          const comma = arg.indexOf(',')
          const fn = this.registry.callable(Number(arg.slice(0, comma)))
          if (!fn) throw new TypeError('not a function')
          precheckOf(fn)?.()
          const raw = JSON.parse(arg.slice(comma + 1)) as unknown
          const hooks = this.hooks()
          const args = Array.isArray(raw) ? (raw as Encoded[]).map((item) => decode(item, hooks)) : []
          return this.reply(fn(...args))
        }
        case 'x':
          return this.reply(this.assertions.flush(JSON.parse(arg) as FlushRequest))
        case 'pr': {
          const list = JSON.parse(arg) as unknown[]
          const promise = this.guestPromises.get(Number(list[0]))
          this.guestPromises.delete(Number(list[0]))
          const info = (list[2] ?? { n: 'Error', m: 'rejected' }) as ErrorInfo
          promise?.settle(list[1] === true, list[1] === true ? undefined : toError(info))
          return ''
        }
        case 't':
          return Date.now() > this.deadline ? fail('Error', 'stopped') : ''
        case 'm':
          this.bufferBytes += Number(arg) || 0
          if (this.bufferBytes <= this.limits.memoryBytes) return ''
          this.stop('limit', messages.memory(this.limits))
          return fail('Error', messages.memory(this.limits))
        case 'J':
          // The guest's JSON.parse failed: newman's wording of why (json-error.ts).
          return jsonErrorMessage(arg[0] === 's' ? arg.slice(1) : undefined)
        case 'L':
          return LIB
        case 'X':
          return EXPECT_LIB
      }
      throw new TypeError(`Unknown sandbox call ${op}`)
    } catch (error) {
      return this.failure(error)
    }
  }

  /** A host value in the guest's answer format (see guest/core.ts). */
  reply(value: unknown, stable = false): string {
    if (value === undefined) return stable ? '~' : ''
    if (value instanceof AssertionRef) return `a${value.chain},${value.handle},${value.callable ? 1 : 0}`
    if (value instanceof GuestWait) return `w${value.id}`
    if (value instanceof JsonText) return `j${value.text}`
    if (value === EXPECT) return 'x'
    if (value === GUEST_TEST) return 'T'
    if (value === EXPECT_VIEW) return 'o'
    if (value === EXPECT_VIEW_NOT) return 'O'
    if (value !== null && (typeof value === 'object' || typeof value === 'function')) {
      if (isApi(value)) {
        const fn = typeof value === 'function'
        const node = `n${this.registry.ref(value)},${fn ? 1 : 0},${stable ? 1 : 0},${isPure(value) ? 1 : 0}`
        return RESPONSE_VIEWS.has(value) && this.response ? `${node},${viewValues(value)}` : node
      }
      stable = false
    }
    // A string as is: no JSON on either side. Not one with U+0000 or a surrogate: the answer
    // crosses as UTF-8 text ending at the first NUL, and a lone surrogate would not survive it.
    if (typeof value === 'string' && !stable && crossesAsText(value)) return `s${value}`
    const json = JSON.stringify(this.out(value))
    // '~': a primitive the guest may keep for the run (a perRun accessor's answer).
    return (stable ? '~' : '') + (json.includes('\\u0000t') ? 'v' : 'j') + json
  }

  out(value: unknown): Encoded {
    return encode(value, this.registry.hook)
  }

  private failure(error: unknown): string {
    if (error instanceof SecretWithheldError) this.stop('secret', error.message)
    else if (error instanceof ScriptAbort) this.stop(error.kind, error.message)
    if (this.abort) return fail('Error', this.abort.message)
    if (error instanceof chai.AssertionError) return fail('AssertionError', error.message)
    if (error instanceof GuestError)
      return 'e' + JSON.stringify({ n: error.name, m: error.message, x: error.extra })
    if (error instanceof Error) return fail(error.name, error.message)
    return fail('Error', String(error))
  }

  /** Stops the script; the sandbox's interrupt handler ends it even inside a guest try/catch. */
  stop(kind: ScriptErrorKind, message: string): void {
    this.abort ??= new ScriptAbort(kind, message)
    this.controller?.abort()
    this.wake?.()
  }

  /** Decode hooks with a fresh table (identity holds within one call); the functions are shared. */
  hooks(): DecodeHooks {
    return { table: [], fn: this.fnHook, node: this.nodeHook, promise: this.promiseHook }
  }

  private readonly fnHook = (id: number, name: string) => this.guestFunction(id, name)
  private readonly nodeHook = (id: number) => {
    const target = this.registry.lookup(id)
    // A response view stands for the response itself in `expect(pm.response)`.
    return target && RESPONSE_VIEWS.has(target) && this.response ? this.response : target
  }
  private readonly promiseHook = (id: number) => {
    const promise = new GuestPromise()
    this.guestPromises.set(id, promise)
    return promise
  }

  /** Host work the loop waits for; its outcome is handed over synchronously, then the loop wakes. */
  trackAsync<T>(work: Promise<T>, onValue: (value: T) => void, onError: (error: unknown) => void): void {
    const id = this.nextId++
    let live = true
    this.pending.set(id, () => (live = false))
    const finish = (fn: () => void) => {
      if (!live || !this.pending.delete(id)) return
      fn()
      this.wake?.()
    }
    work.then(
      (value) => finish(() => onValue(value)),
      (error: unknown) => finish(() => onError(error)),
    )
  }

  /** A host operation the guest awaits as a promise (tag `W`). */
  hostWait<T>(work: Promise<T>): GuestWait {
    const id = this.nextId++
    this.trackAsync(
      work,
      (value) => this.resolveWait(id, true, this.out(value)),
      (error) => {
        if (error instanceof SecretWithheldError) this.stop('secret', error.message)
        else if (error instanceof ScriptAbort) this.stop(error.kind, error.message)
        else
          this.resolveWait(
            id,
            false,
            errorPayload(error, (value) => this.out(value)),
          )
      },
    )
    return new GuestWait(id)
  }

  private resolveWait(id: number, ok: boolean, payload: Encoded): void {
    const text = (ok ? 'v' : 'e') + JSON.stringify(payload)
    this.queue(() => this.guest?.settle(id, ok, text))
  }

  /** Runs guest work on the next loop turn; a callback that throws fails the script. */
  queue(work: () => void): void {
    this.events.push(work)
    this.wake?.()
  }

  /** `quiet`: an error the callback throws does not fail the script (pm.sendRequest, as newman). */
  callLater(callback: unknown, args: unknown[], quiet = false): void {
    if (typeof callback === 'function') this.queue(() => this.invokeCallback(callback, args, quiet))
  }

  invokeCallback(callback: unknown, args: unknown[], quiet = false): void {
    if (typeof callback !== 'function') return
    try {
      ;(callback as (...args: unknown[]) => unknown)(...args)
    } catch (error) {
      if (!this.abort && !quiet) this.callbackError ??= describeError(error)
    }
  }

  /** Throws a catchable RangeError when the script already has `limits.timers` pending. */
  checkTimers(): void {
    if (this.timers >= this.limits.timers) throw new RangeError(messages.timers(this.limits))
  }

  timer(ms: number, fire: () => void): number {
    this.checkTimers()
    const id = this.nextId++
    this.timers++
    const handle = setTimeout(() => {
      if (!this.pending.delete(id)) return
      this.timers--
      this.queue(fire)
    }, ms)
    this.pending.set(id, () => {
      this.timers--
      clearTimeout(handle)
    })
    return id
  }

  cancel(id: number): void {
    const cancel = this.pending.get(id)
    this.pending.delete(id)
    cancel?.()
  }

  /** Resolves when guest work is queued, the run is stopped, or the deadline passes. */
  nextEvent(): Promise<void> {
    if (this.events.length > 0 || this.abort) return Promise.resolve()
    return new Promise((resolve) => {
      // While a request is in flight the deadline moves with the clock: wake at the cap instead.
      const until = this.inFlight > 0 ? this.started + this.limits.inFlightTimeMs : this.deadline
      const timer = setTimeout(done, Math.max(0, until - Date.now()))
      const signal = this.input.signal
      const onAbort = () => this.stop('cancelled', messages.cancelled)
      signal?.addEventListener('abort', onAbort)
      const wake = () => {
        this.wake = null
        clearTimeout(timer)
        signal?.removeEventListener('abort', onAbort)
        resolve()
      }
      function done() {
        wake()
      }
      this.wake = wake
    })
  }

  /** Ends everything still running: timers, requests in flight, handles. */
  close(): void {
    for (const cancel of this.pending.values()) cancel()
    this.pending.clear()
    this.events.length = 0
    // Only a request still on the wire needs stopping: aborting costs a DOMException and an event.
    if (this.inFlight > 0) this.controller?.abort()
    this.assertions.clear()
    this.registry.clear()
    this.stubs.clear()
    this.guest = null
  }

  private guestFunction(id: number, name: string): unknown {
    if (id < 0) return name === 'AssertionError' ? chai.AssertionError : Error
    let stub = this.stubs.get(id)
    if (!stub) {
      stub = (...args: unknown[]) => {
        const guest = this.guest
        if (!guest) throw new Error('The script has ended')
        const out = guest.invoke(id, this.reply(args))
        const payload = JSON.parse(out.slice(1)) as Encoded
        if (out[0] === 'v') return decode(payload, this.hooks())
        if (this.testDepth > 0 && Date.now() > this.deadline) this.timedOutInTest = true
        throw toError(payload as unknown as ErrorInfo)
      }
      Object.defineProperty(stub, 'name', { value: name })
      this.stubs.set(id, stub)
    }
    return stub
  }

  error(origin: string): ScriptError | null {
    return this.abort ? { kind: this.abort.kind, message: this.abort.message, origin } : null
  }
}
