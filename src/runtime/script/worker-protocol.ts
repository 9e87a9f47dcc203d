/**
 * Messages between the page (worker-client.ts) and the script worker (worker.ts). Variables
 * travel as a snapshot; the session and single-send values come back with the result, and
 * sendRequest calls come back to the page, whose transport (proxy, certificates) applies.
 * With a hand-off the worker also sends the built request to the relay and passes the relay's
 * answer (its status, headers and body) on to the page, which reads it as relay.ts does.
 */
import type { VariableLayer } from '../../model/variables.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import type { HandOff } from './hand-off.ts'
import type { ScriptRunInput, ScriptRunResult } from './types.ts'

export type WorkerInput = Omit<ScriptRunInput, 'variables' | 'sendRequest' | 'signal'> & {
  variables: { layers: VariableLayer[]; session: [string, string][]; singleSend: [string, string][] }
}

export interface ErrorShape {
  name: string
  message: string
}

/** An error as it can cross postMessage (an Error's own class does not survive the clone). */
export const errorShape = (error: unknown): ErrorShape =>
  error instanceof Error
    ? { name: error.name, message: error.message }
    : { name: 'Error', message: String(error) }

/** The error again on the other side, with its name. */
export const errorFromShape = (shape: ErrorShape): Error =>
  Object.assign(new Error(shape.message), { name: shape.name })

export type ToWorker =
  | { type: 'run'; id: number; input: WorkerInput; handOff?: HandOff }
  | { type: 'abort'; id: number }
  | {
      type: 'sent'
      id: number
      call: number
      response?: Omit<WireResponse, 'bodyStream'>
      error?: ErrorShape
    }

/** `at`: when the request went to the relay, as `performance.timeOrigin + performance.now()`. */
export type WorkerHandedOff =
  { request: WireRequest; view?: WireRequest; at: number } | { buildError: string }

export type FromWorker =
  | { type: 'send'; id: number; call: number; request: WireRequest }
  | {
      type: 'result'
      id: number
      result: ScriptRunResult
      session: [string, string][]
      singleSend: [string, string][]
      handedOff?: WorkerHandedOff
      /** When the run arrived and when its scripts were through (timeOrigin + now). */
      timing: [number, number]
    }
  | {
      type: 'relay-response'
      id: number
      status: number
      statusText: string
      headers: [string, string][]
      hasBody: boolean
    }
  /** The body, chunk by chunk (each chunk's buffer transferred), then its end or its failure. */
  | { type: 'relay-chunk'; id: number; bytes?: Uint8Array; end?: true; error?: ErrorShape }
  | { type: 'relay-error'; id: number; error: ErrorShape }
