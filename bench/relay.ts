/**
 * `npm run bench:relay`: what the relay costs. The same echo server (own process) is reached by the
 * Node transport directly and through the relay (the sync-server in its own process, as `npm start`
 * runs it), interleaved in the same run. The relay's client is measured twice: with Node 20's
 * built-in fetch, and with undici 7's fetch, whose CPU cost is closer to a browser's native fetch.
 *
 *   latency     small GET, sequential: median and p95; target ≤ 1 ms added at the median
 *   throughput  50 MB streamed body: MB/s; target relay ≥ 70% of direct
 *   cpu         per request and per MB, for this process and the relay process (load-independent)
 *   memory      peak RSS of the relay process across a 200 MB pass-through
 */
import { readFileSync } from 'node:fs'
import { mkdtemp, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { fetch as undiciFetch } from 'undici'
import type { WireRequest } from '../src/model/wire.ts'
import { createNodeTransport } from '../src/runtime/transport/node.ts'
import { createRelayTransport } from '../src/runtime/transport/relay.ts'
import type { Transport } from '../src/runtime/transport/types.ts'
import { startChild } from '../tests/helpers/child-server.ts'
import { startEchoProcess } from './echo-process.ts'

const LATENCY_ROUNDS = 6
const LATENCY_PER_ROUND = Number(process.env.BENCH_COUNT ?? 200)
const THROUGHPUT_MB = 50
const THROUGHPUT_ROUNDS = 3
const PASS_THROUGH_BYTES = 200 * 1024 * 1024

const echo = await startEchoProcess()
const data = await mkdtemp(join(tmpdir(), 'sendbox-bench-relay-'))
const server = await startChild(['--data', data])
const tokenResponse = await fetch(`${server.url}/relay/token`, {
  headers: { 'sec-fetch-site': 'same-origin' },
})
const { token } = (await tokenResponse.json()) as { token: string }
const direct = createNodeTransport()
const paths: { name: string; transport: Transport; relayed: boolean }[] = [
  { name: 'direct (Node transport)', transport: direct, relayed: false },
  {
    name: 'relay, Node 20 fetch',
    transport: createRelayTransport({ baseUrl: server.url, token }),
    relayed: true,
  },
  {
    name: 'relay, undici 7 fetch',
    transport: createRelayTransport({
      baseUrl: server.url,
      token,
      fetch: undiciFetch as unknown as typeof fetch,
    }),
    relayed: true,
  },
]

const get = (path: string): WireRequest => ({
  method: 'GET',
  url: `${echo.url}${path}`,
  headers: [],
  body: null,
})

async function drain(transport: Transport, path: string): Promise<number> {
  const response = await transport.send(get(path), { responseBody: 'stream' })
  const reader = response.bodyStream!.getReader()
  let bytes = 0
  for (let next = await reader.read(); !next.done; next = await reader.read()) bytes += next.value.length
  return bytes
}

/** CPU time a process has used, in ms (utime + stime from /proc, in 10 ms ticks). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
  return (Number(fields[11]) + Number(fields[12])) * 10
}

function ownCpuMs(): number {
  const usage = process.cpuUsage()
  return (usage.user + usage.system) / 1000
}

function peakRssMb(pid: number): number {
  return Number(/VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))![1]) / 1024
}

interface Result {
  latencies: number[]
  rates: number[]
  cpu: { requests: number; relayRequests: number; stream: number; relayStream: number }
}
const results = new Map(
  paths.map((p) => [
    p.name,
    { latencies: [], rates: [], cpu: { requests: 0, relayRequests: 0, stream: 0, relayStream: 0 } } as Result,
  ]),
)

/** Runs `work` for every path, rotating the order each round so drift in load hits all alike. */
async function rounds(count: number, work: (path: (typeof paths)[number], result: Result) => Promise<void>) {
  for (let round = 0; round < count; round++) {
    for (let i = 0; i < paths.length; i++) {
      const path = paths[(round + i) % paths.length]!
      await work(path, results.get(path.name)!)
    }
  }
}

for (const path of paths) for (let i = 0; i < 50; i++) await path.transport.send(get('/get'), {})

await rounds(LATENCY_ROUNDS, async (path, result) => {
  const [own, relayed] = [ownCpuMs(), cpuMs(server.child.pid!)]
  for (let i = 0; i < LATENCY_PER_ROUND; i++) {
    const started = performance.now()
    const response = await path.transport.send(get(`/get?i=${i}`), {})
    result.latencies.push(performance.now() - started)
    if (response.status !== 200) throw new Error(`${path.name}: status ${response.status}`)
  }
  result.cpu.requests += ownCpuMs() - own
  if (path.relayed) result.cpu.relayRequests += cpuMs(server.child.pid!) - relayed
})

await rounds(THROUGHPUT_ROUNDS, async (path, result) => {
  const [own, relayed, started] = [ownCpuMs(), cpuMs(server.child.pid!), performance.now()]
  const bytes = await drain(path.transport, `/bytes/${THROUGHPUT_MB * 2 ** 20}`)
  if (bytes !== THROUGHPUT_MB * 2 ** 20) throw new Error(`${path.name}: ${bytes} bytes`)
  result.rates.push(THROUGHPUT_MB / ((performance.now() - started) / 1000))
  result.cpu.stream += ownCpuMs() - own
  if (path.relayed) result.cpu.relayStream += cpuMs(server.child.pid!) - relayed
})

const rssBefore = peakRssMb(server.child.pid!)
const passed = await drain(paths[1]!.transport, `/bytes/${PASS_THROUGH_BYTES}`)
const rssAfter = peakRssMb(server.child.pid!)

const requests = LATENCY_ROUNDS * LATENCY_PER_ROUND
const megabytes = THROUGHPUT_ROUNDS * THROUGHPUT_MB
const quantile = (values: number[], q: number) =>
  [...values].sort((a, b) => a - b)[Math.min(values.length - 1, Math.floor(q * values.length))]!
const ms = (value: number) => `${value.toFixed(3)} ms`
const base = results.get(paths[0]!.name)!
const baseMedian = quantile(base.latencies, 0.5)
const baseRate = Math.max(...base.rates)

console.log(
  `relay bench: ${requests} requests and ${THROUGHPUT_ROUNDS} x ${THROUGHPUT_MB} MB per path, same echo ` +
    `server, same run (load average ${loadavg()[0]!.toFixed(1)})`,
)
for (const path of paths) {
  const result = results.get(path.name)!
  const median = quantile(result.latencies, 0.5)
  const rate = Math.max(...result.rates)
  console.log(`${path.name}`)
  console.log(`  latency     median ${ms(median)}  p95 ${ms(quantile(result.latencies, 0.95))}`)
  console.log(`  throughput  ${rate.toFixed(0)} MB/s (best of ${THROUGHPUT_ROUNDS})`)
  const relayCpu = path.relayed
    ? `; relay process ${ms(result.cpu.relayRequests / requests)}/request, ` +
      `${ms(result.cpu.relayStream / megabytes)}/MB`
    : ''
  console.log(
    `  cpu         this process ${ms(result.cpu.requests / requests)}/request, ` +
      `${ms(result.cpu.stream / megabytes)}/MB${relayCpu}`,
  )
  if (!path.relayed) continue
  const added = median - baseMedian
  const ratio = rate / baseRate
  console.log(`  added at the median ${ms(added)} (target ≤ 1 ms): ${added <= 1 ? 'met' : 'NOT met'}`)
  console.log(
    `  relay/direct throughput ${(ratio * 100).toFixed(0)}% (target ≥ 70%): ${ratio >= 0.7 ? 'met' : 'NOT met'}`,
  )
}
console.log(
  `memory: relay peak RSS ${rssBefore.toFixed(0)} MB before, ${rssAfter.toFixed(0)} MB after a ` +
    `${passed / 2 ** 20} MB pass-through (+${(rssAfter - rssBefore).toFixed(0)} MB)`,
)

await direct.close()
server.child.kill('SIGTERM')
await server.exited
await echo.close()
await rm(data, { recursive: true, force: true })
