/**
 * What goes over one `/relay/grpc` WebSocket (JSON text frames), and what the in-process runner
 * of the CLI reports the same way. The app opens one socket per call or look-up:
 *
 *   app → relay   `describe` (then the relay answers `catalog` or `error` and closes), or
 *                 `start`, then any number of `message`, then `end` (half-close) or `cancel`
 *   relay → app   `catalog` | `metadata`, `message`…, `status` (always last for a call) | `error`
 *
 * Plain data only: imported by the browser, the sync-server and the CLI alike.
 */
import type { GrpcProtoFile } from '../../../model/realtime/grpc.ts'
import type { GrpcCallType } from '../../../model/realtime/grpc-status.ts'
import type { NamespaceJson } from '../../../model/realtime/grpc-schema.ts'
import type { TlsJson } from '../../transport/relay-protocol.ts'

export type MetadataPairs = [key: string, value: string][]

/** Where to call and how the service is known: shared by `describe` and `start`. */
export interface GrpcEndpoint {
  /** `host:port`. */
  target: string
  tls: boolean
  /** Custom CA, client certificates, verification (Settings); only with `tls`. */
  tlsSettings?: TlsJson
  metadata: MetadataPairs
  source: 'reflection' | 'proto'
  protoFiles: GrpcProtoFile[]
}

export type GrpcClientFrame =
  | ({ type: 'describe' } & GrpcEndpoint)
  | ({ type: 'start'; service: string; method: string; deadlineMs: number } & GrpcEndpoint)
  | { type: 'message'; json: string }
  | { type: 'end' }
  | { type: 'cancel' }

export interface GrpcMethodInfo {
  name: string
  requestType: string
  responseType: string
  requestStream: boolean
  responseStream: boolean
}

export interface GrpcCatalog {
  /** `reflection v1`, `reflection v1alpha` or `proto files`. */
  from: string
  services: { name: string; methods: GrpcMethodInfo[] }[]
  /** The message types, for templates and checks (grpc-schema.ts). */
  schema: NamespaceJson
}

export type GrpcServerFrame =
  | { type: 'catalog'; catalog: GrpcCatalog }
  | { type: 'started'; callType: GrpcCallType; at: number }
  | { type: 'metadata'; metadata: MetadataPairs; at: number }
  | { type: 'message'; message: unknown; at: number }
  | { type: 'status'; code: number; name: string; details: string; trailers: MetadataPairs; at: number }
  /** Bad input or a failed look-up: no call was made, or the call could not go on. */
  | { type: 'error'; message: string }

export function findMethod(
  catalog: GrpcCatalog,
  service: string,
  method: string,
): GrpcMethodInfo | undefined {
  return catalog.services.find((s) => s.name === service)?.methods.find((m) => m.name === method)
}
