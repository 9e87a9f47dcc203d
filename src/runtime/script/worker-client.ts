/**
 * The page's ScriptRunner: runs scripts in the script worker (worker.ts) over postMessage.
 * Variables go in as a snapshot; session and single-send values set by the script are applied
 * back to the caller's VariableContext; sendRequest calls run on the page's transport. With a
 * hand-off (hand-off.ts) the worker sends the request too, and the relay's answer it passes on
 * is read here by the page's own relay transport.
 */
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import { createRelayTransport } from '../transport/relay.ts'
import type { HandedOff, HandOff } from './hand-off.ts'
import type { ScriptRunInput, ScriptRunner, ScriptRunResult } from './types.ts'
import { errorFromShape, errorShape, type FromWorker, type ToWorker } from './worker-protocol.ts'

type RelayAnswer =
  { type: 'relay-response'; response: Response } | Extract<FromWorker, { type: 'relay-error' }>

/** Only the latest run's, so a long session does not pile them up. */
function mark(name: string, startTime = performance.now()) {
  performance.clearMarks(name)
  performance.mark(name, { startTime: Math.max(0, startTime) })
}

/** Read by bench/send.ts: where a scripted send's time goes, on this page's clock. */
function marks([received, ran]: [number, number]) {
  mark('sendbox-script-received', received - performance.timeOrigin)
  mark('sendbox-script-ran', ran - performance.timeOrigin)
  mark('sendbox-script-replied')
}

export class WorkerScriptRunner implements ScriptRunner {
  private nextId = 1
  private readonly pending = new Map<number, (message: FromWorker) => void>()
  private readonly answers = new Map<number, (message: RelayAnswer) => void>()
  private readonly bodies = new Map<number, ReadableStreamDefaultController<Uint8Array>>()

  constructor(readonly worker: Worker) {
    worker.addEventListener('message', (event: MessageEvent<FromWorker>) => {
      const message = event.data
      if (message.type === 'relay-chunk') this.chunk(message)
      else if (message.type === 'relay-response' || message.type === 'relay-error') {
        const answer = this.answers.get(message.id)
        this.answers.delete(message.id)
        if (message.type === 'relay-error') answer?.(message)
        else if (!answer) worker.postMessage({ type: 'abort', id: message.id } satisfies ToWorker)
        else answer({ type: 'relay-response', response: this.response(message) })
      } else if (message.type === 'result' || message.type === 'send') this.pending.get(message.id)?.(message)
    })
  }

  /** The relay's answer as the page's relay transport reads it; the body fills as chunks come. */
  private response(message: Extract<FromWorker, { type: 'relay-response' }>): Response {
    const { id, status, statusText, headers } = message
    // A Response with these statuses may not have a body (the relay itself answers 200 or errors).
    const body =
      message.hasBody && ![204, 205, 304].includes(status)
        ? new ReadableStream<Uint8Array>({
            start: (controller) => void this.bodies.set(id, controller),
            cancel: () => {
              this.bodies.delete(id)
              this.worker.postMessage({ type: 'abort', id } satisfies ToWorker)
            },
          })
        : null
    return new Response(body, { status, statusText, headers })
  }

  private chunk(message: Extract<FromWorker, { type: 'relay-chunk' }>) {
    const body = this.bodies.get(message.id)
    if (!body) return
    if (message.bytes) return body.enqueue(message.bytes)
    this.bodies.delete(message.id)
    if (message.end) body.close()
    else body.error(errorFromShape(message.error ?? { name: 'Error', message: 'the relay call failed' }))
  }

  run(input: ScriptRunInput): Promise<ScriptRunResult> {
    return this.start(input)
  }

  runAndSend(
    input: ScriptRunInput,
    handOff: HandOff,
    onHead?: (response: WireResponse) => void,
  ): Promise<ScriptRunResult & { handedOff?: HandedOff }> {
    return this.start(input, handOff, onHead)
  }

  private start(
    input: ScriptRunInput,
    handOff?: HandOff,
    onHead?: (response: WireResponse) => void,
  ): Promise<ScriptRunResult & { handedOff?: HandedOff }> {
    const id = this.nextId++
    const post = (message: ToWorker) => this.worker.postMessage(message)
    const controller = new AbortController()
    const onAbort = () => {
      controller.abort()
      post({ type: 'abort', id })
    }
    input.signal?.addEventListener('abort', onAbort, { once: true })
    // Registered before the run starts: the relay's answer can come right behind the result.
    const answer = handOff ? new Promise<RelayAnswer>((resolve) => this.answers.set(id, resolve)) : undefined
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
                error: errorShape(error),
              }),
          )
          return
        }
        if (message.type !== 'result') return
        this.pending.delete(id)
        marks(message.timing)
        input.signal?.removeEventListener('abort', onAbort)
        const { variables } = input
        variables.session.clear()
        for (const [key, value] of message.session) variables.session.set(key, value)
        variables.singleSend.clear()
        for (const [key, value] of message.singleSend) variables.singleSend.set(key, value)
        const sent = message.handedOff
        if (!sent || !handOff || !answer) {
          this.answers.delete(id)
          return resolve(message.result)
        }
        if ('buildError' in sent) {
          this.answers.delete(id)
          return resolve({ ...message.result, handedOff: sent })
        }
        const response = this.readAnswer(id, answer, sent.request, handOff, input.signal, onHead)
        const at = Math.min(performance.now(), sent.at - performance.timeOrigin)
        resolve({ ...message.result, handedOff: { request: sent.request, view: sent.view, at, response } })
      })
      const { variables, sendRequest: _send, signal: _signal, ...rest } = input
      mark('sendbox-script-posted')
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
        ...(handOff ? { handOff } : {}),
      })
    })
  }

  /** The page's relay transport, reading the answer to the call the worker made. */
  private readAnswer(
    id: number,
    answer: Promise<RelayAnswer>,
    request: WireRequest,
    handOff: HandOff,
    signal: AbortSignal | undefined,
    onHead: ((response: WireResponse) => void) | undefined,
  ) {
    const started = async (): Promise<Response> => {
      const message = await answer
      if (message.type === 'relay-error') throw errorFromShape(message.error)
      return message.response
    }
    const relay = createRelayTransport({
      baseUrl: '',
      token: handOff.relay.token,
      fetch: (_url, init) => {
        // Cancel reaches the worker's call; its failure then comes back as the answer.
        const stop = () => this.worker.postMessage({ type: 'abort', id } satisfies ToWorker)
        if (init?.signal?.aborted) stop()
        else init?.signal?.addEventListener('abort', stop, { once: true })
        return started()
      },
    })
    // The body went with the worker's call: not encoded a second time here.
    return relay.send(
      { ...request, body: null },
      { ...handOff.options, signal, ...(onHead ? { onHead } : {}) },
    )
  }

  dispose(): void {
    this.worker.terminate()
    this.pending.clear()
    this.answers.clear()
    this.bodies.clear()
  }
}

/** The worker as Vite bundles it. */
export function createWorkerScriptRunner(): WorkerScriptRunner {
  return new WorkerScriptRunner(new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' }))
}
