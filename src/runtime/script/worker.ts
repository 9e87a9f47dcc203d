/**
 * The browser's script sandbox: one long-lived Web Worker holding the QuickJS runner, so no script
 * ever blocks the page. The page warms it in the background at start-up (wasm compile and the
 * first contexts), so the first send does not wait for it.
 */
// The core plus one variant: the `quickjs-emscripten` entry would bundle all four wasm builds.
import { newQuickJSWASMModuleFromVariant, type QuickJSWASMModule } from 'quickjs-emscripten-core'
import RELEASE_SYNC from '@jitl/quickjs-wasmfile-release-sync'
import { VariableContext } from '../../model/variables.ts'
import type { WireResponse } from '../../model/wire.ts'
import { TransportError } from '../transport/types.ts'
import { QuickJSScriptRunner, warmUp } from './quickjs-runner.ts'
import type { FromWorker, ToWorker, WireRunInput } from './worker-protocol.ts'

const loadQuickJS = (): Promise<QuickJSWASMModule> => newQuickJSWASMModuleFromVariant(RELEASE_SYNC)
let runner: Promise<QuickJSScriptRunner> | undefined
const getRunner = () =>
  (runner ??= loadQuickJS().then((module) => {
    warmUp(module)
    return new QuickJSScriptRunner(module, loadQuickJS)
  }))

const post = (message: FromWorker) => self.postMessage(message)
const runs = new Map<number, AbortController>()
const calls = new Map<string, { resolve: (r: WireResponse) => void; reject: (e: Error) => void }>()
let nextCall = 1

async function run(id: number, input: WireRunInput): Promise<void> {
  const controller = new AbortController()
  runs.set(id, controller)
  const variables = new VariableContext(input.layers, new Map(input.session))
  for (const [key, value] of input.singleSend) variables.singleSend.set(key, value)
  try {
    const result = await (
      await getRunner()
    ).run({
      ...input,
      variables,
      signal: controller.signal,
      sendRequest: (request, signal) =>
        new Promise<WireResponse>((resolve, reject) => {
          const call = nextCall++
          calls.set(`${id}:${call}`, { resolve, reject })
          signal.addEventListener('abort', () => reject(new TransportError('Request cancelled', 'aborted')))
          post({ type: 'send', id, call, request })
        }),
    })
    post({ type: 'done', id, result, session: [...variables.session], singleSend: [...variables.singleSend] })
  } catch (error) {
    post({ type: 'crashed', id, message: String((error as Error).message ?? error) })
  } finally {
    runs.delete(id)
  }
}

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const message = event.data
  switch (message.type) {
    case 'warm':
      void getRunner().then(() => post({ type: 'ready' }))
      break
    case 'run':
      void run(message.id, message.input)
      break
    case 'cancel':
      runs.get(message.id)?.abort()
      break
    case 'sent':
    case 'send-failed': {
      const key = `${message.id}:${message.call}`
      const pending = calls.get(key)
      calls.delete(key)
      if (message.type === 'sent') pending?.resolve(message.response)
      else pending?.reject(new TransportError(message.message, message.code))
      break
    }
  }
}
