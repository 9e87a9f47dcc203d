/**
 * The page's I/O for sending, chosen once: the transport (relay or direct fetch) and the script
 * worker. Both start in the background once the app has rendered (`start`, called by main.tsx), so
 * neither the chunk's evaluation nor the worker's start delays the first paint, and the first send
 * waits for neither; their code and the send pipeline's come in one lazy chunk (`send-runtime.ts`).
 * Asking for the transport or the runtime before `start` loads them at once.
 */
import { VariableContext } from '../../model/variables.ts'
import type { ScriptRunner } from '../../runtime/script/types.ts'
import type { SelectedTransport } from '../../runtime/transport/select.ts'
import type { SendRuntime, SendServices } from './types.ts'

/**
 * `direct`: for a joined workspace. Its sends go through this browser's own fetch, never the
 * relay of the server that hosts the shared workspace, even when this page could reach it.
 */
export function createSendServices(options: { direct?: boolean } = {}): SendServices {
  let loaded: SendRuntime | undefined
  let runtime: Promise<SendRuntime> | undefined
  let transport: Promise<SelectedTransport> | undefined
  let runner: ScriptRunner | undefined
  let chose!: (selected: SelectedTransport) => void
  const chosen = new Promise<SelectedTransport>((resolve) => (chose = resolve))
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
  const load = (): Promise<SendRuntime> => {
    if (runtime) return runtime
    runtime = import('./send-runtime.ts').then((m) => (loaded = m))
    transport = runtime.then((m) =>
      options.direct ? { mode: 'direct', transport: m.createDirectTransport() } : m.selectTransport(''),
    )
    void transport.then(chose, () => undefined)
    void runtime.then(() => setTimeout(warm, 0))
    return runtime
  }
  return {
    start: () => void load(),
    transport: () => (load(), transport!),
    chosen: () => chosen,
    scripts,
    runtime: load,
    loaded: () => loaded,
  }
}
