/**
 * The page's I/O for sending, chosen once: the transport (relay or direct fetch) and the script
 * worker. Both start in the background at load, so the first send waits for neither.
 */
import type { ScriptRunner } from '../../runtime/script/types.ts'
import { createWorkerScriptRunner } from '../../runtime/script/worker-client.ts'
import { selectTransport, type SelectedTransport } from '../../runtime/transport/select.ts'
import type { SendServices } from './send-state.ts'

export function createSendServices(): SendServices {
  const transport: Promise<SelectedTransport> = selectTransport('')
  let runner: ScriptRunner | undefined
  const scripts = () => (runner ??= createWorkerScriptRunner())
  const warm = () => void scripts()
  if ('requestIdleCallback' in window) requestIdleCallback(warm, { timeout: 2000 })
  else setTimeout(warm, 200)
  return { transport: () => transport, scripts }
}
