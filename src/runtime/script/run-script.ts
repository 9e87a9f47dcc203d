/**
 * Runs one script, in the sandbox's resident context when it is an ordinary script (else in a
 * fresh one): evaluate, then drive host work (sendRequest, sleep,
 * timers, callbacks) until the script, its callbacks and its awaited tests have all finished, or
 * until it is stopped. Decides why it stopped: the user's error, a limit, or a sandbox failure.
 */
import type { QuickJSHandle } from 'quickjs-emscripten'
import type { ScriptError, ScriptSource } from './types.ts'
import { messages } from './errors.ts'
import type { GuestContext, Sandbox } from './sandbox.ts'
import { needsFreshContext } from './fresh-context.ts'
import type { ErrorInfo, ScriptRun } from './run-state.ts'

export interface ScriptOutcome {
  error: ScriptError | null
  testsTimedOut: boolean
}

const MAIN_PENDING = 0
const MAIN_ERROR = 2

export async function runScript(
  sandbox: Sandbox,
  source: ScriptSource,
  run: ScriptRun,
): Promise<ScriptOutcome> {
  const guest = sandbox.take(!needsFreshContext(source.code))
  sandbox.interrupted = false
  guest.run = run
  run.guest = {
    invoke: (id, json) => enter(sandbox, run, () => invoke(guest, id, json)),
    settle: (id, ok, json) => enter(sandbox, run, () => settle(guest, id, ok, json)),
    drainTests: () => drainTests(guest, run),
  }
  sandbox.namespaces.bind(run)
  let thrown: ErrorInfo | null = null
  let outOfMemory = false
  try {
    run.deadline = Date.now() + run.timeLimit
    if (run.input.signal?.aborted) run.stop('cancelled', messages.cancelled)
    run.registry.setRoots(sandbox.namespaces)
    callString(guest, guest.begin, run.input.phase === 'pre-request' ? 'pre' : 'post')
    const result = enter(sandbox, run, () => exec(guest, source.code, /\bawait\b/.test(source.code)))
    if (result.error) {
      thrown = describe(sandbox, run, guest, result.error)
      result.error.dispose()
    } else {
      result.value.dispose()
    }
    while (thrown === null && !run.abort) {
      const jobs = enter(sandbox, run, () => sandbox.quickjsRuntime.executePendingJobs())
      if (jobs.error) {
        thrown = describe(sandbox, run, guest, jobs.error)
        jobs.error.dispose()
        break
      }
      if (Date.now() > run.deadline) break
      const err = readString(guest, 'err')
      if (err !== '') thrown = JSON.parse(err) as ErrorInfo
      else if (run.callbackError) thrown = run.callbackError
      if (thrown !== null || readNumber(guest, 'main') === MAIN_ERROR) break
      if (run.events.length === 0) {
        // Nothing left that could make progress: finished, or waiting for a promise that never settles.
        if (run.pending.size === 0) break
        await run.nextEvent()
      }
      for (const work of run.events.splice(0)) {
        enter(sandbox, run, work)
        if (run.abort) break
      }
    }
    outOfMemory = thrown !== null && /out of memory/i.test(thrown.m)
    return classify(run, source, thrown, guest)
  } catch (error) {
    // An exception out of the wasm code itself: the instance cannot be trusted any more.
    sandbox.poisoned = true
    if (error instanceof RangeError && /call stack/i.test(error.message)) {
      return {
        error: { kind: 'limit', message: messages.stack, origin: source.origin },
        testsTimedOut: false,
      }
    }
    return {
      error: { kind: 'sandbox', message: messages.sandbox(String(error)), origin: source.origin },
      testsTimedOut: false,
    }
  } finally {
    // The resident context is kept only after an ordinary end: nothing stopped, nothing left
    // waiting (a suspended async function or test), no job queued.
    const clean = !sandbox.poisoned && !outOfMemory && endedCleanly(sandbox, run, guest, thrown !== null)
    if (!sandbox.poisoned) drainTests(guest, run)
    sandbox.namespaces.bind(null)
    run.close()
    if (!sandbox.poisoned) {
      try {
        sandbox.release(guest, clean)
      } catch {
        sandbox.poisoned = true
      }
      // After running out of memory the runtime is not trusted either; a new one is cheap.
      if (outOfMemory && !sandbox.poisoned) sandbox.abandonRuntime()
      // Jobs of a stopped script stay queued on the runtime: they must never run in the next one.
      else if (!sandbox.poisoned && sandbox.hasPendingJobs()) sandbox.recycle()
    }
  }
}

/** Whether the resident context may serve the next script (it is reset first). */
function endedCleanly(sandbox: Sandbox, run: ScriptRun, guest: GuestContext, threw: boolean): boolean {
  if (run.abort || sandbox.interrupted || Date.now() > run.deadline) return false
  if (run.unfinished.size > 0 || run.pending.size > 0) return false
  try {
    if (sandbox.hasPendingJobs()) return false
    return threw || readNumber(guest, 'main') !== MAIN_PENDING
  } catch {
    return false
  }
}

function classify(
  run: ScriptRun,
  source: ScriptSource,
  thrown: ErrorInfo | null,
  guest: GuestContext,
): ScriptOutcome {
  const origin = source.origin
  const inTest = run.timedOutInTest || run.testDepth > 0 || run.unfinished.size > 0 || guestInTest(guest)
  if (run.abort) return { error: run.error(origin), testsTimedOut: false }
  if (Date.now() > run.deadline) {
    return {
      error: { kind: 'timeout', message: messages.timeout(run.timeLimit), origin },
      testsTimedOut: inTest,
    }
  }
  if (thrown) {
    if (/out of memory/i.test(thrown.m)) {
      return { error: { kind: 'limit', message: messages.memory(run.limits), origin }, testsTimedOut: false }
    }
    if (/stack overflow|call stack size/i.test(thrown.m)) {
      return { error: { kind: 'limit', message: messages.stack, origin }, testsTimedOut: false }
    }
    const message = thrown.n === '' ? thrown.m : `${thrown.n}: ${thrown.m}`
    return { error: { kind: 'script', message, origin }, testsTimedOut: false }
  }
  if (run.unfinished.size > 0) return { error: null, testsTimedOut: true }
  if (readNumber(guest, 'main') === MAIN_PENDING) {
    return { error: { kind: 'timeout', message: messages.neverFinished, origin }, testsTimedOut: false }
  }
  return { error: null, testsTimedOut: false }
}

/** Runs guest code with this run's deadline in force. */
function enter<T>(sandbox: Sandbox, run: ScriptRun, fn: () => T): T {
  const previous = sandbox.current
  sandbox.current = run
  try {
    return fn()
  } finally {
    sandbox.current = previous
  }
}

function describe(sandbox: Sandbox, run: ScriptRun, guest: GuestContext, error: QuickJSHandle): ErrorInfo {
  const { ctx } = guest
  if (run.abort || Date.now() > run.deadline) return { n: 'Error', m: 'stopped' }
  const result = enter(sandbox, run, () => ctx.callFunction(guest.info, ctx.undefined, error))
  if (result.error) {
    // Describing the error failed too: the usual cause is a context out of memory.
    result.error.dispose()
    return { n: 'InternalError', m: 'out of memory' }
  }
  const text = ctx.getString(result.value)
  result.value.dispose()
  return JSON.parse(text) as ErrorInfo
}

function exec(guest: GuestContext, code: string, wrapped: boolean) {
  const { ctx } = guest
  const text = ctx.newString(code)
  const result = ctx.callFunction(guest.exec, ctx.undefined, text, wrapped ? ctx.true : ctx.false)
  text.dispose()
  return result
}

function callString(guest: GuestContext, fn: QuickJSHandle, text: string): void {
  const arg = guest.ctx.newString(text)
  const result = guest.ctx.callFunction(fn, guest.ctx.undefined, arg)
  arg.dispose()
  guest.ctx.unwrapResult(result).dispose()
}

function settle(guest: GuestContext, id: number, ok: boolean, json: string): void {
  const { ctx } = guest
  const idHandle = ctx.newNumber(id)
  const jsonHandle = ctx.newString(json)
  const result = ctx.callFunction(
    guest.settle,
    ctx.undefined,
    idHandle,
    ok ? ctx.true : ctx.false,
    jsonHandle,
  )
  idHandle.dispose()
  jsonHandle.dispose()
  if (result.error) result.error.dispose()
  else result.value.dispose()
}

function invoke(guest: GuestContext, id: number, json: string): string {
  const { ctx } = guest
  const idHandle = ctx.newNumber(id)
  const jsonHandle = ctx.newString(json)
  const result = ctx.callFunction(guest.invoke, ctx.undefined, idHandle, jsonHandle)
  idHandle.dispose()
  jsonHandle.dispose()
  if (result.error) {
    result.error.dispose()
    return 'e{"n":"Error","m":"stopped"}'
  }
  const text = ctx.getString(result.value)
  result.value.dispose()
  return text
}

/** Results of tests the guest ran (guest/core.ts `test`), appended to the run's in order. */
function drainTests(guest: GuestContext, run: ScriptRun): void {
  let text: string
  try {
    text = readString(guest, 'tr')
    if (text === '') return
    const empty = guest.ctx.newString('')
    guest.ctx.setProp(guest.st, 'tr', empty)
    empty.dispose()
  } catch {
    // A context out of memory: the results it kept are lost with it.
    return
  }
  for (const [name, error] of JSON.parse(`[${text}]`) as [string, string | null][]) {
    run.tests.push({
      name: String(name),
      passed: error === null,
      error: error === null ? null : String(error),
    })
  }
}

/** Whether a guest-run test was still running when the script stopped. */
function guestInTest(guest: GuestContext): boolean {
  try {
    return readNumber(guest, 'intest') > 0
  } catch {
    return false
  }
}

function readNumber(guest: GuestContext, name: string): number {
  const handle = guest.ctx.getProp(guest.st, name)
  const value = guest.ctx.getNumber(handle)
  handle.dispose()
  return value
}

function readString(guest: GuestContext, name: string): string {
  const handle = guest.ctx.getProp(guest.st, name)
  const value = guest.ctx.getString(handle)
  handle.dispose()
  return value
}
