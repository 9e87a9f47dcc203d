/**
 * The data of a gRPC request (issue #22). The target `host:port` is the request's `url`, the
 * metadata its `headers` table; the rest lives here, in `RequestSpec.grpc`, as one plain value.
 */

/** A `.proto` file the user added to the request; imports resolve by `name` among them. */
export interface GrpcProtoFile {
  name: string
  text: string
}

export interface GrpcSpec {
  /** TLS (with the custom CA and client certificates of Settings) or plaintext. */
  tls: boolean
  /** Where services and message types come from: server reflection, or `protoFiles`. */
  source: 'reflection' | 'proto'
  protoFiles: GrpcProtoFile[]
  /** Fully qualified service name (`demo.Greeter`) and method name (`SayHello`). */
  service: string
  method: string
  /** The request message as JSON text (for client streams: an array sends one message per item). */
  message: string
  /** The call's deadline in milliseconds; 0 for none. */
  deadlineMs: number
}

export function makeGrpcSpec(fields: Partial<GrpcSpec> = {}): GrpcSpec {
  return {
    tls: false,
    source: 'reflection',
    protoFiles: [],
    service: '',
    method: '',
    message: '{}',
    deadlineMs: 0,
    ...fields,
  }
}

/**
 * A gRPC history entry's URL (`target/Service/Method`) back into the request's target and its
 * `grpc` fields, so opening the entry gives a call that can be made again.
 */
export function grpcFromHistoryUrl(url: string): { url: string; grpc: GrpcSpec } {
  const parts = url.split('/')
  if (parts.length < 3) return { url, grpc: makeGrpcSpec() }
  const method = parts.pop()!
  const service = parts.pop()!
  return { url: parts.join('/'), grpc: makeGrpcSpec({ service, method }) }
}
