/** sendRequest for both namespaces: pre-request only, at most N calls, through the pipeline's Transport. */
import { SecretWithheldError } from '../../../model/variables.ts'
import type { ScriptRun } from '../run-state.ts'
import { messages, ScriptAbort } from '../errors.ts'
import {
  fromWireResponse,
  toWireRequest,
  type ScriptHttpRequest,
  type ScriptHttpResponse,
} from './send-request.ts'

const counts = new WeakMap<ScriptRun, number>()

/** Checks the limits now (they stop the script); the request itself runs while the loop waits. */
export function sendFromScript(
  run: ScriptRun,
  request: ScriptHttpRequest,
  onResponse: (response: ScriptHttpResponse) => void,
  onError: (error: unknown) => void,
): void {
  if (run.input.phase !== 'pre-request')
    throw new ScriptAbort('unsupported', messages.notInThisContext('sendRequest'))
  const count = (counts.get(run) ?? 0) + 1
  counts.set(run, count)
  if (count > run.limits.sendRequests) throw new ScriptAbort('limit', messages.sendRequests(run.limits))
  let work: Promise<ScriptHttpResponse>
  try {
    const wire = toWireRequest(request, run.input.variables, run.input.defaultHeaders !== false)
    work = run.requestInFlight(run.input.sendRequest(wire, run.signal)).then(fromWireResponse)
  } catch (error) {
    // Naming a withheld secret stops the script (spec 5.3) rather than reaching its callback.
    if (error instanceof SecretWithheldError) throw error
    work = Promise.reject(error)
  }
  run.trackAsync(work, onResponse, onError)
}
