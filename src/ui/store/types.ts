/**
 * Types several store modules share. They live here, not in the module that first needed them,
 * so that no two store modules import each other (the lint counts type-only imports).
 */
import type { Id } from '../../model/types.ts'
import type { ScriptRunner } from '../../runtime/script/types.ts'
import type { SelectedTransport } from '../../runtime/transport/select.ts'

/** Which tabs a close asks for (close-actions.ts). */
export type CloseIntent =
  | { kind: 'one'; id: Id }
  | { kind: 'others'; keep: Id }
  /** `fresh`: `Alle schließen`, which opens a new request after closing. */
  | { kind: 'all'; fresh: boolean }

/** What the export dialog exports (transfer-actions.ts). */
export type ExportTarget = { kind: 'collection'; id: Id } | { kind: 'environment'; id: Id }

/** The lazy chunk with the send pipeline, the transports and the script worker's client. */
export type SendRuntime = typeof import('./send-runtime.ts')

/** The page's I/O for sending (send-services.ts makes them). */
export interface SendServices {
  /** Starts loading the send pipeline, the transport and the script worker (once; later calls do nothing). */
  start: () => void
  transport: () => Promise<SelectedTransport>
  /** The transport once chosen, without starting the load (for state shown before the first send). */
  chosen: () => Promise<SelectedTransport>
  /** Only once `transport()` has resolved (the runtime has loaded by then). */
  scripts: () => ScriptRunner
  runtime: () => Promise<SendRuntime>
  /** The runtime if it has loaded: a send then starts in the task of the click. */
  loaded: () => SendRuntime | undefined
}
