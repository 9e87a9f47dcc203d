/**
 * The script worker: one long-lived Web Worker running the same QuickJS core as Node. The page
 * talks to it through worker-client.ts. Nothing here touches the page's network or storage.
 */
import { VariableContext } from '../../model/variables.ts'
import type { WireResponse } from '../../model/wire.ts'
import { createScriptRunner } from './quickjs-module.web.ts'
import type { FromWorker, ToWorker } from './worker-protocol.ts'
import type { QuickJSScriptRunner } from './quickjs-runner.ts'

declare const self: DedicatedWorkerGlobalScope

let runner: Promise<QuickJSScriptRunner> | undefined
const runs = new Map<
  number,
  { controller: AbortController; calls: Map<number, (message: Extract<ToWorker, { type: 'sent' }>) => void> }
>()
let nextCall = 1

const post = (message: FromWorker) => self.postMessage(message)

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data
  if (message.type === 'abort') runs.get(message.id)?.controller.abort()
  else if (message.type === 'sent') runs.get(message.id)?.calls.get(message.call)?.(message)
  else if (message.type === 'run') void run(message)
}

async function run(message: Extract<ToWorker, { type: 'run' }>): Promise<void> {
  const { id, input } = message
  const controller = new AbortController()
  const calls = new Map<number, (message: Extract<ToWorker, { type: 'sent' }>) => void>()
  runs.set(id, { controller, calls })
  const variables = new VariableContext(input.variables.layers, new Map(input.variables.session))
  for (const [key, value] of input.variables.singleSend) variables.singleSend.set(key, value)
  try {
    runner ??= createScriptRunner()
    const result = await (
      await runner
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
            else
              reject(
                Object.assign(new Error(answer.error?.message ?? 'Request failed'), {
                  name: answer.error?.name ?? 'Error',
                }),
              )
          })
          post({ type: 'send', id, call, request })
        }),
    })
    post({
      type: 'result',
      id,
      result,
      session: [...variables.session],
      singleSend: [...variables.singleSend],
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
    })
  } finally {
    runs.delete(id)
  }
}
