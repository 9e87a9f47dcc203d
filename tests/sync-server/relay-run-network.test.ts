/**
 * A collection run on the relay (`POST /relay/run`) sends with the run's proxy, custom CA, client
 * certificate and HTTP version, as a single relayed send does (relay-network.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeCollection, makeEnvironment, makeRequest, makeScripts } from '../../src/model/factories.ts'
import type { RequestSpec } from '../../src/model/types.ts'
import { runOnRelay } from '../../src/runtime/app-run/relay-run.ts'
import type { AppRunSpec } from '../../src/runtime/app-run/types.ts'
import type { RunRow } from '../../src/runtime/report/run-row.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeTestCerts, type TestCerts } from '../helpers/certs.ts'
import { startCleartextH2 } from '../helpers/h2-servers.ts'
import { proxySettings, startHttpProxy, type CountingProxy } from '../helpers/proxy-servers.ts'
import { startRelayStack, type RelayStack } from '../helpers/sync-server.ts'

let stack: RelayStack
let certs: TestCerts
let tlsEcho: EchoServer
let proxy: CountingProxy
beforeAll(async () => {
  certs = makeTestCerts()
  stack = await startRelayStack()
  tlsEcho = await startEchoServer({
    tls: { key: certs.serverKey, cert: certs.serverCert, ca: certs.caPem, requestCert: true },
  })
  proxy = await startHttpProxy()
})
afterAll(async () => {
  await stack.close()
  await tlsEcho.close()
  await proxy.close()
})

const CHECK = "pm.test('ok', () => pm.response.to.have.status(200))"

function specOf(requests: RequestSpec[], options: AppRunSpec['options']): AppRunSpec {
  return {
    name: 'Net',
    collection: makeCollection({ name: 'Net', children: requests }),
    globals: makeEnvironment({ name: '' }),
    session: [],
    iterationCount: 2,
    delayMs: 0,
    bail: false,
    options,
    formatJson: false,
    defaultHeaders: true,
    tokens: [],
  }
}

async function run(spec: AppRunSpec): Promise<RunRow[]> {
  const rows: RunRow[] = []
  const endpoint = { url: `${stack.server.url}/relay`, token: stack.server.secrets.accessToken }
  const result = await runOnRelay(
    spec,
    endpoint,
    {
      onBatch: (b) => rows.push(...b.rows),
      onToken: () => {},
      readFile: () => Promise.reject(new Error('none')),
    },
    new AbortController().signal,
  )
  expect(result?.end).toBeDefined()
  return [...rows, ...result!.batch.rows]
}

describe('a run on the relay, with the relay’s network settings', () => {
  it('goes through the run’s HTTP proxy, every request', async () => {
    const before = proxy.forwarded.length
    const get = makeRequest({
      name: 'Via',
      url: `${stack.echo.url}/anything/via-proxy`,
      scripts: makeScripts({ postResponse: CHECK }),
    })
    const rows = await run(specOf([get], { proxy: proxySettings('http', proxy.port) }))
    expect(rows.map((r) => r.failed)).toEqual([false, false])
    expect(proxy.forwarded.slice(before).filter((url) => url.includes('/anything/via-proxy'))).toHaveLength(2)
  })

  it('trusts the run’s CA and presents its client certificate; without the CA the TLS failure is the row’s', async () => {
    const mtls = makeRequest({
      name: 'mTLS',
      url: `${tlsEcho.url}/anything/mtls`,
      scripts: makeScripts({ postResponse: CHECK }),
    })
    const tls = {
      verify: true,
      caPem: [certs.caPem],
      clientCertificates: [{ host: '127.0.0.1', certPem: certs.clientCert, keyPem: certs.clientKey }],
    }
    const rows = await run(specOf([mtls], { tls, httpVersion: '1.1' }))
    expect(rows.map((r) => `${r.failed} ${r.response?.status} ${r.response?.httpVersion}`)).toEqual([
      'false 200 1.1',
      'false 200 1.1',
    ])
    const untrusted = await run(specOf([mtls], { tls: { verify: true, caPem: [], clientCertificates: [] } }))
    expect(untrusted[0]!.failed).toBe(true)
    expect(untrusted[0]!.execution.outcome).toBe('failed')
    expect(untrusted[0]!.execution.error ?? '').toMatch(/certificate|TLS/i)
  })

  it('speaks the run’s HTTP version (HTTP/2 with prior knowledge)', async () => {
    const h2 = await startCleartextH2()
    try {
      const get = makeRequest({
        name: 'H2',
        url: `${h2.url}/h2`,
        scripts: makeScripts({ postResponse: CHECK }),
      })
      const rows = await run(specOf([get], { httpVersion: 'h2c' }))
      expect(rows.map((r) => `${r.failed} ${r.response?.httpVersion}`)).toEqual(['false 2', 'false 2'])
      expect(h2.seen.map((seen) => seen.httpVersion)).toEqual(['2.0', '2.0'])
    } finally {
      await h2.close()
    }
  })
})
