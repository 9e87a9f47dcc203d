/**
 * The hand-off (src/runtime/script/hand-off.ts) against a real sync-server and echo server: the
 * request a script runner builds and sends to the relay, and the page's relay transport reading
 * the answer to a call it did not make itself, as the script worker and its client do it.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { fromUtf8 } from '../../src/model/encoding.ts'
import type { RequestSpec } from '../../src/model/types.ts'
import { VariableContext } from '../../src/model/variables.ts'
import type { WireRequest } from '../../src/model/wire.ts'
import {
  buildHandedOff,
  canHandOff,
  relayInit,
  warmUpBuild,
  type HandOff,
} from '../../src/runtime/script/hand-off.ts'
import { createRelayTransport } from '../../src/runtime/transport/relay.ts'
import type { EchoServer } from '../fixtures/echo-server.ts'
import { startRelayStack, type RelayStack, type TestServer } from '../helpers/sync-server.ts'

let stack: RelayStack
let echo: EchoServer
let server: TestServer

beforeAll(async () => {
  stack = await startRelayStack()
  ;({ echo, server } = stack)
})

afterAll(() => stack.close())

function spec(url: string): RequestSpec {
  return {
    type: 'request',
    id: 'r1',
    kind: 'http',
    name: 'Token user',
    method: 'POST',
    url,
    params: [],
    headers: [{ id: 'h1', key: 'X-Plain', value: 'plain', enabled: true }],
    cookies: [],
    body: { type: 'raw', language: 'json', text: '{"user":"{{user}}"}' },
    auth: { type: 'inherit' },
    scripts: { preRequest: 'x', postResponse: '' },
  } as RequestSpec
}

function handOff(url: string): HandOff {
  return {
    relay: { url: `${server.url}/relay`, token: server.secrets.accessToken },
    request: spec(url),
    parentAuth: [{ auth: { type: 'bearer', token: '{{token}}' }, name: 'API', kind: 'collection' }],
    formatJson: false,
    options: { timeoutMs: 5000 },
  }
}

describe('hand-off', () => {
  it('builds with what the script left (a token in the session, req.* changes) and the relay sends it', async () => {
    const variables = new VariableContext([], new Map([['user', 'ada']]))
    // As a pre-request callback leaves it: the token recipe of spec 5.4.
    variables.session.set('token', 'tok-123')
    const off = handOff(`${echo.url}/anything/hand-off`)
    const wire = await buildHandedOff(off, variables, {
      setHeaders: [['X-From-Script', 'yes']],
      deleteHeaders: ['x-plain'],
    })
    expect(wire.headers).toContainEqual(['Authorization', 'Bearer tok-123'])
    expect(wire.headers).toContainEqual(['X-From-Script', 'yes'])
    expect(wire.headers.some(([name]) => name.toLowerCase() === 'x-plain')).toBe(false)
    expect(fromUtf8(wire.body!)).toBe('{"user":"ada"}')

    // The worker's call, then the page's relay transport reading its answer.
    const started = fetch(off.relay.url, relayInit(off.relay, wire, off.options))
    const relay = createRelayTransport({ baseUrl: '', token: off.relay.token, fetch: () => started })
    const response = await relay.send({ ...wire, body: null }, off.options)
    expect(response.status).toBe(200)
    const seen = echo.seen.at(-1)!
    expect(seen.path).toBe('/anything/hand-off')
    expect(seen.headers).toContainEqual(['Authorization', 'Bearer tok-123'])
    expect(seen.body).toBe('{"user":"ada"}')
    expect(JSON.parse(fromUtf8(response.body)).headers).toContainEqual(['X-From-Script', 'yes'])
  })

  it('makes the relay call exactly as the relay transport does', async () => {
    const off = handOff(`${echo.url}/get`)
    const wire: WireRequest = { method: 'GET', url: `${echo.url}/get`, headers: [['A', 'b']], body: null }
    let seen: [string, RequestInit | undefined] | undefined
    const relay = createRelayTransport({
      baseUrl: server.url,
      token: off.relay.token,
      fetch: (url, init) => {
        seen = [String(url), init]
        return Promise.reject(new Error('captured'))
      },
    })
    await relay.send(wire, off.options).catch(() => undefined)
    const { signal: _signal, ...init } = seen![1]!
    expect(seen![0]).toBe(off.relay.url)
    expect(init).toEqual(relayInit(off.relay, wire, off.options))
  })

  it('a relay error answer reads as the transport error it is', async () => {
    const off = handOff('http://127.0.0.1:9/nothing')
    const wire = await buildHandedOff(off, new VariableContext([], new Map()), {
      setHeaders: [],
      deleteHeaders: [],
    })
    const started = fetch(off.relay.url, relayInit(off.relay, wire, off.options))
    const relay = createRelayTransport({ baseUrl: '', token: off.relay.token, fetch: () => started })
    await expect(relay.send({ ...wire, body: null }, off.options)).rejects.toMatchObject({
      code: 'unreachable',
    })
  })

  it('the warm-up builds a sample request and sends nothing', async () => {
    const before = echo.seen.length
    const init = (await warmUpBuild()) as RequestInit
    expect(init.body).toBeInstanceOf(Uint8Array)
    expect(echo.seen.length).toBe(before)
  })

  it('leaves requests with file rows to the page', () => {
    const file = {
      id: 'f',
      key: 'upload',
      value: '',
      enabled: true,
      type: 'file' as const,
      fileRef: 'file-1',
    }
    expect(canHandOff({ type: 'form-data', rows: [file] })).toBe(false)
    expect(canHandOff({ type: 'form-data', rows: [{ ...file, enabled: false }] })).toBe(true)
    expect(canHandOff({ type: 'raw', language: 'json', text: '{}' })).toBe(true)
  })
})
