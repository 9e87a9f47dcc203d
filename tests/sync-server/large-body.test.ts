/**
 * A 200 MB response passes through the relay (a real child process) without the relay
 * holding it: its peak resident memory grows by far less than the body.
 */
import { readFile, rm } from 'node:fs/promises'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createRelayTransport } from '../../src/runtime/transport/relay.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { childToken, startChild, type ChildServer } from '../helpers/child-server.ts'
import { tempDir } from '../helpers/sync-server.ts'

const SIZE = 200 * 1024 * 1024
let echo: EchoServer
let server: ChildServer
let data: string

/** Peak resident set size of a process, from the kernel (VmHWM), in bytes. */
export async function peakRss(pid: number): Promise<number> {
  const status = await readFile(`/proc/${pid}/status`, 'utf8')
  return Number(/VmHWM:\s+(\d+) kB/.exec(status)![1]) * 1024
}

beforeAll(async () => {
  echo = await startEchoServer()
  data = await tempDir('sendbox-large-')
  server = await startChild(['--data', data])
})

afterAll(async () => {
  server.child.kill('SIGTERM')
  await server.exited
  await echo.close()
  await rm(data, { recursive: true, force: true })
})

describe('large bodies', () => {
  it(
    'streams 200 MB through with the relay’s peak memory growing far less than that',
    { timeout: 120_000 },
    async () => {
      const token = await childToken(server)
      const relay = createRelayTransport({ baseUrl: server.url, token })
      // Warm up the code paths so the baseline includes them.
      await relay.send({ method: 'GET', url: `${echo.url}/bytes/1000000`, headers: [], body: null }, {})
      const before = await peakRss(server.child.pid!)

      const response = await relay.send(
        { method: 'GET', url: `${echo.url}/bytes/${SIZE}`, headers: [], body: null },
        { responseBody: 'stream' },
      )
      const reader = response.bodyStream!.getReader()
      let received = 0
      let checksum = 0
      for (let next = await reader.read(); !next.done; next = await reader.read()) {
        checksum = (checksum + next.value[0]! + next.value.length) % 1_000_003
        received += next.value.length
      }
      const after = await peakRss(server.child.pid!)
      expect(received).toBe(SIZE)
      expect(response.sizes.responseBody).toBe(SIZE)
      expect(checksum).toBeGreaterThan(0)
      console.log(
        `relay peak RSS ${(before / 2 ** 20).toFixed(0)} MB before, ${(after / 2 ** 20).toFixed(0)} MB after 200 MB`,
      )
      // Buffering would add the whole body; streaming adds a fixed slack (GC, socket buffers).
      expect(after - before).toBeLessThan(SIZE / 2)
    },
  )
})
