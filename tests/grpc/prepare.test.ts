import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeRequest, makeRow, makeScripts } from '../../src/model/factories.ts'
import { makeGrpcSpec } from '../../src/model/realtime/grpc.ts'
import type { Auth, RequestSpec } from '../../src/model/types.ts'
import { VariableContext } from '../../src/model/variables.ts'
import type { OAuthToken } from '../../src/model/workspace/types.ts'
import { prepareGrpc } from '../../src/runtime/realtime/grpc/prepare.ts'
import { runGrpcRequest } from '../../src/runtime/realtime/grpc/run.ts'
import { send, type ParentScope, type SendResult } from '../../src/runtime/send.ts'
import { createScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import type { ScriptRunner } from '../../src/runtime/script/types.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startGrpcServer, type GrpcFixture } from '../fixtures/grpc-server.ts'

let server: GrpcFixture
let node: NodeTransport
let scripts: ScriptRunner
beforeAll(async () => {
  server = await startGrpcServer()
  node = createNodeTransport()
  scripts = await createScriptRunner()
})
afterAll(async () => {
  await node.close()
  await server.close()
})

const hello = (fields: Partial<RequestSpec> = {}) =>
  makeRequest({
    kind: 'grpc',
    name: 'Hello',
    url: server.target,
    grpc: makeGrpcSpec({ service: 'demo.Greeter', method: 'SayHello', message: '{"name":"{{who}}"}' }),
    ...fields,
  })

const parent = (kind: ParentScope['kind'], name: string, auth: Auth, preRequest = ''): ParentScope => ({
  kind,
  id: `${kind}-${name}`,
  name,
  auth,
  scripts: makeScripts({ preRequest }),
})

async function call(
  request: RequestSpec,
  parents: ParentScope[] = [],
  tokens = new Map<string, OAuthToken>(),
) {
  const before = server.calls.length
  const result = await runGrpcRequest(
    { request, parents, variables: new VariableContext([], new Map()) },
    {
      transport: node,
      scripts,
      oauth: { store: { get: (id) => tokens.get(id), set: (id, token) => void tokens.set(id, token) } },
    },
  )
  return { result, arrived: server.calls.slice(before) }
}

const reply = (result: SendResult) =>
  result.outcome === 'done' ? (JSON.parse(new TextDecoder().decode(result.response.body)) as unknown) : result

describe('a gRPC call goes through the pre-request script and the auth first', () => {
  it('uses variables a pre-request script set in the target, the metadata and the message', async () => {
    const { result, arrived } = await call(
      hello({
        url: '{{host}}',
        headers: [makeRow({ key: 'x-echo-who', value: '{{who}}' })],
        scripts: makeScripts({
          preRequest: `pm.variables.set('who', 'scripted'); pm.environment.set('host', '${server.target}')`,
        }),
      }),
    )
    expect(reply(result)).toEqual({ message: 'Hello, scripted', index: 0 })
    expect(arrived).toHaveLength(1)
    expect(arrived[0]!.metadata).toMatchObject({ 'x-echo-who': 'scripted' })
    // The pipeline's User-Agent is not sent as metadata (grpc-js sends its own).
    expect(arrived[0]!.metadata['user-agent']).toMatch(/^grpc-node-js/u)
  })

  it('sends Bearer, Basic, API key (header) and an OAuth 2.0 token it holds as metadata', async () => {
    const bearer = await call(hello({ auth: { type: 'bearer', token: 'tok-{{who}}' } }), [
      parent('collection', 'C', { type: 'none' }, "pm.variables.set('who', 'b')"),
    ])
    expect(bearer.result.outcome).toBe('done')
    expect(bearer.arrived[0]!.metadata.authorization).toBe('Bearer tok-b')

    const basic = await call(hello({ auth: { type: 'basic', username: 'ada', password: 'pw' } }))
    expect(basic.arrived[0]!.metadata.authorization).toBe(`Basic ${btoa('ada:pw')}`)

    const key = await call(
      hello({ auth: { type: 'apikey', key: 'X-Api-Key', value: 'k1', addTo: 'header' } }),
    )
    expect(key.arrived[0]!.metadata['x-api-key']).toBe('k1')

    const request = hello({
      auth: {
        type: 'oauth2',
        grant: 'authorization-code',
        accessToken: '',
        authUrl: 'http://127.0.0.1:1/auth',
        tokenUrl: 'http://127.0.0.1:1/token',
        clientId: 'c',
        clientSecret: '',
        scope: '',
      },
    })
    const held = await call(request, [], new Map([[request.id, { accessToken: 'held-token' }]]))
    expect(held.arrived[0]!.metadata.authorization).toBe('Bearer held-token')
  })

  it('inherits the auth of the nearest folder, else the collection, as HTTP does', async () => {
    const folder = parent('folder', 'F', { type: 'bearer', token: 'from-folder' })
    const collection = parent('collection', 'C', { type: 'bearer', token: 'from-collection' })
    const fromFolder = await call(hello({ auth: { type: 'inherit' } }), [folder, collection])
    expect(fromFolder.arrived[0]!.metadata.authorization).toBe('Bearer from-folder')
    const fromCollection = await call(hello({ auth: { type: 'inherit' } }), [
      parent('folder', 'F', { type: 'inherit' }),
      collection,
    ])
    expect(fromCollection.arrived[0]!.metadata.authorization).toBe('Bearer from-collection')
    // A metadata row of the user's wins over the auth, as a header does for HTTP.
    const own = await call(
      hello({ auth: { type: 'inherit' }, headers: [makeRow({ key: 'authorization', value: 'Mine' })] }),
      [collection],
    )
    expect(own.arrived[0]!.metadata.authorization).toBe('Mine')
  })

  it('a throwing pre-request script: nothing is called, and the first line of its error is the reason', async () => {
    const { result, arrived } = await call(
      hello({ scripts: makeScripts({ preRequest: "throw new Error('no token today\\nsecond line')" }) }),
    )
    expect(arrived).toEqual([])
    expect(result).toMatchObject({ outcome: 'not-sent', error: 'Error: no token today' })
    // A collection's script runs first and stops it as well.
    const parentThrows = await call(hello(), [
      parent('collection', 'C', { type: 'none' }, 'undefinedThing()'),
    ])
    expect(parentThrows.arrived).toEqual([])
    expect(parentThrows.result).toMatchObject({
      outcome: 'not-sent',
      error: expect.stringContaining('undefinedThing'),
    })
  })

  it('refuses auth a gRPC call cannot carry with a message naming it and where it came from', async () => {
    const cases: [Auth, RegExp][] = [
      [
        { type: 'apikey', key: 'k', value: 'v', addTo: 'query' },
        /API Key .*query params.*"Add to" to Header/u,
      ],
      [
        {
          type: 'digest',
          username: 'u',
          password: 'p',
          algorithm: '',
          realm: '',
          nonce: '',
          qop: '',
          opaque: '',
          nonceCount: '',
          clientNonce: '',
        },
        /Digest Auth \(inherited from folder "F"\) cannot be used for gRPC/u,
      ],
      [
        {
          type: 'sigv4',
          accessKeyId: 'a',
          secretAccessKey: 's',
          sessionToken: '',
          region: 'r',
          service: 's',
        },
        /signature v4 \(inherited from folder "F"\) cannot be used for gRPC/u,
      ],
    ]
    for (const [auth, message] of cases) {
      const own = auth.type === 'apikey'
      const { result, arrived } = await call(
        hello({ auth: own ? auth : { type: 'inherit' } }),
        own ? [] : [parent('folder', 'F', auth)],
      )
      expect(arrived).toEqual([])
      expect(result.outcome).toBe('not-sent')
      expect(result.outcome === 'not-sent' && result.error).toMatch(message)
    }
  })

  it('prepares without a call: target, metadata and a fill that knows the script variables', async () => {
    const prepared = await prepareGrpc(
      {
        request: hello({
          headers: [
            makeRow({ key: 'x-a', value: '{{a}}' }),
            makeRow({ key: 'x-off', value: '1', enabled: false }),
          ],
          scripts: makeScripts({
            preRequest: "pm.variables.set('a', '1'); pm.request.headers.add({key: 'x-b', value: '2'})",
          }),
        }),
        variables: new VariableContext([], new Map()),
      },
      { send, transport: node, scripts },
    )
    expect(prepared.ok && prepared.metadata).toEqual([
      ['x-a', '1'],
      ['x-b', '2'],
    ])
    expect(prepared.ok && prepared.fill('{{a}}')).toBe('1')
    expect(prepared.ok && prepared.target).toBe(server.target)
  })
})
