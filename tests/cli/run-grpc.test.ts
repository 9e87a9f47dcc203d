import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCollection, makeRequest, makeRow, makeVariable } from '../../src/model/factories.ts'
import { makeGrpcSpec } from '../../src/model/realtime/grpc.ts'
import { serializeSendboxCollection } from '../../src/model/import/sendbox.ts'
import { startGrpcServer, type GrpcFixture } from '../fixtures/grpc-server.ts'
import { fixtureProtos } from '../grpc/helpers.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { runGrpcRequest } from '../../src/runtime/realtime/grpc/run.ts'

let reflecting: GrpcFixture
let bare: GrpcFixture
beforeAll(async () => {
  ;[reflecting, bare] = await Promise.all([startGrpcServer(), startGrpcServer({ reflection: 'none' })])
})
afterAll(async () => {
  await Promise.all([reflecting.close(), bare.close()])
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
    const fill = (text: string) => text
    const unary = await runGrpcRequest(
      grpcRequest('u', reflecting.target, { method: 'SayHello', message: '{"name":"a"}' }),
      fill,
    )
    const stream = await runGrpcRequest(
      grpcRequest('s', reflecting.target, { method: 'CountTo', message: '{"count":2}' }),
      fill,
    )
    const body = (result: typeof unary) =>
      result.outcome === 'done' ? JSON.parse(new TextDecoder().decode(result.response.body)) : result
    expect(body(unary)).toEqual({ message: 'Hello, a', index: 0 })
    expect(body(stream)).toEqual([
      { message: 'count 1', index: 1 },
      { message: 'count 2', index: 2 },
    ])
    const collect = await runGrpcRequest(
      grpcRequest('c', reflecting.target, { method: 'Collect', message: '[{"name":"x"},{"name":"y"}]' }),
      fill,
    )
    expect(body(collect)).toEqual({ message: 'x,y', index: 2 })
  })
})
