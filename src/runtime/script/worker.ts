/**
 * The script worker: one long-lived Web Worker running the same QuickJS core as Node. The page
 * talks to it through worker-client.ts. Nothing here touches the page's storage; its only
 * network use is the hand-off (hand-off.ts): the built request goes to the page's relay.
 */
import type { RequestChanges } from '../../model/request-changes.ts'
import { VariableContext } from '../../model/variables.ts'
import type { AppRunFromWorker, AppRunToWorker } from '../app-run/types.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import { buildHandedOffWithView, relayInit, warmUpBuild, type HandOff } from './hand-off.ts'
import { createScriptRunner } from './quickjs-module.web.ts'
import {
  errorFromShape,
  errorShape,
  type FromWorker,
  type ToWorker,
  type WorkerHandedOff,
} from './worker-protocol.ts'
import type { QuickJSScriptRunner } from './quickjs-runner.ts'

declare const self: DedicatedWorkerGlobalScope

let runner: Promise<QuickJSScriptRunner> | undefined
const runs = new Map<
  number,
  { controller: AbortController; calls: Map<number, (message: Extract<ToWorker, { type: 'sent' }>) => void> }
>()
let nextCall = 1
let buildWarm: Promise<unknown> | undefined

const post = (message: FromWorker | AppRunFromWorker) => self.postMessage(message)
const scriptRunner = () => (runner ??= createScriptRunner({ residentWhenIdle: true }))
/** A collection run's loop (../app-run/), loaded with the first run. */
let appRun: Promise<typeof import('../app-run/worker-run.ts')> | undefined

self.onmessage = (event: MessageEvent<ToWorker | AppRunToWorker>) => {
  const message = event.data
  if (message.type === 'abort') runs.get(message.id)?.controller.abort()
  else if (message.type === 'sent') runs.get(message.id)?.calls.get(message.call)?.(message)
  else if (message.type === 'run') void run(message)
  else {
    appRun ??= import('../app-run/worker-run.ts')
    appRun.then(
      (m) => m.onAppRunMessage(message, scriptRunner, post),
      (error: unknown) => {
        if (message.type !== 'app-run') return
        const progress = { iteration: 1, iterations: 1, request: 0, requests: 0, passed: 0, failed: 0 }
        post({ type: 'app-run-end', id: message.id, batch: { rows: [], progress }, error: String(error) })
      },
    )
  }
}

async function run(message: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  const { id, input, handOff } = message
  const now = () => performance.timeOrigin + performance.now()
  const timing: [number, number] = [now(), 0]
  /** A handed-off request keeps the run's abort wired until its response is through. */
  let sending = false
  const controller = new AbortController()
  const calls = new Map<number, (message: Extract<ToWorker, { type: 'sent' }>) => void>()
  runs.set(id, { controller, calls })
  const variables = new VariableContext(input.variables.layers, new Map(input.variables.session))
  for (const [key, value] of input.variables.singleSend) variables.singleSend.set(key, value)
  try {
    const result = await (
      await scriptRunner()
    ).run({
      ...input,
      variables,
      signal: controller.signal,
      sendRequest: (request, signal) =>
        new Promise<WireResponse>((resolve, reject) => {
          const call = nextCall++
          const onAbort = () => reject(new DOMException('Aborted', 'AbortError'))
          signal.addEventListener('abort', onAbort, { once: true })
          calls.set(call, (answer) => {
            calls.delete(call)
            signal.removeEventListener('abort', onAbort)
            if (answer.response) resolve(answer.response as WireResponse)
            else reject(errorFromShape(answer.error ?? { name: 'Error', message: 'Request failed' }))
          })
          post({ type: 'send', id, call, request })
        }),
    })
    timing[1] = now()
    const handedOff =
      handOff && !result.error && !result.flow?.skip
        ? await send(id, handOff, variables, result.changes, controller)
        : undefined
    sending = handedOff !== undefined && 'request' in handedOff
    post({
      type: 'result',
      id,
      result,
      session: [...variables.session],
      singleSend: [...variables.singleSend],
      ...(handedOff ? { handedOff } : {}),
      timing,
    })
  } catch (error) {
    post({
      type: 'result',
      id,
      result: {
        error: {
          kind: 'sandbox',
          message: `Script sandbox failure: ${String(error)}`,
          origin: input.scripts[0]?.origin ?? '',
        },
        tests: [],
        testsTimedOut: false,
        changes: { setHeaders: [], deleteHeaders: [] },
      },
      session: [...variables.session],
      singleSend: [...variables.singleSend],
      timing: [timing[0], now()],
    })
  } finally {
    if (!sending) runs.delete(id)
    // After the first run (the page's warm-up) has answered.
    buildWarm ??= new Promise((resolve) => setTimeout(resolve, 0)).then(warmUpBuild).catch(() => undefined)
  }
}

/** Builds the request and starts the relay call; the result goes to the page right after. */
async function send(
  id: number,
  handOff: HandOff,
  variables: VariableContext,
  changes: RequestChanges,
  controller: AbortController,
): Promise<WorkerHandedOff> {
  let request: WireRequest
  let view: WireRequest
  try {
    ;({ wire: request, view } = await buildHandedOffWithView(handOff, variables, changes))
  } catch (error) {
    return { buildError: errorShape(error).message }
  }
  const at = performance.timeOrigin + performance.now()
  fetch(handOff.relay.url, {
    ...relayInit(handOff.relay, request, handOff.options),
    signal: controller.signal,
  }).then(
    (response) => {
      post({
        type: 'relay-response',
        id,
        status: response.status,
        statusText: response.statusText,
        headers: [...response.headers],
        hasBody: response.body !== null,
      })
      if (response.body) void pump(id, response.body.getReader())
      else runs.delete(id)
    },
    (error: unknown) => {
      runs.delete(id)
      post({ type: 'relay-error', id, error: errorShape(error) })
    },
  )
  return view === request ? { request, at } : { request, view, at }
}

/**
 * The body goes on as it comes, each chunk's buffer transferred: no copy, and no round trip per
 * chunk (a transferred ReadableStream waits for the page to ask for each one). Cancel on the
 * page aborts the run, which ends the read here.
 */
async function pump(id: number, reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  try {
    for (;;) {
      const { done, value } = await reader.read()
      if (done) return post({ type: 'relay-chunk', id, end: true })
      self.postMessage({ type: 'relay-chunk', id, bytes: value } satisfies FromWorker, [value.buffer])
    }
  } catch (error) {
    post({ type: 'relay-chunk', id, error: errorShape(error) })
  } finally {
    runs.delete(id)
  }
}
