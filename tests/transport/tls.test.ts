import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TlsSettings } from '../../src/model/settings.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { TransportError } from '../../src/runtime/transport/types.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'

let certs: TestCerts
let mutual: EchoServer
let plainTls: EchoServer
let transport: NodeTransport

beforeAll(async () => {
  certs = makeTestCerts()
  mutual = await startEchoServer({
    tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requestCert: true },
  })
  plainTls = await startEchoServer({ tls: { key: certs.serverKey, cert: certs.serverCert } })
  transport = createNodeTransport()
})

afterAll(async () => {
  await transport.close()
  await mutual.close()
  await plainTls.close()
})

const get = (url: string, tls: TlsSettings) =>
  transport.send({ method: 'GET', url: `${url}/get`, headers: [], body: null }, { tls, timeoutMs: 5000 })

async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TransportError)
  return error as TransportError
}

describe('custom CA and verification', () => {
  it('rejects a server whose CA is not trusted, saying so', async () => {
    const error = await failure(get(plainTls.url, { verify: true, caPem: [], clientCertificates: [] }))
    expect(error.code).toBe('tls')
    expect(error.message).toContain(`The SSL certificate of 127.0.0.1:${plainTls.port} is not trusted`)
    expect(error.message).toContain('unknown certificate authority')
  })

  it('trusts the server once its CA is added, next to the built-in roots', async () => {
    const response = await get(plainTls.url, { verify: true, caPem: [certs.caPem], clientCertificates: [] })
    expect(response.status).toBe(200)
    expect(response.timings.tls).toBeGreaterThan(0)
  })

  it('does not trust a CA that did not sign the server certificate', async () => {
    const error = await failure(
      get(plainTls.url, { verify: true, caPem: [certs.otherCaPem], clientCertificates: [] }),
    )
    expect(error.code).toBe('tls')
  })

  it('accepts any certificate with verification off', async () => {
    const response = await get(plainTls.url, { verify: false, caPem: [], clientCertificates: [] })
    expect(response.status).toBe(200)
  })
})

describe('client certificates', () => {
  const base = (): Omit<TlsSettings, 'clientCertificates'> => ({ verify: true, caPem: [certs.caPem] })

  it('fails with a clear tls error when the server requires a certificate and none is set', async () => {
    const error = await failure(get(mutual.url, { ...base(), clientCertificates: [] }))
    expect(error.code).toBe('tls')
    expect(error.message).toContain('requires a client certificate')
    expect(error.message).toContain(`127.0.0.1:${mutual.port}`)
  })

  it('presents a PEM certificate matched by host', async () => {
    const response = await get(mutual.url, {
      ...base(),
      clientCertificates: [
        { host: 'other.example', certPem: certs.strangerCert, keyPem: certs.strangerKey },
        { host: '127.0.0.1', certPem: certs.clientCert, keyPem: certs.clientKey },
      ],
    })
    expect(response.status).toBe(200)
  })

  it('presents a PFX with its passphrase, matched by host:port', async () => {
    const response = await get(mutual.url, {
      ...base(),
      clientCertificates: [
        { host: `127.0.0.1:${mutual.port}`, pfx: certs.clientPfx, passphrase: certs.pfxPassphrase },
      ],
    })
    expect(response.status).toBe(200)
  })

  it('uses a `*` certificate for every host', async () => {
    const response = await get(mutual.url, {
      ...base(),
      clientCertificates: [{ host: '*', certPem: certs.clientCert, keyPem: certs.clientKey }],
    })
    expect(response.status).toBe(200)
  })

  it('does not present a certificate configured for another host', async () => {
    const error = await failure(
      get(mutual.url, {
        ...base(),
        clientCertificates: [{ host: 'api.example.com', certPem: certs.clientCert, keyPem: certs.clientKey }],
      }),
    )
    expect(error.code).toBe('tls')
    expect(error.message).toContain('requires a client certificate')
  })

  it('reports a wrong PFX passphrase', async () => {
    const error = await failure(
      get(mutual.url, {
        ...base(),
        clientCertificates: [{ host: '*', pfx: certs.clientPfx, passphrase: 'wrong' }],
      }),
    )
    expect(error.code).toBe('tls')
    expect(error.message).toBe(
      'Could not load the client certificate for 127.0.0.1: wrong passphrase or damaged file',
    )
  })

  it('is rejected when the certificate comes from a CA the server does not accept', async () => {
    const error = await failure(
      get(mutual.url, {
        ...base(),
        clientCertificates: [{ host: '*', certPem: certs.strangerCert, keyPem: certs.strangerKey }],
      }),
    )
    expect(error.code).toBe('tls')
    expect(error.message).toContain('did not accept the client certificate')
  })
})
