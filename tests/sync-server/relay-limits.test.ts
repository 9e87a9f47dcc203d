/** The relay's own time limit holds whatever the caller asks, event streams included. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { createRelayTransport } from '../../src/runtime/transport/relay.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { startTestServer } from '../helpers/sync-server.ts'

let echo: EchoServer
let node: NodeTransport

beforeAll(async () => {
  echo = await startEchoServer()
  node = createNodeTransport()
})

afterAll(async () => {
  await node.close()
  await echo.close()
})

describe('relay time limit', () => {
  it('ends a relayed exchange that outlives --max-relay-ms, event streams included', async () => {
    const limited = await startTestServer({ transport: node }, { args: ['--max-relay-ms', '300'] })
    try {
      const relay = createRelayTransport({ baseUrl: limited.url, token: limited.secrets.accessToken })
      const get = (path: string) => ({ method: 'GET', url: `${echo.url}${path}`, headers: [], body: null })
      await expect(relay.send(get('/delay/3000'), {})).rejects.toMatchObject({ code: 'timeout' })
      const response = await relay.send(get('/sse?count=0&interval=20'), {})
      const reader = response.bodyStream!.getReader()
      const drained = (async () => {
        for (;;) if ((await reader.read()).done) return
      })()
      await expect(drained).rejects.toMatchObject({ code: 'timeout' })
    } finally {
      await limited.remove()
    }
  })
})
