/**
 * What a script asks of the collection run: Postman's `pm.execution.setNextRequest` /
 * `postman.setNextRequest` / `pm.execution.skipRequest` and Bruno's `bru.runner.*`. Kept on the
 * phase's change log; the pipeline hands it to the runner (run-collection.ts), which acts on it.
 */
import type { ScriptRun } from '../run-state.ts'

/** newman: a name or id runs that request next; null stops the run after this request. */
export function setNextRequest(run: ScriptRun, next: unknown): void {
  if (next === undefined) return
  run.changes.flow.nextRequest = next === null ? null : String(next)
}

/** Bruno: the run stops after this request (every iteration left included). */
export function stopExecution(run: ScriptRun): void {
  run.changes.flow.stop = true
}

/** newman: only a pre-request script can skip its request (elsewhere the function is missing). */
export function skipRequest(run: ScriptRun, name: string): void {
  if (run.input.phase !== 'pre-request') throw new TypeError(`${name} is not a function`)
  run.changes.flow.skip = true
}
