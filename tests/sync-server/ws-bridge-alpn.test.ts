/**
 * The WebSocket bridge's upstream is an HTTP/1.1 Upgrade: against a TLS server that also speaks
 * HTTP/2 (a node:http2 server allowing HTTP/1.1), its handshake must not pick h2 by ALPN.
 */
import http2 from 'node:http2'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { WebSocketServer } from 'ws'
import { openUpstream } from '../../sync-server/ws-bridge-upstream.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'

let certs: TestCerts
let server: http2.Http2SecureServer
let port: number
const wss = new WebSocketServer({ noServer: true })

beforeAll(async () => {
  certs = makeTestCerts()
  server = http2.createSecureServer({ key: certs.serverKey, cert: certs.serverCert, allowHTTP1: true })
  server.on('upgrade', (req, socket, head) =>
    wss.handleUpgrade(req, socket, head, (ws) => ws.on('message', (data) => ws.send(`echo ${String(data)}`))),
  )
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  port = (server.address() as AddressInfo).port
})

afterAll(async () => {
  for (const client of wss.clients) client.terminate()
  await new Promise((resolve) => server.close(resolve))
})

it('opens a WebSocket over TLS to a server that offers HTTP/2 too', async () => {
  const upstream = openUpstream({
    url: `wss://127.0.0.1:${port}/`,
    headers: {},
    protocols: [],
    tls: { verify: true, caPem: [certs.caPem], clientCertificates: [] },
    maxPayload: 1024 * 1024,
  })
  const reply = await new Promise<string>((resolve, reject) => {
    upstream.socket.on('open', () => upstream.socket.send('hi'))
    upstream.socket.on('message', (data) => resolve(String(data)))
    upstream.socket.on('error', reject)
  })
  expect(reply).toBe('echo hi')
  upstream.socket.close()
})
