/**
 * What every send of the page hands the pipeline besides the request: this device's OAuth tokens,
 * the script worker when a script will run, proxy and TLS from Settings, the editor settings
 * that shape the body and headers, and the files of file fields.
 */
import type { DeviceSettings } from '../../model/workspace/types.ts'
import type { SendSettings } from './settings-state.ts'
import { resolveFile } from './file-store.ts'
import type { OpenDocs } from './docs.ts'
import { deviceTokenStore } from './oauth-actions.ts'
import type { SendServices } from './types.ts'

export type PipelineDeps = ReturnType<typeof makePipelineDeps>

/** `sendSettings`: proxy and TLS from Settings, read at each send. */
export function makePipelineDeps(docs: OpenDocs, services: SendServices, sendSettings: () => SendSettings) {
  const tokens = deviceTokenStore(docs)
  return {
    tokens,
    sendSettings,
    /** Only once `services.transport()` has resolved when `needsScripts` (the worker is loaded then). */
    depsFor: (needsScripts: boolean, settings: DeviceSettings) => ({
      oauth: { store: tokens },
      ...(needsScripts ? { scripts: services.scripts() } : {}),
      options: sendSettings(),
      formatJson: settings.editor.formatJsonOnSend,
      defaultHeaders: settings.editor.defaultHeaders,
      resolveFile,
    }),
  }
}
