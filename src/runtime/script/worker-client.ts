/**
 * The page's ScriptRunner: hands each run to the script worker and answers its `sendRequest`
 * calls with the page's transport. Variables go over as layers and values; the session and
 * single-send values the scripts leave are written back into the caller's VariableContext.
 */
import type { WireResponse } from '../../model/wire.ts'
import { TransportError } from '../transport/types.ts'
import type { ScriptRunInput, ScriptRunner, ScriptRunResult } from './types.ts'
import type { FromWorker, ToWorker } from './worker-protocol.ts'

interface PendingRun {
  input: ScriptRunInput
  resolve: (result: ScriptRunResult) => void
  reject: (error: Error) => void
}

export class WorkerScriptRunner implements ScriptRunner {
  private readonly runs = new Map<number, PendingRun>()
  private nextId = 1
  private readyPromise: Promise<void>

  constructor(private readonly worker: Worker) {
    let ready = () => {}
    this.readyPromise = new Promise<void>((resolve) => (ready = resolve))
    worker.onmessage = (event: MessageEvent<FromWorker>) => this.receive(event.data, ready)
    this.post({ type: 'warm' })
  }

  /** Resolves once QuickJS is compiled and warmed inside the worker. */
  ready(): Promise<void> {
    return this.readyPromise
  }

  run(input: ScriptRunInput): Promise<ScriptRunResult> {
    const id = this.nextId++
    const { variables, sendRequest: _send, signal, ...rest } = input
    return new Promise<ScriptRunResult>((resolve, reject) => {
      this.runs.set(id, { input, resolve, reject })
      signal?.addEventListener('abort', () => this.post({ type: 'cancel', id }), { once: true })
      this.post({
        type: 'run',
        id,
        input: {
          ...rest,
          layers: variables.layers,
          session: [...variables.session],
          singleSend: [...variables.singleSend],
        },
      })
    })
  }

  private receive(message: FromWorker, ready: () => void): void {
    if (message.type === 'ready') return ready()
    const pending = this.runs.get(message.id)
    if (!pending) return
    switch (message.type) {
      case 'send':
        void this.forward(message.id, message.call, pending.input, message.request)
        break
      case 'done': {
        this.runs.delete(message.id)
        const { variables } = pending.input
        variables.session.clear()
        for (const [key, value] of message.session) variables.session.set(key, value)
        variables.singleSend.clear()
        for (const [key, value] of message.singleSend) variables.singleSend.set(key, value)
        pending.resolve(message.result)
        break
      }
      case 'crashed':
        this.runs.delete(message.id)
        pending.reject(new Error(message.message))
        break
    }
  }

  private async forward(
    id: number,
    call: number,
    input: ScriptRunInput,
    request: Parameters<ScriptRunInput['sendRequest']>[0],
  ) {
    const signal = input.signal ?? new AbortController().signal
    try {
      const response = await input.sendRequest(request, signal)
      const { bodyStream: _stream, ...plain } = response
      const body = plain.body
      this.post({ type: 'sent', id, call, response: plain as WireResponse }, [body.buffer as ArrayBuffer])
    } catch (error) {
      const code = error instanceof TransportError ? error.code : 'other'
      this.post({ type: 'send-failed', id, call, message: (error as Error).message, code })
    }
  }

  private post(message: ToWorker, transfer: Transferable[] = []): void {
    this.worker.postMessage(message, transfer)
  }

  dispose(): void {
    this.worker.terminate()
    for (const pending of this.runs.values()) pending.reject(new Error('The script worker was stopped'))
    this.runs.clear()
  }
}

/** The app's runner; the worker starts (and warms) as soon as this is called. */
export function createWorkerScriptRunner(): WorkerScriptRunner {
  return new WorkerScriptRunner(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }))
}
