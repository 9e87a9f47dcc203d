/**
 * The page's I/O for sending, chosen once: the transport (relay or direct fetch) and the script
 * worker. Both start in the background at load, so the first send waits for neither.
 */
import { VariableContext } from '../../model/variables.ts'
import type { ScriptRunner } from '../../runtime/script/types.ts'
import { createWorkerScriptRunner } from '../../runtime/script/worker-client.ts'
import { createDirectTransport } from '../../runtime/transport/direct.ts'
import { selectTransport, type SelectedTransport } from '../../runtime/transport/select.ts'
import type { SendServices } from './types.ts'

/**
 * `direct`: for a joined workspace. Its sends go through this browser's own fetch, never the
 * relay of the server that hosts the shared workspace, even when this page could reach it.
 */
export function createSendServices(options: { direct?: boolean } = {}): SendServices {
  const transport: Promise<SelectedTransport> = options.direct
    ? Promise.resolve({ mode: 'direct', transport: createDirectTransport() })
    : selectTransport('')
  let runner: ScriptRunner | undefined
  const scripts = () => (runner ??= createWorkerScriptRunner())
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
  setTimeout(warm, 0)
  return { transport: () => transport, scripts }
}
