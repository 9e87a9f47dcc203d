/**
 * The page's ScriptRunner: runs scripts in the script worker (worker.ts) over postMessage.
 * Variables go in as a snapshot; session and single-send values set by the script are applied
 * back to the caller's VariableContext; sendRequest calls run on the page's transport.
 */
import type { ScriptRunInput, ScriptRunner, ScriptRunResult } from './types.ts'
import type { FromWorker, ToWorker } from './worker-protocol.ts'

export class WorkerScriptRunner implements ScriptRunner {
  private nextId = 1
  private readonly pending = new Map<number, (message: FromWorker) => void>()

  constructor(private readonly worker: Worker) {
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) =>
      this.pending.get(event.data.id)?.(event.data),
    )
  }

  run(input: ScriptRunInput): Promise<ScriptRunResult> {
    const id = this.nextId++
    const post = (message: ToWorker) => this.worker.postMessage(message)
    const controller = new AbortController()
    const onAbort = () => {
      controller.abort()
      post({ type: 'abort', id })
    }
    input.signal?.addEventListener('abort', onAbort, { once: true })
    return new Promise((resolve) => {
      this.pending.set(id, (message) => {
        if (message.type === 'send') {
          input.sendRequest(message.request, controller.signal).then(
            (response) => {
              const { bodyStream: _stream, ...plain } = response
              post({ type: 'sent', id, call: message.call, response: plain })
            },
            (error: unknown) =>
              post({
                type: 'sent',
                id,
                call: message.call,
                error:
                  error instanceof Error
                    ? { name: error.name, message: error.message }
                    : { name: 'Error', message: String(error) },
              }),
          )
          return
        }
        this.pending.delete(id)
        input.signal?.removeEventListener('abort', onAbort)
        const { variables } = input
        variables.session.clear()
        for (const [key, value] of message.session) variables.session.set(key, value)
        variables.singleSend.clear()
        for (const [key, value] of message.singleSend) variables.singleSend.set(key, value)
        resolve(message.result)
      })
      const { variables, sendRequest: _send, signal: _signal, ...rest } = input
      post({
        type: 'run',
        id,
        input: {
          ...rest,
          variables: {
            layers: variables.layers,
            session: [...variables.session],
            singleSend: [...variables.singleSend],
          },
        },
      })
    })
  }

  dispose(): void {
    this.worker.terminate()
    this.pending.clear()
  }
}

/** The worker as Vite bundles it. */
export function createWorkerScriptRunner(): WorkerScriptRunner {
  return new WorkerScriptRunner(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }))
}
