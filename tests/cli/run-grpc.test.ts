import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  makeCollection,
  makeFolder,
  makeRequest,
  makeRow,
  makeScripts,
  makeVariable,
} from '../../src/model/factories.ts'
import { makeGrpcSpec } from '../../src/model/realtime/grpc.ts'
import { serializeSendboxCollection } from '../../src/model/import/sendbox.ts'
import { startGrpcServer, type GrpcFixture } from '../fixtures/grpc-server.ts'
import { fixtureProtos } from '../grpc/helpers.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { runGrpcRequest } from '../../src/runtime/realtime/grpc/run.ts'
import type { RequestSpec } from '../../src/model/types.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'

let reflecting: GrpcFixture
let bare: GrpcFixture
let node: NodeTransport
beforeAll(async () => {
  ;[reflecting, bare] = await Promise.all([startGrpcServer(), startGrpcServer({ reflection: 'none' })])
  node = createNodeTransport()
})
afterAll(async () => {
  await Promise.all([reflecting.close(), bare.close(), node.close()])
})

const grpcRequest = (name: string, url: string, fields: Parameters<typeof makeGrpcSpec>[0]) =>
  makeRequest({
    kind: 'grpc',
    name,
    url,
    headers: [makeRow({ key: 'x-echo-who', value: '{{who}}' })],
    grpc: makeGrpcSpec({ service: 'demo.Greeter', ...fields }),
  })

describe('sendbox run with gRPC requests', () => {
  it('runs unary and server-streaming calls in process and reports status and replies', async () => {
    const collection = makeCollection({
      name: 'gRPC',
      variables: [makeVariable({ key: 'who', value: 'cli' })],
      children: [
        grpcRequest('Hello', '{{target}}', { method: 'SayHello', message: '{"name":"{{who}}"}' }),
        grpcRequest('Count', reflecting.target, { method: 'CountTo', message: '{"count":2}' }),
        grpcRequest('From protos', bare.target, {
          method: 'SayHello',
          source: 'proto',
          protoFiles: fixtureProtos(),
          message: '{"name":"proto"}',
        }),
        grpcRequest('Fails', reflecting.target, { method: 'Fail', message: '{"name":"x"}' }),
        grpcRequest('Bad field', reflecting.target, { method: 'SayHello', message: '{"nmae":"x"}' }),
      ],
    })
    const dir = writeFiles({ 'c.sendbox.json': serializeSendboxCollection(collection) })
    const { stdout, code } = await runSendbox(
      ['run', 'c.sendbox.json', '--env-var', `target=${reflecting.target}`, '-r', 'json'],
      { cwd: dir },
    )
    const report = JSON.parse(stdout) as {
      executions: {
        name: string
        error: string | null
        response: { code: number; status: string; headers: string[][] } | null
      }[]
    }
    const byName = new Map(report.executions.map((e) => [e.name, e]))
    expect(byName.get('Hello')?.response).toMatchObject({ code: 0, status: 'OK' })
    expect(byName.get('Hello')?.response?.headers).toEqual(
      expect.arrayContaining([
        ['x-echo-who', 'cli'],
        ['x-trailer', 'done'],
      ]),
    )
    expect(byName.get('Count')?.response).toMatchObject({ code: 0 })
    expect(byName.get('From protos')?.response).toMatchObject({ code: 0, status: 'OK' })
    expect(byName.get('Fails')?.response).toMatchObject({
      code: 3,
      status: 'INVALID_ARGUMENT name must not be x',
    })
    expect(byName.get('Bad field')?.error).toContain('message.nmae: unknown field in demo.HelloRequest')
    expect(code).not.toBe(0)
  })

  it('gives the replies as the JSON body: one object for unary, an array for a stream', async () => {
    const run = (request: RequestSpec) =>
      runGrpcRequest({ request, variables: new VariableContext() }, { transport: node })
    const unary = await run(
      grpcRequest('u', reflecting.target, { method: 'SayHello', message: '{"name":"a"}' }),
    )
    const stream = await run(
      grpcRequest('s', reflecting.target, { method: 'CountTo', message: '{"count":2}' }),
    )
    const body = (result: typeof unary) =>
      result.outcome === 'done' ? JSON.parse(new TextDecoder().decode(result.response.body)) : result
    expect(body(unary)).toEqual({ message: 'Hello, a', index: 0 })
    expect(body(stream)).toEqual([
      { message: 'count 1', index: 1 },
      { message: 'count 2', index: 2 },
    ])
    const collect = await run(
      grpcRequest('c', reflecting.target, { method: 'Collect', message: '[{"name":"x"},{"name":"y"}]' }),
    )
    expect(body(collect)).toEqual({ message: 'x,y', index: 2 })
  })

  it('runs the pre-request scripts and applies inherited auth before the call; a throwing script stops it', async () => {
    const scripted = makeRequest({
      ...grpcRequest('Scripted', reflecting.target, { method: 'SayHello', message: '{"name":"{{who}}"}' }),
      scripts: makeScripts({ preRequest: "pm.variables.set('who', 'from-script')" }),
    })
    const throws = makeRequest({
      ...grpcRequest('Throws', reflecting.target, { method: 'SayHello', message: '{}' }),
      scripts: makeScripts({ preRequest: "throw new Error('stop here')" }),
    })
    const collection = makeCollection({
      name: 'gRPC scripts',
      auth: { type: 'bearer', token: '{{token}}' },
      scripts: makeScripts({ preRequest: "pm.environment.set('token', 'cli-token')" }),
      children: [makeFolder({ name: 'F', children: [scripted] }), throws],
    })
    const dir = writeFiles({ 'c.sendbox.json': serializeSendboxCollection(collection) })
    const before = reflecting.calls.length
    const { stdout, code } = await runSendbox(['run', 'c.sendbox.json', '-r', 'json'], { cwd: dir })
    const report = JSON.parse(stdout) as {
      executions: {
        name: string
        error: string | null
        response: { code: number; headers: string[][] } | null
      }[]
    }
    const byName = new Map(report.executions.map((e) => [e.name, e]))
    expect(byName.get('Scripted')?.response?.code).toBe(0)
    expect(byName.get('Scripted')?.response?.headers).toEqual(
      expect.arrayContaining([['x-echo-who', 'from-script']]),
    )
    expect(byName.get('Throws')?.error).toBe('Request not sent: Error: stop here')
    expect(byName.get('Throws')?.response).toBeNull()
    const arrived = reflecting.calls.slice(before)
    expect(arrived).toHaveLength(1)
    expect(arrived[0]!.metadata).toMatchObject({
      authorization: 'Bearer cli-token',
      'x-echo-who': 'from-script',
    })
    expect(code).not.toBe(0)
  })
})
