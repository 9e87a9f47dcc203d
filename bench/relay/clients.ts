/**
 * The clients bench:relay drives, all with the same three jobs: sequential small GETs (latency),
 * the same GETs with a fixed number in flight (throughput), and one large streamed body (MB/s).
 * Node clients run in the bench process; the Chromium ones run inside a page the sync-server
 * serves, with the app's relay transport and the token the app gets.
 */
import type { SendOptions, Transport } from '../../src/runtime/transport/types.ts'
import { get, readAll } from './page-jobs.ts'

export interface Client {
  name: string
  /** The process between client and echo server whose CPU is counted for this client. */
  via: 'none' | 'floor' | 'relay'
  /** Runs in the bench process, so its own CPU time is this process's. */
  inProcess: boolean
  /** Milliseconds of each of `count` small GETs sent one after another. */
  sequential(count: number): Promise<number[]>
  /** `count` small GETs with `concurrency` in flight at any time. */
  concurrent(count: number, concurrency: number): Promise<void>
  /** Bytes received of a streamed body of `bytes`. */
  stream(bytes: number): Promise<number>
}

interface Jobs {
  one(i: number): Promise<void>
  drain(bytes: number): Promise<number>
}

function fromJobs(name: string, via: Client['via'], jobs: Jobs): Client {
  return {
    name,
    via,
    inProcess: true,
    async sequential(count) {
      const times: number[] = []
      for (let i = 0; i < count; i++) {
        const started = performance.now()
        await jobs.one(i)
        times.push(performance.now() - started)
      }
      return times
    },
    async concurrent(count, concurrency) {
      let next = 0
      const worker = async () => {
        while (next < count) await jobs.one(next++)
      }
      await Promise.all(Array.from({ length: concurrency }, worker))
    },
    stream: (bytes) => jobs.drain(bytes),
  }
}

/** A Transport (direct, or the relay's) asking `origin` for the echo server's paths. */
export function transportClient(
  name: string,
  via: Client['via'],
  transport: Transport,
  origin: string,
  options: SendOptions = {},
): Client {
  return fromJobs(name, via, {
    async one(i) {
      const response = await transport.send(get(`${origin}/get?i=${i}`), options)
      if (response.status !== 200) throw new Error(`${name}: status ${response.status}`)
      if (options.httpVersion === 'h2c' && response.httpVersion !== '2')
        throw new Error(`${name}: HTTP/${response.httpVersion}, not HTTP/2`)
    },
    async drain(bytes) {
      const response = await transport.send(get(`${origin}/bytes/${bytes}`), {
        ...options,
        responseBody: 'stream',
      })
      return readAll(response.bodyStream!)
    },
  })
}

/** Plain fetch of the forwarder: the hop with the relay transport's HTTP client, without its protocol. */
export function fetchClient(name: string, origin: string): Client {
  return fromJobs(name, 'floor', {
    async one(i) {
      const response = await fetch(`${origin}/get?i=${i}`)
      await response.arrayBuffer()
      if (response.status !== 200) throw new Error(`${name}: status ${response.status}`)
    },
    async drain(bytes) {
      return readAll((await fetch(`${origin}/bytes/${bytes}`)).body!)
    },
  })
}
