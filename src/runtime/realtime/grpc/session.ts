/**
 * gRPC calls in Node through @grpc/grpc-js: the relay's bridge and the CLI use this. `describe`
 * finds services (reflection or the request's .proto files); `startCall` checks the target, the
 * metadata and each message (grpc-schema.ts) before anything goes out, then reports the call as
 * protocol frames (protocol.ts).
 */
import * as grpc from '@grpc/grpc-js'
import type protobuf from 'protobufjs'
import { callTypeOf, statusDetails, statusName } from '../../../model/realtime/grpc-status.ts'
import { checkMessage, problemText, type NamespaceJson } from '../../../model/realtime/grpc-schema.ts'
import { tlsFromJson } from '../../transport/relay-protocol.ts'
import { makeSecureContexts } from '../../transport/tls-options.ts'
import {
  findMethod,
  type GrpcCatalog,
  type GrpcEndpoint,
  type GrpcServerFrame,
  type MetadataPairs,
} from './protocol.ts'
import { rootFromProtoFiles } from './protos.ts'
import { reflect } from './reflection.ts'

export class GrpcInputError extends Error {}

/** `host:port` (an IPv6 host in brackets); a URL or a missing port is refused by name. */
export function parseTarget(target: string): { host: string; port: number } {
  const text = target.trim()
  if (text === '') throw new GrpcInputError('Enter the server as host:port, e.g. localhost:50051')
  if (/^[a-z][a-z0-9+.-]*:\/\//iu.test(text))
    throw new GrpcInputError(
      `The target is host:port without a scheme (got "${text}"); switch on TLS for a secure server`,
    )
  const match = /^(\[[0-9a-f:.]+\]|[A-Za-z0-9.-]+):(\d{1,5})$/u.exec(text)
  const port = Number(match?.[2])
  if (!match || port < 1 || port > 65535)
    throw new GrpcInputError(`"${text}" is not host:port (e.g. localhost:50051)`)
  return { host: match[1]!.replace(/^\[|\]$/gu, ''), port }
}

function credentials(endpoint: GrpcEndpoint, host: string, port: number): grpc.ChannelCredentials {
  if (!endpoint.tls) return grpc.credentials.createInsecure()
  if (!endpoint.tlsSettings) return grpc.credentials.createSsl()
  const contexts = makeSecureContexts(tlsFromJson(endpoint.tlsSettings))
  const { secureContext } = contexts.forHost(host, port)
  return grpc.credentials.createFromSecureContext(
    secureContext,
    contexts.rejectUnauthorized ? {} : { rejectUnauthorized: false },
  )
}

export function makeClient(endpoint: GrpcEndpoint): grpc.Client {
  const { host, port } = parseTarget(endpoint.target)
  try {
    return new grpc.Client(endpoint.target.trim(), credentials(endpoint, host, port))
  } catch (error) {
    throw new GrpcInputError((error as Error).message)
  }
}

export function toMetadata(pairs: MetadataPairs): grpc.Metadata {
  const metadata = new grpc.Metadata()
  for (const [rawKey, value] of pairs) {
    const key = rawKey.trim().toLowerCase()
    try {
      if (key.endsWith('-bin')) metadata.add(key, Buffer.from(value, 'base64'))
      else metadata.add(key, value)
    } catch (error) {
      throw new GrpcInputError(`Metadata "${rawKey}": ${(error as Error).message}`)
    }
  }
  return metadata
}

export function fromMetadata(metadata: grpc.Metadata | undefined): MetadataPairs {
  const pairs: MetadataPairs = []
  for (const [key, values] of Object.entries(metadata?.toJSON() ?? {}))
    for (const value of values)
      pairs.push([key, Buffer.isBuffer(value) ? value.toString('base64') : String(value)])
  return pairs
}

export interface Described {
  catalog: GrpcCatalog
  root: protobuf.Root
}

function catalogOf(root: protobuf.Root, from: string, only?: readonly string[]): GrpcCatalog {
  const services: GrpcCatalog['services'] = []
  const visit = (namespace: protobuf.NamespaceBase) => {
    for (const nested of namespace.nestedArray) {
      if ('methods' in nested && nested instanceof Object && 'methodsArray' in nested) {
        const service = nested as protobuf.Service
        const name = service.fullName.replace(/^\./u, '')
        if (only && !only.includes(name)) continue
        services.push({
          name,
          methods: service.methodsArray.map((method) => {
            method.resolve()
            return {
              name: method.name,
              requestType: method.resolvedRequestType!.fullName.replace(/^\./u, ''),
              responseType: method.resolvedResponseType!.fullName.replace(/^\./u, ''),
              requestStream: !!method.requestStream,
              responseStream: !!method.responseStream,
            }
          }),
        })
      } else if ('nestedArray' in nested) visit(nested as protobuf.Namespace)
    }
  }
  visit(root)
  return { from, services, schema: root.toJSON() as NamespaceJson }
}

export async function describe(client: grpc.Client, endpoint: GrpcEndpoint): Promise<Described> {
  if (endpoint.source === 'proto') {
    const root = rootFromProtoFiles(endpoint.protoFiles)
    return { root, catalog: catalogOf(root, 'proto files') }
  }
  const found = await reflect(client, toMetadata(endpoint.metadata))
  return { root: found.root, catalog: catalogOf(found.root, `reflection ${found.version}`, found.services) }
}

/** Parses and checks one message; the error names the field path. */
export function encodeMessage(described: Described, typeName: string, json: string): Buffer {
  let value: unknown
  try {
    value = JSON.parse(json)
  } catch (error) {
    throw new GrpcInputError(`The message is not valid JSON: ${(error as Error).message}`)
  }
  const problems = checkMessage(described.catalog.schema, typeName, value)
  if (problems.length > 0) throw new GrpcInputError(problemText(problems))
  const type = described.root.lookupType(typeName)
  return Buffer.from(type.encode(type.fromObject(value as object)).finish())
}

export interface CallHandle {
  write(json: string): void
  end(): void
  cancel(): void
}

/** Starts a call; `emit` gets every frame, `status` (or `error`) last. Throws `GrpcInputError` before going out. */
export function startCall(
  client: grpc.Client,
  described: Described,
  request: { service: string; method: string; deadlineMs: number; metadata: MetadataPairs },
  emit: (frame: GrpcServerFrame) => void,
): CallHandle {
  const method = findMethod(described.catalog, request.service, request.method)
  if (!method) {
    throw new GrpcInputError(
      request.service && request.method
        ? `The server has no method ${request.service}/${request.method}`
        : 'Pick a service and method',
    )
  }
  const responseType = described.root.lookupType(method.responseType)
  const path = `/${request.service}/${request.method}`
  const metadata = toMetadata(request.metadata)
  const options: grpc.CallOptions =
    request.deadlineMs > 0 ? { deadline: Date.now() + request.deadlineMs } : {}
  const serialize = (bytes: Buffer) => bytes
  const deserialize = (bytes: Buffer) =>
    responseType.toObject(responseType.decode(bytes), {
      longs: String,
      enums: String,
      bytes: String,
      defaults: true,
    })
  let finished = false
  const onMessage = (message: unknown) => emit({ type: 'message', message, at: Date.now() })
  const callType = callTypeOf(method)
  type Call = grpc.ClientUnaryCall | grpc.ClientReadableStream<unknown> | grpc.ClientWritableStream<Buffer>
  let active: Call | undefined
  let pendingUnary: Buffer | undefined
  const unaryCallback = (error: grpc.ServiceError | null, value?: unknown) => {
    if (!error && value !== undefined) onMessage(value)
  }
  emit({ type: 'started', callType, at: Date.now() })
  const attach = (call: Call) => {
    active = call
    const events = call as unknown as NodeJS.EventEmitter
    events.on('metadata', (md: grpc.Metadata) =>
      emit({ type: 'metadata', metadata: fromMetadata(md), at: Date.now() }),
    )
    if (callType === 'server-streaming' || callType === 'bidi-streaming') events.on('data', onMessage)
    events.on('status', (status: grpc.StatusObject) => {
      finished = true
      emit({
        type: 'status',
        code: status.code,
        name: statusName(status.code),
        details: statusDetails(status.details),
        trailers: fromMetadata(status.metadata),
        at: Date.now(),
      })
    })
    // Errors arrive as the status above; without a listener Node would throw them.
    events.on('error', () => undefined)
  }
  if (callType === 'bidi-streaming')
    attach(client.makeBidiStreamRequest(path, serialize, deserialize, metadata, options))
  if (callType === 'client-streaming')
    attach(client.makeClientStreamRequest(path, serialize, deserialize, metadata, options, unaryCallback))
  const writable = () => active as grpc.ClientWritableStream<Buffer>
  return {
    write(json) {
      if (finished) throw new GrpcInputError('The call has ended')
      const bytes = encodeMessage(described, method.requestType, json)
      if (callType === 'unary' || callType === 'server-streaming') {
        if (pendingUnary) throw new GrpcInputError('This method takes one request message')
        pendingUnary = bytes
        return
      }
      writable().write(bytes)
    },
    end() {
      if (finished) return
      if (callType === 'unary') {
        attach(
          client.makeUnaryRequest(
            path,
            serialize,
            deserialize,
            pendingUnary ?? encodeMessage(described, method.requestType, '{}'),
            metadata,
            options,
            unaryCallback,
          ),
        )
      } else if (callType === 'server-streaming') {
        attach(
          client.makeServerStreamRequest(
            path,
            serialize,
            deserialize,
            pendingUnary ?? encodeMessage(described, method.requestType, '{}'),
            metadata,
            options,
          ),
        )
      } else writable().end()
    },
    cancel() {
      if (!finished) (active as grpc.ClientUnaryCall | undefined)?.cancel()
    },
  }
}
