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

type Fail = (path: string, problem: string) => never

/** Checks an imported `grpc` value field by field; `fail` reports the first problem by path. */
export function parseGrpcSpec(value: unknown, path: string, fail: Fail): GrpcSpec {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) fail(path, 'expected an object')
  const source = value as Record<string, unknown>
  const base = makeGrpcSpec()
  const text = (key: 'service' | 'method' | 'message'): string => {
    const item = source[key]
    if (item === undefined) return base[key]
    if (typeof item !== 'string') fail(`${path}.${key}`, 'expected a string')
    return item
  }
  if (source.tls !== undefined && typeof source.tls !== 'boolean')
    fail(`${path}.tls`, 'expected true or false')
  if (source.source !== undefined && source.source !== 'reflection' && source.source !== 'proto')
    fail(`${path}.source`, 'expected "reflection" or "proto"')
  const deadline = source.deadlineMs ?? 0
  if (typeof deadline !== 'number' || !Number.isInteger(deadline) || deadline < 0)
    fail(`${path}.deadlineMs`, 'expected a whole number of milliseconds, 0 or more')
  const files = source.protoFiles ?? []
  if (!Array.isArray(files)) fail(`${path}.protoFiles`, 'expected an array')
  const protoFiles = files.map((file: unknown, index): GrpcProtoFile => {
    const at = `${path}.protoFiles[${index}]`
    if (file === null || typeof file !== 'object') fail(at, 'expected an object')
    const { name, text: body } = file as Record<string, unknown>
    if (typeof name !== 'string' || name.trim() === '') fail(`${at}.name`, 'expected a file name')
    if (typeof body !== 'string') fail(`${at}.text`, 'expected a string')
    return { name, text: body }
  })
  return {
    tls: (source.tls as boolean | undefined) ?? base.tls,
    source: (source.source as GrpcSpec['source'] | undefined) ?? base.source,
    protoFiles,
    service: text('service'),
    method: text('method'),
    message: text('message'),
    deadlineMs: deadline,
  }
}
