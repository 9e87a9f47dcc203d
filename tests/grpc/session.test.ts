import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  checkMessage,
  messageTemplate,
  problemText,
  type NamespaceJson,
} from '../../src/model/realtime/grpc-schema.ts'
import { tlsToJson } from '../../src/runtime/transport/relay-protocol.ts'
import { ProtoError, rootFromProtoFiles } from '../../src/runtime/realtime/grpc/protos.ts'
import {
  describe as describeService,
  GrpcInputError,
  makeClient,
  parseTarget,
} from '../../src/runtime/realtime/grpc/session.ts'
import { startGrpcServer, type GrpcFixture } from '../fixtures/grpc-server.ts'
import { makeTestCerts } from '../helpers/certs.ts'
import { call, endpoint, fixtureProtos, messagesOf, statusOf } from './helpers.ts'

let v1: GrpcFixture
let v1alpha: GrpcFixture
let bare: GrpcFixture

beforeAll(async () => {
  ;[v1, v1alpha, bare] = await Promise.all([
    startGrpcServer(),
    startGrpcServer({ reflection: 'v1alpha' }),
    startGrpcServer({ reflection: 'none' }),
  ])
})
afterAll(async () => {
  await Promise.all([v1.close(), v1alpha.close(), bare.close()])
})

async function catalogOf(at: ReturnType<typeof endpoint>) {
  const client = makeClient(at)
  try {
    return (await describeService(client, at)).catalog
  } finally {
    client.close()
  }
}

describe('gRPC reflection client', () => {
  it('lists services and methods by reflection v1, with the imported file resolved', async () => {
    const catalog = await catalogOf(endpoint(v1.target))
    expect(catalog.from).toBe('reflection v1')
    expect(catalog.services.map((s) => s.name)).toEqual(['demo.Greeter'])
    const methods = catalog.services[0]!.methods
    expect(methods.map((m) => m.name)).toEqual(['SayHello', 'Fail', 'Slow', 'CountTo', 'Collect', 'Chat'])
    expect(methods.find((m) => m.name === 'Chat')).toMatchObject({
      requestStream: true,
      responseStream: true,
    })
    // Person comes from types.proto, which greeter.proto imports.
    expect(messageTemplate(catalog.schema, 'demo.HelloRequest')).toEqual({
      name: '',
      person: { name: '', age: 0, mood: 'CALM', tags: [''] },
      big: '0',
      // Reflection's descriptors carry a map as its wire form: a list of key/value entries.
      counts: [{ key: '', value: 0 }],
      note: '',
    })
  })

  it('falls back to v1alpha', async () => {
    const catalog = await catalogOf(endpoint(v1alpha.target))
    expect(catalog.from).toBe('reflection v1alpha')
    expect(catalog.services[0]?.methods).toHaveLength(6)
  })

  it('says so when the server has no reflection, and a call works from .proto files', async () => {
    await expect(catalogOf(endpoint(bare.target))).rejects.toThrow(
      /does not offer reflection.*\.proto files/u,
    )
    const frames = await call(
      endpoint(bare.target, { source: 'proto', protoFiles: fixtureProtos() }),
      'SayHello',
      ['{"name":"proto"}'],
    )
    expect(messagesOf(frames)).toEqual([{ message: 'Hello, proto', index: 0 }])
  })

  it('names an unreachable server', async () => {
    const failure = await catalogOf(endpoint('127.0.0.1:1')).then(
      () => new Error('no error'),
      (error: Error) => error,
    )
    expect(failure.message).toMatch(/Reflection failed: .*(No connection|ECONNREFUSED)/u)
    // grpc-js's empty resolver note is left out.
    expect(failure.message).not.toMatch(/Resolution note:\s*$/u)
  })
})

describe('.proto files', () => {
  it('resolves imports among the files and names a missing one', () => {
    const root = rootFromProtoFiles(fixtureProtos())
    expect(root.lookupType('demo.types.Person').fieldsArray).toHaveLength(4)
    expect(() => rootFromProtoFiles(fixtureProtos().slice(0, 1))).toThrow(
      'greeter.proto imports "types.proto", which is not among the request\'s .proto files',
    )
    expect(() => rootFromProtoFiles([{ name: 'bad.proto', text: 'message {' }])).toThrow(ProtoError)
    expect(() => rootFromProtoFiles([{ name: 'bad.proto', text: 'message {' }])).toThrow(/^bad\.proto: /u)
  })
})

describe('message checks', () => {
  it('names the field path of an unknown field and of a wrong type', () => {
    const schema = rootFromProtoFiles(fixtureProtos()).toJSON() as NamespaceJson
    expect(
      checkMessage(schema, 'demo.HelloRequest', { name: 'a', person: { age: 3, mood: 'HAPPY' } }),
    ).toEqual([])
    expect(problemText(checkMessage(schema, 'demo.HelloRequest', { person: { nmae: 'x' } }))).toMatch(
      /^message\.person\.nmae: unknown field in demo\.types\.Person \(fields: name, age, mood, tags\)/u,
    )
    expect(problemText(checkMessage(schema, 'demo.HelloRequest', { person: { tags: ['a', 5] } }))).toBe(
      'message.person.tags[1]: expected a string, got number 5',
    )
    expect(problemText(checkMessage(schema, 'demo.HelloRequest', { person: { mood: 'SAD' } }))).toBe(
      'message.person.mood: expected one of CALM, HAPPY, GRUMPY, got string "SAD"',
    )
    expect(problemText(checkMessage(schema, 'demo.HelloRequest', { big: 1.5, counts: { a: 'x' } }))).toBe(
      'message.big: expected a whole number (int64), got number 1.5 (and 1 more)',
    )
    expect(problemText(checkMessage(schema, 'demo.HelloRequest', { note: 'a', code: 1 }))).toBe(
      'message: only one of note, code may be set (oneof extra)',
    )
    expect(problemText(checkMessage(schema, 'demo.HelloRequest', []))).toMatch(
      /^message: expected an object/u,
    )
  })
})

describe('gRPC calls', () => {
  it('unary: reply, response metadata and trailers', async () => {
    const frames = await call(endpoint(v1.target, { metadata: [['x-echo-trace', 'abc']] }), 'SayHello', [
      '{"name":"Ada"}',
    ])
    const head = frames.find((f) => f.type === 'metadata')
    expect(head?.type === 'metadata' && head.metadata).toContainEqual(['x-echo-trace', 'abc'])
    expect(messagesOf(frames)).toEqual([{ message: 'Hello, Ada', index: 0 }])
    expect(statusOf(frames)).toMatchObject({ code: 0, name: 'OK', trailers: [['x-trailer', 'done']] })
  })

  it('an error status with its message', async () => {
    const frames = await call(endpoint(v1.target), 'Fail', ['{"name":"Bob"}'])
    expect(statusOf(frames)).toMatchObject({
      code: 3,
      name: 'INVALID_ARGUMENT',
      details: 'name must not be Bob',
    })
  })

  it('server streaming, client streaming and bidirectional', async () => {
    const counted = await call(endpoint(v1.target), 'CountTo', ['{"count":3}'])
    expect(messagesOf(counted)).toEqual([1, 2, 3].map((index) => ({ message: `count ${index}`, index })))
    const collected = await call(endpoint(v1.target), 'Collect', ['{"name":"a"}', '{"name":"b"}'])
    expect(messagesOf(collected)).toEqual([{ message: 'a,b', index: 2 }])
    const chat = await call(endpoint(v1.target), 'Chat', ['{"name":"x"}', '{"name":"y"}'])
    expect(messagesOf(chat)).toEqual([
      { message: 'echo x', index: 1 },
      { message: 'echo y', index: 2 },
    ])
    expect(statusOf(chat)).toMatchObject({ name: 'OK' })
  })

  it('a deadline ends a slow call with DEADLINE_EXCEEDED', async () => {
    const frames = await call(endpoint(v1.target), 'Slow', ['{"delay_ms":2000}'], 200)
    expect(statusOf(frames)).toMatchObject({ code: 4, name: 'DEADLINE_EXCEEDED' })
  })

  it('refuses a bad message before sending, naming the field', async () => {
    await expect(call(endpoint(v1.target), 'SayHello', ['{"name":5}'])).rejects.toThrow(
      'message.name: expected a string, got number 5',
    )
    await expect(call(endpoint(v1.target), 'SayHello', ['{"name":'])).rejects.toThrow(/not valid JSON/u)
  })

  it('refuses a malformed target by name', () => {
    expect(() => parseTarget('http://localhost:50051')).toThrow(GrpcInputError)
    expect(() => parseTarget('localhost')).toThrow('"localhost" is not host:port (e.g. localhost:50051)')
    expect(parseTarget('[::1]:80')).toEqual({ host: '::1', port: 80 })
  })
})

describe('gRPC over TLS', () => {
  it('trusts the custom CA, presents the client certificate, and fails clearly without the CA', async () => {
    const certs = makeTestCerts()
    const server = await startGrpcServer({
      tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requireClientCert: true },
    })
    try {
      const tlsSettings = tlsToJson({
        verify: true,
        caPem: [certs.caPem],
        clientCertificates: [{ host: '127.0.0.1', certPem: certs.clientCert, keyPem: certs.clientKey }],
      })
      const frames = await call(endpoint(server.target, { tls: true, tlsSettings }), 'SayHello', [
        '{"name":"tls"}',
      ])
      expect(messagesOf(frames)).toEqual([{ message: 'Hello, tls', index: 0 }])
      const untrusted = tlsToJson({ verify: true, caPem: [], clientCertificates: [] })
      await expect(catalogOf(endpoint(server.target, { tls: true, tlsSettings: untrusted }))).rejects.toThrow(
        /Reflection failed: .*(certificate|self.signed|UNABLE)/iu,
      )
    } finally {
      await server.close()
    }
  })
})
