/**
 * The HTTP version option through the relay: the page's relay transport sends it, the
 * sync-server checks it and hands it to its Node transport, and the answer says which
 * protocol was spoken, with HTTP/2's `:status` apart from the headers.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { encodeRelayRequest } from '../../src/runtime/transport/relay-protocol.ts'
import { startCleartextH2, type H2Server, type Seen } from '../helpers/h2-servers.ts'
import { startRelayStack, type RelayStack } from '../helpers/sync-server.ts'

let stack: RelayStack
let h2c: H2Server

beforeAll(async () => {
  stack = await startRelayStack()
  h2c = await startCleartextH2()
})
afterAll(async () => {
  await stack.close()
  await h2c.close()
})

describe('relay: HTTP version', () => {
  it('speaks h2c upstream when asked, and says so', async () => {
    const response = await stack.relay.send(
      { method: 'GET', url: `${h2c.url}/relayed`, headers: [['X-Case', 'Kept']], body: null },
      { httpVersion: 'h2c', timeoutMs: 5000 },
    )
    expect(response.status).toBe(200)
    expect(response.httpVersion).toBe('2')
    expect(response.pseudoHeaders).toEqual([[':status', '200']])
    expect(response.headers.some(([name]) => name.startsWith(':'))).toBe(false)
    const seen = JSON.parse(new TextDecoder().decode(response.body)) as Seen
    expect(seen.httpVersion).toBe('2.0')
    expect(seen.headers['x-case']).toBe('Kept')
  })

  it('keeps HTTP/1.1 on plain TCP by default', async () => {
    const response = await stack.relay.send(
      { method: 'GET', url: `${stack.echo.url}/get`, headers: [], body: null },
      { timeoutMs: 5000 },
    )
    expect(response.httpVersion).toBe('1.1')
    expect(response.pseudoHeaders).toBeUndefined()
  })

  it('refuses an unknown version with a 400 naming it', async () => {
    const plain = encodeRelayRequest({ method: 'GET', url: `${h2c.url}/x`, headers: [], body: null }, {})
    const length = new DataView(plain.buffer).getUint32(0)
    const meta = JSON.parse(new TextDecoder().decode(plain.subarray(4, 4 + length))) as {
      options: Record<string, unknown>
    }
    meta.options.httpVersion = '3'
    const json = new TextEncoder().encode(JSON.stringify(meta))
    const body = new Uint8Array(4 + json.length)
    new DataView(body.buffer).setUint32(0, json.length)
    body.set(json, 4)
    const answer = await fetch(`${stack.server.url}/relay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.server.secrets.accessToken}` },
      body,
    })
    expect(answer.status).toBe(400)
    const error = (await answer.json()) as { message: string }
    expect(error.message).toContain('httpVersion must be one of auto, 1.1, 2, h2c, got "3"')
  })
})
