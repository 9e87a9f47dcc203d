/**
 * Messages between the page and the script worker. Everything is structured-cloneable: the
 * variable context travels as its layers and session values and comes back as the values the
 * scripts left; `sendRequest` calls come back to the page, which owns the transport.
 */
import type { VariableLayer } from '../../model/variables.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { TransportError } from './../transport/types.ts'
import type { ScriptRunInput, ScriptRunResult } from './types.ts'

export type WireRunInput = Omit<ScriptRunInput, 'variables' | 'sendRequest' | 'signal'> & {
  layers: VariableLayer[]
  session: [string, string][]
  singleSend: [string, string][]
}

export type ToWorker =
  | { type: 'warm' }
  | { type: 'run'; id: number; input: WireRunInput }
  | { type: 'cancel'; id: number }
  | { type: 'sent'; id: number; call: number; response: WireResponse }
  | { type: 'send-failed'; id: number; call: number; message: string; code: TransportError['code'] }

export type FromWorker =
  | { type: 'ready' }
  | { type: 'send'; id: number; call: number; request: WireRequest }
  | {
      type: 'done'
      id: number
      result: ScriptRunResult
      session: [string, string][]
      singleSend: [string, string][]
    }
  | { type: 'crashed'; id: number; message: string }
