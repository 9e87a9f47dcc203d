import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCollection, makeRequest, makeRow, makeVariable } from '../../src/model/factories.ts'
import { makeGrpcSpec } from '../../src/model/realtime/grpc.ts'
import { serializeSendboxCollection } from '../../src/model/import/sendbox.ts'
import { startGrpcServer, type GrpcFixture } from '../fixtures/grpc-server.ts'
import { fixtureProtos } from '../grpc/helpers.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

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
      run: {
        executions: {
          item: { name: string }
          response?: { code: number; status: string; body?: string }
          requestError?: { message: string }
        }[]
      }
    }
    const byName = new Map(report.run.executions.map((e) => [e.item.name, e]))
    expect(byName.get('Hello')?.response).toMatchObject({ code: 0, status: 'OK' })
    expect(JSON.stringify(byName.get('Hello'))).toContain('Hello, cli')
    expect(JSON.stringify(byName.get('Count'))).toContain('count 2')
    expect(JSON.stringify(byName.get('From protos'))).toContain('Hello, proto')
    expect(byName.get('Fails')?.response).toMatchObject({
      code: 3,
      status: 'INVALID_ARGUMENT name must not be x',
    })
    expect(JSON.stringify(byName.get('Bad field'))).toContain(
      'message.nmae: unknown field in demo.HelloRequest',
    )
    expect(code).not.toBe(0)
  })
})
