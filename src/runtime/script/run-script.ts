/**
 * Runs one script, in the sandbox's resident context when it is an ordinary script (else in a
 * fresh one): evaluate, then drive host work (sendRequest, sleep,
 * timers, callbacks) until the script, its callbacks and its awaited tests have all finished, or
 * until it is stopped. Decides why it stopped: the user's error, a limit, or a sandbox failure.
 */
import { loadFakerVariables, needsFaker } from '../../model/faker-variables.ts'
import type { QuickJSHandle } from 'quickjs-emscripten'
import type { ScriptError, ScriptSource } from './types.ts'
import { messages } from './errors.ts'
import type { GuestContext, Sandbox } from './sandbox.ts'
import { needsFreshContext } from './fresh-context.ts'
import { withLegacyPostman } from './guest/legacy-postman.ts'
import { v8Wording } from './v8-messages.ts'
import { withCallee } from './callee.ts'
import { withAccess } from './access-wording.ts'
import { librariesNamed, librarySet, loadLibraries } from './libraries/index.ts'
import { SUGAR_LIBRARY, SUGAR_PRELUDE } from './libraries/sugar.ts'
import type { ScriptRun } from './run-state.ts'
import type { ErrorInfo } from './guest-errors.ts'
import { exec, invoke, RESET_FAILED, settle } from './guest-calls.ts'

/** The text QuickJS compiled for a run's script (guest/core.ts exec): where callee positions point. */
const compiledText = new WeakMap<ScriptRun, string>()

export interface ScriptOutcome {
  error: ScriptError | null
  testsTimedOut: boolean
}

/** Promise jobs run per call before the loop checks the deadline, a stop and the memory again. */
const JOB_BATCH = 512
const MAIN_PENDING = 0
const MAIN_ERROR = 2

export async function runScript(
  sandbox: Sandbox,
  source: ScriptSource,
  run: ScriptRun,
): Promise<ScriptOutcome> {
  // `pm.variables.replaceIn('{{$randomEmail}}')`: faker is imported for a script that names one.
  if (needsFaker(source.code)) await loadFakerVariables()
  const libraries = librariesNamed(source.code)
  if (libraries.length > 0) await loadLibraries(libraries)
  run.libraries = librarySet(libraries)
  const reuse = !needsFreshContext(source.code)
  let guest = sandbox.take(reuse)
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
  let status: GuestStatus = { main: MAIN_PENDING, inTest: false, err: '' }
  /** The guest turn the last status read follows; a later turn may have run more tests. */
  let statusAt = -1
  try {
    run.begin()
    if (run.input.signal?.aborted) run.stop('cancelled', messages.cancelled)
    run.registry.setRoots(sandbox.namespaces)
    const phase = run.input.phase === 'pre-request' ? 'pre' : 'post'
    const code = withLegacyPostman(
      run.libraries.has(SUGAR_LIBRARY) ? SUGAR_PRELUDE + source.code : source.code,
      run.input.phase,
    )
    const wrapped = /\bawait\b/.test(code)
    compiledText.set(run, `(${wrapped ? 'async function () {' : 'function () {'}${code}\n})`)
    const runKey = run.input.runKey ?? ''
    const result = enter(sandbox, run, () => {
      const answer = exec(sandbox, guest, code, wrapped, phase, runKey)
      if (answer.text !== RESET_FAILED) return answer
      // The previous script left the resident context unfit for another: this one gets a new one.
      sandbox.discard(guest)
      guest = sandbox.take(reuse)
      guest.run = run
      return exec(sandbox, guest, code, wrapped, phase, runKey)
    })
    if (result.error) {
      thrown = describe(sandbox, run, guest, result.error)
      result.error.dispose()
      // Tests that ran before the throw; a context out of memory may not answer.
      status = tryReadStatus(guest, run) ?? status
    } else status = applyStatus(result.text, run)
    statusAt = run.guestTurns
    while (thrown === null && !run.abort) {
      // A script that finished in its first turn (the usual case) has no jobs and nothing pending.
      if (sandbox.hasPendingJobs()) {
        // In batches: a job that queues two more never lets one call end (the interrupt handler
        // stops a job, not the queue), so the deadline and the stop are checked between batches.
        const jobs = enter(sandbox, run, () => sandbox.quickjsRuntime.executePendingJobs(JOB_BATCH))
        if (jobs.error) {
          thrown = describe(sandbox, run, guest, jobs.error)
          jobs.error.dispose()
          status = tryReadStatus(guest, run) ?? status
          break
        }
        status = readStatus(guest, run)
        statusAt = run.guestTurns
      }
      if (Date.now() > run.deadline) break
      if (status.err !== '') thrown = JSON.parse(status.err) as ErrorInfo
      else if (run.callbackError) thrown = run.callbackError
      if (thrown !== null || status.main === MAIN_ERROR) break
      if (run.events.length === 0 && !sandbox.hasPendingJobs()) {
        // Nothing left that could make progress: finished, or waiting for a promise that never settles.
        if (run.pending.size === 0) break
        await run.nextEvent()
      }
      const events = run.events.splice(0)
      for (const work of events) {
        enter(sandbox, run, work)
        if (run.abort) break
      }
      if (events.length > 0 && !run.abort) {
        status = readStatus(guest, run)
        statusAt = run.guestTurns
      }
    }
    outOfMemory = thrown !== null && /out of memory/i.test(thrown.m)
    return classify(run, source, thrown, status)
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
    const clean = !sandbox.poisoned && !outOfMemory && endedCleanly(sandbox, run, status, thrown !== null)
    if (!sandbox.poisoned && statusAt !== run.guestTurns) drainTests(guest, run)
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
function endedCleanly(sandbox: Sandbox, run: ScriptRun, status: GuestStatus, threw: boolean): boolean {
  if (run.abort || sandbox.interrupted || Date.now() > run.deadline) return false
  if (run.unfinished.size > 0 || run.pending.size > 0) return false
  try {
    if (sandbox.hasPendingJobs()) return false
    return threw || status.main !== MAIN_PENDING
  } catch {
    return false
  }
}

function classify(
  run: ScriptRun,
  source: ScriptSource,
  thrown: ErrorInfo | null,
  status: GuestStatus,
): ScriptOutcome {
  const origin = source.origin
  const inTest = run.timedOutInTest || run.testDepth > 0 || run.unfinished.size > 0 || status.inTest
  if (run.abort) return { error: run.error(origin), testsTimedOut: false }
  if (Date.now() > run.deadline) {
    return {
      error: { kind: 'timeout', message: run.timeoutMessage(), origin },
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
    const worded = v8Error(thrown.n === '' ? thrown.m : `${thrown.n}: ${thrown.m}`, compiledText.get(run))
    return { error: { kind: 'script', origin, ...worded }, testsTimedOut: false }
  }
  if (run.unfinished.size > 0) return { error: null, testsTimedOut: true }
  if (status.main === MAIN_PENDING) {
    return { error: { kind: 'timeout', message: messages.neverFinished, origin }, testsTimedOut: false }
  }
  return { error: null, testsTimedOut: false }
}

/** Runs guest code with this run's deadline in force. */
function enter<T>(sandbox: Sandbox, run: ScriptRun, fn: () => T): T {
  const previous = sandbox.current
  sandbox.current = run
  run.guestTurns++
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

/** What the host needs of the guest's run state (guest/core.ts `st`). */
interface GuestStatus {
  main: number
  /** A guest-run test was still running (the script was stopped inside it). */
  inTest: boolean
  err: string
}

/**
 * Reads the guest's run state in one call; the results of tests the guest ran since the last
 * read (guest/core.ts `test`) are appended to the run's, in order.
 */
function readStatus(guest: GuestContext, run: ScriptRun): GuestStatus {
  const { ctx } = guest
  const result = ctx.callFunction(guest.status, ctx.undefined)
  if (result.error) {
    result.error.dispose()
    throw new Error('The sandbox did not answer with its state')
  }
  const text = ctx.getString(result.value)
  result.value.dispose()
  return applyStatus(text, run)
}

function tryReadStatus(guest: GuestContext, run: ScriptRun): GuestStatus | null {
  try {
    return readStatus(guest, run)
  } catch {
    // A context out of memory: the results it kept are lost with it.
    return null
  }
}

function applyStatus(text: string, run: ScriptRun): GuestStatus {
  const [main = '0', inTest = '0', err = '', tests = ''] = text.split('\u0001')
  if (tests !== '') {
    for (const [name, error] of JSON.parse(`[${tests}]`) as [string, string | null][]) {
      if (error === null) run.tests.push({ name: String(name), passed: true, error: null })
      else {
        const worded = v8Error(String(error), compiledText.get(run))
        run.tests.push({
          name: String(name),
          passed: false,
          error: worded.message,
          ...(worded.cause === undefined ? {} : { cause: worded.cause }),
        })
      }
    }
  }
  return { main: Number(main), inTest: Number(inTest) > 0, err }
}

/** Moves the results of tests run in the guest so far into the run's. */
function drainTests(guest: GuestContext, run: ScriptRun): void {
  tryReadStatus(guest, run)
}

/**
 * V8's (and so newman's) wording of a guest error for the common kinds (v8-messages.ts,
 * access-wording.ts, callee.ts), with QuickJS's own text kept as `cause` when it was reworded.
 */
function v8Error(raw: string, compiled: string | undefined): { message: string; cause?: string } {
  const message = withCallee(withAccess(v8Wording(raw), compiled), compiled)
  const original = raw.replace(/\u0002\d+:\d+/g, '')
  return message === original ? { message } : { message, cause: original }
}
