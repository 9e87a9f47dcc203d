/** `GET /sync/time`: the server's clock, which the app purges old deletions by (deleted.ts). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ transport: unusedTransport })
})

afterAll(async () => {
  await server.remove()
})

describe('/sync/time', () => {
  it("answers anyone with the server's clock in milliseconds, never cached", async () => {
    const before = Date.now()
    const response = await fetch(`${server.url}/sync/time`)
    const after = Date.now()
    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('no-store')
    const body = (await response.json()) as { now: number }
    expect(body.now).toBeGreaterThanOrEqual(before)
    expect(body.now).toBeLessThanOrEqual(after)
  })

  it('is read-only: another method is not served', async () => {
    const response = await fetch(`${server.url}/sync/time`, { method: 'POST' })
    expect(response.status).not.toBe(200)
  })
})
