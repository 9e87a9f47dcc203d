/**
 * The page's I/O for sending, chosen once: the transport (relay or direct fetch) and the script
 * worker. Both start in the background at load, so the first send waits for neither; their code
 * and the send pipeline's come in one lazy chunk (`send-runtime.ts`), loaded at once.
 */
import { VariableContext } from '../../model/variables.ts'
import type { ScriptRunner } from '../../runtime/script/types.ts'
import type { SelectedTransport } from '../../runtime/transport/select.ts'
import type { SendRuntime, SendServices } from './send-state.ts'

/**
 * `direct`: for a joined workspace. Its sends go through this browser's own fetch, never the
 * relay of the server that hosts the shared workspace, even when this page could reach it.
 */
export function createSendServices(options: { direct?: boolean } = {}): SendServices {
  let loaded: SendRuntime | undefined
  const runtime: Promise<SendRuntime> = import('./send-runtime.ts').then((m) => (loaded = m))
  const transport: Promise<SelectedTransport> = runtime.then((m) =>
    options.direct ? { mode: 'direct', transport: m.createDirectTransport() } : m.selectTransport(''),
  )
  let runner: ScriptRunner | undefined
  const scripts = () => {
    // The transport resolves only after the runtime has loaded, and every send awaits it first.
    if (!loaded) throw new Error('the script runner was asked for before the send pipeline loaded')
    return (runner ??= loaded.createWorkerScriptRunner())
  }
  // The worker compiles QuickJS's wasm and builds its first sandbox on its first run, not when it
  // starts: a throwaway run does that now, off the main thread, instead of in the first send.
  const warm = () =>
    void scripts()
      .run({
        phase: 'pre-request',
        scripts: [{ origin: 'warm-up', code: 'void 0' }],
        request: { id: '', name: '', method: 'GET', url: '', headers: [], body: { type: 'none' } },
        response: null,
        variables: new VariableContext([], new Map()),
        sendRequest: () => Promise.reject(new Error('the warm-up sends nothing')),
      })
      // Read by bench/send.ts: when the first scripted send stops having to wait for the worker.
      .then(() => void performance.mark('sendbox-scripts-ready'))
      .catch(() => undefined)
  void runtime.then(() => setTimeout(warm, 0))
  return { transport: () => transport, scripts, runtime: () => runtime, loaded: () => loaded }
}
