/**
 * Malformed TLS fields in a relay request are the caller's mistake: a 400 naming the field, before
 * anything is sent upstream, and nothing in the server's log. Well-formed ones still pass.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { encodeRelayRequest, type TlsJson } from '../../src/runtime/transport/relay-protocol.ts'
import { startRelayStack, type RelayStack } from '../helpers/sync-server.ts'

let stack: RelayStack

beforeAll(async () => {
  stack = await startRelayStack()
})
afterAll(() => stack.close())

const CERT = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n'

/** A relay request whose meta carries `tls` exactly as given (no client-side encoding). */
function withTls(tls: unknown): Uint8Array<ArrayBuffer> {
  const plain = encodeRelayRequest(
    { method: 'GET', url: `${stack.echo.url}/get`, headers: [], body: null },
    {},
  )
  const length = new DataView(plain.buffer).getUint32(0)
  const meta = JSON.parse(new TextDecoder().decode(plain.subarray(4, 4 + length))) as {
    options: Record<string, unknown>
  }
  meta.options.tls = tls
  const json = new TextEncoder().encode(JSON.stringify(meta))
  const out = new Uint8Array(4 + json.length)
  new DataView(out.buffer).setUint32(0, json.length)
  out.set(json, 4)
  return out
}

async function post(
  body: Uint8Array<ArrayBuffer>,
): Promise<{ status: number; body: { code?: string; message?: string } }> {
  const response = await fetch(`${stack.server.url}/relay`, {
    method: 'POST',
    headers: { authorization: `Bearer ${stack.server.secrets.accessToken}` },
    body,
  })
  return { status: response.status, body: (await response.json()) as { code?: string; message?: string } }
}

const tls = (patch: Partial<TlsJson>, certificate?: Record<string, unknown>): unknown => ({
  verify: true,
  caPem: [],
  clientCertificates: certificate ? [{ host: '127.0.0.1', ...certificate }] : [],
  ...patch,
})

describe('relay: malformed TLS fields', () => {
  const cases: [string, unknown, RegExp][] = [
    ['pfxBase64 with characters outside base64', tls({}, { pfxBase64: '!!!!' }), /pfxBase64/],
    ['pfxBase64 of the wrong length', tls({}, { pfxBase64: 'abcde' }), /pfxBase64/],
    ['certPem that is not PEM', tls({}, { certPem: 'not a certificate', keyPem: CERT }), /certPem/],
    ['keyPem that is not PEM', tls({}, { certPem: CERT, keyPem: 'garbage' }), /keyPem/],
    ['a caPem entry that is not PEM', tls({ caPem: [CERT, 'nope'] }), /caPem\[1\]/],
  ]
  for (const [name, value, field] of cases) {
    it(`answers 400 naming the field: ${name}`, async () => {
      const logged = vi.spyOn(console, 'error')
      const before = stack.echo.seen.length
      const answer = await post(withTls(value))
      expect(answer.status).toBe(400)
      expect(answer.body.code).toBe('invalid-request')
      expect(answer.body.message).toMatch(field)
      expect(stack.echo.seen.length).toBe(before)
      expect(logged).not.toHaveBeenCalled()
      logged.mockRestore()
    })
  }

  it('still relays with well-formed (if unused) certificate fields', async () => {
    const answer = await fetch(`${stack.server.url}/relay`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.server.secrets.accessToken}` },
      body: withTls(tls({ caPem: [CERT] }, { host: 'elsewhere.example', pfxBase64: 'AAEC', certPem: CERT })),
    })
    expect(answer.status).toBe(200)
  })
})
