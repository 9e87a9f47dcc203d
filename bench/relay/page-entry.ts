// Bundled into the page bench:relay opens in Chromium: the app's relay transport, driven in a loop.
import { createRelayTransport, fetchRelayToken } from '../../src/runtime/transport/relay.ts'
import { readAll, get, type Mode, type PageBench } from './page-jobs.ts'

async function setup(echo: string, floor: string): Promise<void> {
  const relay = createRelayTransport({ baseUrl: '', token: await fetchRelayToken() })
  const one = {
    relay: async (i: number) => {
      const response = await relay.send(get(`${echo}/get?i=${i}`), {})
      if (response.status !== 200) throw new Error(`relay: status ${response.status}`)
    },
    floor: async (i: number) => {
      const response = await fetch(`${floor}/get?i=${i}`)
      await response.arrayBuffer()
    },
  }
  const drain = {
    relay: async (bytes: number) =>
      readAll((await relay.send(get(`${echo}/bytes/${bytes}`), { responseBody: 'stream' })).bodyStream!),
    floor: async (bytes: number) => readAll((await fetch(`${floor}/bytes/${bytes}`)).body!),
  }
  const bench: PageBench = {
    async sequential(mode: Mode, count) {
      const times: number[] = []
      for (let i = 0; i < count; i++) {
        const started = performance.now()
        await one[mode](i)
        times.push(performance.now() - started)
      }
      return times
    },
    async concurrent(mode: Mode, count, concurrency) {
      let next = 0
      const worker = async () => {
        while (next < count) await one[mode](next++)
      }
      await Promise.all(Array.from({ length: concurrency }, worker))
    },
    stream: (mode: Mode, bytes) => drain[mode](bytes),
  }
  Object.assign(globalThis, { relayBench: bench })
}

Object.assign(globalThis, { relayBenchSetup: setup })
