/**
 * Insomnia's saved responses live in its mock servers: each route becomes a request with its
 * response as the example. The v4 file is Insomnia's own (tests/fixtures/import/found/README.md);
 * the v5 one is written to Insomnia 11's schema (`mock.insomnia.rest/5.0`: `server`, `routes`).
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import type { RequestSpec } from '../types.ts'
import { importSource } from './import-source.ts'
import { formatReport } from './report.ts'

const FOUND = resolve(import.meta.dirname, '../../../tests/fixtures/import/found')
const summary = (items: unknown[]) =>
  (items as RequestSpec[]).map((r) => ({
    request: `${r.method} ${r.url}`,
    examples: r.examples?.map((e) => [
      e.name,
      e.status,
      e.headers.map((h) => `${h.key}: ${h.value}`),
      e.body,
    ]),
  }))

describe('Insomnia mock servers as examples', () => {
  it("reads a v4 export's mock routes (a real file from Insomnia's smoke tests)", () => {
    const text = readFileSync(`${FOUND}/insomnia-mock-server.yaml`, 'utf8')
    const bundle = importSource({ kind: 'file', name: 'mock-server.yaml', text })
    expect(bundle.format).toBe('insomnia')
    expect(bundle.collections[0]!.name).toBe('My API Mock')
    expect(summary(bundle.collections[0]!.children)).toEqual([
      {
        request: 'GET http://localhost:8080/',
        examples: [
          ['/', 200, ['Content-Type: application/json', 'X-Mockbin-Test: true'], '{"message":"welcome"}'],
        ],
      },
      {
        request: 'GET http://localhost:8080/healthcheck',
        examples: [
          [
            '/healthcheck',
            200,
            ['Content-Type: application/json', 'X-Mockbin-Test: test'],
            '{"uptime":12345678}',
          ],
        ],
      },
      {
        request: 'GET http://localhost:8080/unauthorized',
        examples: [
          ['/unauthorized', 401, ['Content-Type: application/json'], '{"message":"email is required"}'],
        ],
      },
    ])
    expect(formatReport(bundle.report)).toBe('')
  })

  it('reads a v5 mock file the same way, and reports a route with a method Sendbox lacks', () => {
    const text = stringify({
      type: 'mock.insomnia.rest/5.0',
      schema_version: '5.1',
      name: 'Orders mock',
      meta: { id: 'wrk_1' },
      server: { url: 'https://mock.example/', useInsomniaCloud: false, meta: { id: 'mock_1' } },
      routes: [
        {
          name: '/orders/1',
          method: 'GET',
          body: '{"id":1}',
          statusCode: 200,
          statusText: 'OK',
          mimeType: 'application/json',
          headers: [],
          meta: { id: 'mock-route_1' },
        },
        {
          name: '/orders',
          method: 'BREW',
          body: '',
          statusCode: 418,
          statusText: '',
          mimeType: '',
          headers: [],
        },
      ],
    })
    const bundle = importSource({ kind: 'file', name: 'orders-mock.yaml', text })
    const [order] = bundle.collections[0]!.children as RequestSpec[]
    expect(summary([order])).toEqual([
      {
        request: 'GET https://mock.example/orders/1',
        examples: [['/orders/1', 200, ['Content-Type: application/json'], '{"id":1}']],
      },
    ])
    expect(order!.examples![0]!.statusText).toBe('OK')
    expect(formatReport(bundle.report)).toBe(
      '1 item skipped: mock route "/orders" at routes[1].method (method "BREW" is not supported)',
    )
  })
})
