/**
 * A gRPC server reflection client (grpc.reflection.v1, falling back to v1alpha, which older
 * servers offer alone): lists the services, then fetches the file descriptors that define them
 * and every file those import, and builds a protobuf.js Root from them. One bidirectional stream
 * serves every question of one look-up.
 */
import * as grpc from '@grpc/grpc-js'
import protobuf from 'protobufjs'
import descriptor from 'protobufjs/ext/descriptor/index.js'
import { statusDetails } from '../../../model/realtime/grpc-status.ts'

const REFLECTION_SCHEMA = {
  nested: {
    ServerReflectionRequest: {
      oneofs: { message_request: { oneof: ['file_by_filename', 'file_containing_symbol', 'list_services'] } },
      fields: {
        host: { type: 'string', id: 1 },
        file_by_filename: { type: 'string', id: 3 },
        file_containing_symbol: { type: 'string', id: 4 },
        list_services: { type: 'string', id: 7 },
      },
    },
    ServerReflectionResponse: {
      fields: {
        valid_host: { type: 'string', id: 1 },
        file_descriptor_response: { type: 'FileDescriptorResponse', id: 4 },
        list_services_response: { type: 'ListServiceResponse', id: 6 },
        error_response: { type: 'ErrorResponse', id: 7 },
      },
    },
    FileDescriptorResponse: { fields: { file_descriptor_proto: { rule: 'repeated', type: 'bytes', id: 1 } } },
    ListServiceResponse: { fields: { service: { rule: 'repeated', type: 'ServiceResponse', id: 1 } } },
    ServiceResponse: { fields: { name: { type: 'string', id: 1 } } },
    ErrorResponse: {
      fields: { error_code: { type: 'int32', id: 1 }, error_message: { type: 'string', id: 2 } },
    },
  },
}
const schema = protobuf.Root.fromJSON(REFLECTION_SCHEMA)
const RequestType = schema.lookupType('ServerReflectionRequest')
const ResponseType = schema.lookupType('ServerReflectionResponse')

interface ReflectionAnswer {
  file_descriptor_response?: { file_descriptor_proto: Uint8Array[] }
  list_services_response?: { service: { name: string }[] }
  error_response?: { error_code: number; error_message: string }
}

interface FileProto {
  name: string
  dependency?: string[]
}

export class ReflectionError extends Error {}

export interface ReflectionResult {
  version: 'v1' | 'v1alpha'
  services: string[]
  root: protobuf.Root
}

/** Asks questions one after another over one reflection stream. */
class Conversation {
  private readonly waiting: { resolve: (a: ReflectionAnswer) => void; reject: (e: Error) => void }[] = []
  private failure: Error | undefined
  private readonly call: grpc.ClientDuplexStream<object, ReflectionAnswer>

  constructor(client: grpc.Client, version: string, metadata: grpc.Metadata, deadline: Date) {
    this.call = client.makeBidiStreamRequest(
      `/grpc.reflection.${version}.ServerReflection/ServerReflectionInfo`,
      (value: object) => Buffer.from(RequestType.encode(RequestType.fromObject(value)).finish()),
      (bytes: Buffer) =>
        ResponseType.toObject(ResponseType.decode(bytes), { defaults: false }) as ReflectionAnswer,
      metadata,
      { deadline },
    )
    this.call.on('data', (answer: ReflectionAnswer) => this.waiting.shift()?.resolve(answer))
    this.call.on('error', (error: Error) => this.fail(error))
    this.call.on('end', () => this.fail(new ReflectionError('the server closed the reflection stream')))
  }

  private fail(error: Error) {
    this.failure ??= error
    for (const waiter of this.waiting.splice(0)) waiter.reject(this.failure)
  }

  ask(request: object): Promise<ReflectionAnswer> {
    if (this.failure) return Promise.reject(this.failure)
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject })
      this.call.write(request)
    })
  }

  close() {
    this.call.end()
    this.call.cancel()
  }
}

async function lookUp(conversation: Conversation): Promise<{ services: string[]; root: protobuf.Root }> {
  const listed = await conversation.ask({ list_services: '' })
  if (listed.error_response) throw new ReflectionError(listed.error_response.error_message)
  const services = (listed.list_services_response?.service ?? [])
    .map((service) => service.name)
    .filter((name) => !name.startsWith('grpc.reflection.'))
  const files = new Map<string, FileProto>()
  const add = (answer: ReflectionAnswer, asked: string) => {
    if (answer.error_response)
      throw new ReflectionError(`${asked}: ${answer.error_response.error_message || 'not found'}`)
    for (const bytes of answer.file_descriptor_response?.file_descriptor_proto ?? []) {
      const file = descriptor.FileDescriptorProto.decode(bytes) as unknown as FileProto
      if (!files.has(file.name)) files.set(file.name, file)
    }
  }
  for (const service of services)
    add(await conversation.ask({ file_containing_symbol: service }), `service ${service}`)
  // Servers may leave out dependencies they think were sent: fetch any still missing.
  for (let pending = missing(files); pending.length > 0; pending = missing(files)) {
    for (const name of pending) {
      add(await conversation.ask({ file_by_filename: name }), `file ${name}`)
      if (!files.has(name)) throw new ReflectionError(`the server did not send ${name}`)
    }
  }
  const set = descriptor.FileDescriptorSet.fromObject({ file: [...files.values()] })
  const root = (protobuf.Root as unknown as { fromDescriptor(set: unknown): protobuf.Root }).fromDescriptor(
    set,
  )
  root.resolveAll()
  return { services, root }
}

function missing(files: Map<string, FileProto>): string[] {
  const names = new Set<string>()
  for (const file of files.values())
    for (const name of file.dependency ?? []) if (!files.has(name)) names.add(name)
  return [...names]
}

/** Services and their types by reflection; throws `ReflectionError` with a message for the user. */
export async function reflect(
  client: grpc.Client,
  metadata: grpc.Metadata,
  timeoutMs = 10_000,
): Promise<ReflectionResult> {
  const deadline = new Date(Date.now() + timeoutMs)
  let firstError: Error | undefined
  for (const version of ['v1', 'v1alpha'] as const) {
    const conversation = new Conversation(client, version, metadata, deadline)
    try {
      return { version, ...(await lookUp(conversation)) }
    } catch (error) {
      const code = (error as { code?: number }).code
      if (code !== grpc.status.UNIMPLEMENTED) throw asReflectionError(error)
      firstError ??= error as Error
    } finally {
      conversation.close()
    }
  }
  throw new ReflectionError(
    `The server does not offer reflection (${firstError?.message ?? 'UNIMPLEMENTED'}): add its .proto files to the request`,
  )
}

function asReflectionError(error: unknown): Error {
  if (error instanceof ReflectionError) return error
  const details = (error as { details?: string }).details
  return new ReflectionError(`Reflection failed: ${statusDetails(details || (error as Error).message)}`)
}
