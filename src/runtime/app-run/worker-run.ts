/**
 * The script worker's side of an app collection run (loaded by ../script/worker.ts on the first
 * run): the whole run loop here, next to the script runtime, so a request's scripts, its build and
 * its send never cross to the page. Requests go to the relay with the worker's own fetch (or
 * straight to the server in direct mode, bound by the same CORS rules as the page); the page gets
 * batches of rows, new OAuth tokens to keep, and asks for nothing but Stop and file rows' bytes.
 */
import type { FormDataRow } from '../../model/types.ts'
import type { ScriptRunner } from '../script/types.ts'
import { createDirectTransport } from '../transport/direct.ts'
import { createRelayTransport } from '../transport/relay.ts'
import { executeAppRun } from './execute.ts'
import { runOnRelay } from './relay-run.ts'
import type { OAuthToken } from '../../model/workspace/types.ts'
import type { AppRunBatch, AppRunFromWorker, AppRunToWorker } from './types.ts'

interface Running {
  controller: AbortController
  reads: Map<number, { resolve: (bytes: Uint8Array) => void; reject: (error: Error) => void }>
}

const runs = new Map<number, Running>()

export function onAppRunMessage(
  message: AppRunToWorker,
  scripts: () => Promise<ScriptRunner>,
  post: (message: AppRunFromWorker) => void,
): void {
  if (message.type === 'app-run') void start(message, scripts, post)
  else if (message.type === 'app-run-stop') runs.get(message.id)?.controller.abort()
  else {
    const read = runs.get(message.id)?.reads.get(message.call)
    runs.get(message.id)?.reads.delete(message.call)
    if (message.bytes) read?.resolve(message.bytes)
    else read?.reject(new Error(message.error ?? 'the file could not be read'))
  }
}

async function start(
  message: Extract<AppRunToWorker, { type: 'app-run' }>,
  scripts: () => Promise<ScriptRunner>,
  post: (message: AppRunFromWorker) => void,
): Promise<void> {
  const { id, spec } = message
  const running: Running = { controller: new AbortController(), reads: new Map() }
  runs.set(id, running)
  let nextCall = 1
  const transport = spec.relay
    ? createRelayTransport({ baseUrl: spec.relay.url.replace(/\/relay$/, ''), token: spec.relay.token })
    : createDirectTransport()
  const handlers = {
    onBatch: (batch: AppRunBatch) => post({ type: 'app-run-batch', id, batch }),
    onToken: (owner: string, token: OAuthToken) => post({ type: 'app-run-token', id, owner, token }),
    readFile: (row: FormDataRow) =>
      new Promise<Uint8Array>((resolve, reject) => {
        const call = nextCall++
        running.reads.set(call, { resolve, reject })
        post({ type: 'app-run-read', id, call, row })
      }),
  }
  const signal = running.controller.signal
  try {
    // Through a relay the whole run goes to it; only a relay that takes no runs leaves it here.
    const result =
      (spec.relay && (await runOnRelay(spec, spec.relay, handlers, signal))) ||
      (await executeAppRun(spec, { transport, scripts: await scripts(), signal, handlers }))
    post({ type: 'app-run-end', id, ...result })
  } catch (error) {
    // Only the script runtime's start can get here (executeAppRun itself never throws).
    const progress = { iteration: 1, iterations: 1, request: 0, requests: 0, passed: 0, failed: 0 }
    post({ type: 'app-run-end', id, batch: { rows: [], progress }, error: String(error) })
  } finally {
    runs.delete(id)
  }
}
