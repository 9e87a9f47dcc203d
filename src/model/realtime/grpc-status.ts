/** gRPC call types and status names: for the runtime and the lazily loaded request area. */

/** The four call types, named as the UI shows them. */
export type GrpcCallType = 'unary' | 'server-streaming' | 'client-streaming' | 'bidi-streaming'

export function callTypeOf(method: { requestStream: boolean; responseStream: boolean }): GrpcCallType {
  if (method.requestStream) return method.responseStream ? 'bidi-streaming' : 'client-streaming'
  return method.responseStream ? 'server-streaming' : 'unary'
}

/** gRPC status names by code (grpc/doc/statuscodes.md). */
export const GRPC_STATUS_NAMES = [
  'OK',
  'CANCELLED',
  'UNKNOWN',
  'INVALID_ARGUMENT',
  'DEADLINE_EXCEEDED',
  'NOT_FOUND',
  'ALREADY_EXISTS',
  'PERMISSION_DENIED',
  'RESOURCE_EXHAUSTED',
  'FAILED_PRECONDITION',
  'ABORTED',
  'OUT_OF_RANGE',
  'UNIMPLEMENTED',
  'INTERNAL',
  'UNAVAILABLE',
  'DATA_LOSS',
  'UNAUTHENTICATED',
] as const

export function statusName(code: number): string {
  return GRPC_STATUS_NAMES[code] ?? `CODE_${code}`
}

/**
 * A status's details as the user reads them: grpc-js ends a failed connection's details with
 * `Resolution note: ` and whatever its resolver noted, which is usually nothing.
 */
export function statusDetails(details: string): string {
  return details.replace(/\s*Resolution note:\s*$/, '')
}
