/**
 * The host's calls into a guest context (guest/core.ts): starting a script, with the script
 * texts the guest keeps compiled, and answering its callbacks and pending host work.
 */
import type { DirectAnswer } from './direct-calls.ts'
import type { GuestContext, Sandbox } from './sandbox.ts'
import { TextCache } from './text-cache.ts'

/** The guest's answer when the resident context could not be reset (guest/core.ts). */
export const RESET_FAILED = '\u0003'
/** The guest's answer when it keeps no compiled script under the id it was sent (guest/core.ts). */
const SOURCE_NEEDED = '\u0004'

/**
 * Per context, what the host knows of each script text it sent. A script keeps a compiled copy in
 * the guest from its second run on: a collection often has one script per request (its own
 * values written into the text), and those would push the shared scripts (the same tests for
 * every request) out of the guest's bounded cache. A later run of a kept text sends its id alone:
 * its characters are not copied into the wasm memory again, nor hashed by the guest for its
 * compiled-script lookup.
 */
interface SentSource {
  /** -1 until the second run; then the id it is kept under; NOT_KEPT when the guest never keeps it. */
  id: number
  /** The guest let it go once already (its cache is bounded) and it was sent again. */
  resent: boolean
}
const NOT_KEPT = -2
const sentSources = new WeakMap<GuestContext, TextCache<SentSource>>()
let nextSourceId = 0

/**
 * The one call that starts a script: its source (or the id it was sent under before), phase, run
 * key and whether the resident context needs its reset first travel as one string (the format is
 * guest/core.ts exec's), the status comes back as one string.
 */
export function exec(
  sandbox: Sandbox,
  guest: GuestContext,
  code: string,
  wrapped: boolean,
  phase: 'pre' | 'post',
  runKey: string,
): DirectAnswer {
  let sent = sentSources.get(guest)
  if (sent === undefined) sentSources.set(guest, (sent = new TextCache(256)))
  const key = runKey.replaceAll('\u0001', '')
  const head = `${wrapped ? 1 : 0}${phase === 'pre' ? 'p' : 'q'}${sandbox.takeReset(guest) ? 1 : 0}`
  const known = sent.get(code)
  if (known === undefined) {
    // First run: compiled and not kept ('' is an id the guest never keeps a script under).
    sent.set(code, { id: -1, resent: false })
    return handOver(guest, `${head}1${key}\u0001\u0002${code}`)
  }
  if (known.id === -1) {
    known.id = nextSourceId++
    return handOver(guest, `${head}1${key}\u0001${known.id}\u0002${code}`)
  }
  if (known.id === NOT_KEPT) return handOver(guest, `${head}1${key}\u0001\u0002${code}`)
  const answer = handOver(guest, `${head}0${key}\u0001${known.id}\u0002`)
  if (answer.text !== SOURCE_NEEDED) return answer
  // The guest let it go (its cache is bounded) or never kept it (a source that closes the wrapper
  // early): sent again to be kept, once; the second time, never again.
  const again = `${head.slice(0, 2)}01${key}\u0001`
  if (known.resent) {
    known.id = NOT_KEPT
    return handOver(guest, `${again}\u0002${code}`)
  }
  known.resent = true
  return handOver(guest, `${again}${known.id}\u0002${code}`)
}

function handOver(guest: GuestContext, text: string): DirectAnswer {
  if (guest.call) return guest.call(guest.exec, text)
  const { ctx } = guest
  const handle = ctx.newString(text)
  const result = ctx.callFunction(guest.exec, ctx.undefined, handle)
  handle.dispose()
  if (result.error) return { error: result.error }
  const answer = ctx.getString(result.value)
  result.value.dispose()
  return { text: answer }
}

export function settle(guest: GuestContext, id: number, ok: boolean, json: string): void {
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

export function invoke(guest: GuestContext, id: number, json: string): string {
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
