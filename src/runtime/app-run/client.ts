/**
 * The page's side of an app collection run: one message starts the run in the script worker
 * (worker-run.ts), batches of rows come back, Stop is one message. Without a worker the page runs
 * the same loop itself (execute.ts), with the page's transport and script runner.
 */
import type { ScriptRunner } from '../script/types.ts'
import type { RelayEndpoint } from '../transport/select.ts'
import type { Transport } from '../transport/types.ts'
import { executeAppRun, type AppRunResult } from './execute.ts'
import { runOnRelay } from './relay-run.ts'
import type { AppRunFromWorker, AppRunHandlers, AppRunSpec, AppRunToWorker } from './types.ts'

export interface AppRunControl {
  /** Settles when the run has ended (or broken off); never rejects. */
  done: Promise<AppRunResult>
  stop(): void
}

let nextId = 1

const isAppRun = (data: unknown): data is AppRunFromWorker =>
  typeof data === 'object' &&
  data !== null &&
  typeof (data as { type?: unknown }).type === 'string' &&
  (data as { type: string }).type.startsWith('app-run')

export function runInWorker(worker: Worker, spec: AppRunSpec, handlers: AppRunHandlers): AppRunControl {
  const id = nextId++
  const post = (message: AppRunToWorker, transfer: Transferable[] = []) =>
    worker.postMessage(message, transfer)
  let listen: (event: MessageEvent) => void = () => {}
  const done = new Promise<AppRunResult>((resolve) => {
    listen = (event: MessageEvent) => {
      const message: unknown = event.data
      if (!isAppRun(message) || message.id !== id) return
      if (message.type === 'app-run-batch') handlers.onBatch(message.batch)
      else if (message.type === 'app-run-token') handlers.onToken(message.owner, message.token)
      else if (message.type === 'app-run-read') {
        const { call } = message
        handlers.readFile(message.row).then(
          (bytes) => post({ type: 'app-run-file', id, call, bytes }),
          (error: unknown) => post({ type: 'app-run-file', id, call, error: String(error) }),
        )
      } else {
        worker.removeEventListener('message', listen)
        const { batch, end, error } = message
        resolve({ batch, ...(end ? { end } : {}), ...(error !== undefined ? { error } : {}) })
      }
    }
  })
  worker.addEventListener('message', listen)
  post({ type: 'app-run', id, spec })
  return { done, stop: () => post({ type: 'app-run-stop', id }) }
}

/** The same run on the page, for a script runner without a worker (through a relay: on the relay). */
export function runOnPage(
  spec: AppRunSpec,
  deps: { transport: Transport; scripts?: ScriptRunner; handOff?: RelayEndpoint },
  handlers: AppRunHandlers,
): AppRunControl {
  const controller = new AbortController()
  const signal = controller.signal
  const local = () => executeAppRun(spec, { ...deps, signal, handlers })
  const done = spec.relay
    ? runOnRelay(spec, spec.relay, handlers, signal).then((result) => result ?? local())
    : local()
  return { done, stop: () => controller.abort() }
}
