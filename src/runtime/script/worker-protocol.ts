/**
 * Messages between the page (worker-client.ts) and the script worker (worker.ts). Variables
 * travel as a snapshot; the session and single-send values come back with the result, and
 * sendRequest calls come back to the page, whose transport (proxy, certificates) applies.
 */
import type { VariableLayer } from '../../model/variables.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { ScriptRunInput, ScriptRunResult } from './types.ts'

export type WorkerInput = Omit<ScriptRunInput, 'variables' | 'sendRequest' | 'signal'> & {
  variables: { layers: VariableLayer[]; session: [string, string][]; singleSend: [string, string][] }
}

export type ToWorker =
  | { type: 'run'; id: number; input: WorkerInput }
  | { type: 'abort'; id: number }
  | {
      type: 'sent'
      id: number
      call: number
      response?: Omit<WireResponse, 'bodyStream'>
      error?: { name: string; message: string }
    }

export type FromWorker =
  | { type: 'send'; id: number; call: number; request: WireRequest }
  | {
      type: 'result'
      id: number
      result: ScriptRunResult
      session: [string, string][]
      singleSend: [string, string][]
    }
