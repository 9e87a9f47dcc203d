/**
 * `npm run bench:relay`: what the relay costs. Every server runs in its own process: the echo
 * server, the sync-server (as `npm start` runs it), and a bare forwarder (bench/relay/forward-process.ts,
 * the floor of any relay: one more hop, no protocol). The clients run in this process (Node) and in
 * Chromium; all are interleaved in the same run, rotating their order each round.
 *
 *   latency     small GET, sequential: median and p90; target ≤ 1 ms added at the median vs direct
 *   throughput  the same small GETs, BENCH_RELAY_CONCURRENCY (8) in flight on every path: requests/s;
 *               and a 50 MB streamed body: MB/s; target relay ≥ 70% of direct
 *   cpu         per request and per MB, of the client (Node) and of the process in between
 *   memory      the sync-server's resident memory during a 200 MB pass-through
 *
 *   HTTP/2      the same jobs against a node:http2 server speaking h2c (bench/relay/h2-echo-process.ts):
 *               the Node transport asking for HTTP/2 (prior knowledge) directly, and the relay doing
 *               the same for the relay transport (page ↔ relay stays HTTP/1.1); relay vs direct
 *
 * Ports: BENCH_RELAY_PORT=<p> puts the sync-server on p, the echo server on p+1, the forwarder on p+2,
 * the HTTP/2 server on p+3 (default: free ports). BENCH_RELAY_CHROMIUM=0 skips Chromium,
 * BENCH_RELAY_H2=0 the HTTP/2 rows; BENCH_COUNT sets requests per round.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { loadavg, tmpdir } from 'node:os'
import { join } from 'node:path'
import { createNodeTransport } from '../src/runtime/transport/node.ts'
import { createRelayTransport } from '../src/runtime/transport/relay.ts'
import { childToken, startChild } from '../tests/helpers/child-server.ts'
import { openChromium, buildRelayPage, chromiumAvailable } from './relay/chromium.ts'
import { fetchClient, transportClient, type Client } from './relay/clients.ts'
import { cpuMs, killOnExit, ownCpuMs, rssMb, startProcess } from './relay/processes.ts'
import { report, type Tally } from './relay/report.ts'

const LATENCY_ROUNDS = 5
const PER_ROUND = Number(process.env.BENCH_COUNT ?? 200)
const CONCURRENCY = Number(process.env.BENCH_RELAY_CONCURRENCY ?? 8)
const THROUGHPUT_ROUNDS = 3
const WARM_UP = Number(process.env.BENCH_RELAY_WARM_UP ?? 600)
const STREAM_BYTES = 50 * 2 ** 20
const PASS_THROUGH_BYTES = 200 * 2 ** 20
const basePort = Number(process.env.BENCH_RELAY_PORT ?? 0)
const port = (offset: number) => String(basePort ? basePort + offset : 0)

const loadBefore = loadavg()
const echo = await startProcess('../../tests/fixtures/echo-server.ts', [port(1)])
const floor = await startProcess('forward-process.ts', [echo.url, port(2)])
const h2 =
  process.env.BENCH_RELAY_H2 === '0' ? undefined : await startProcess('h2-echo-process.ts', [port(3)])
const data = await mkdtemp(join(tmpdir(), 'sendbox-bench-relay-'))
const withChromium = chromiumAvailable()
if (withChromium) await buildRelayPage(join(data, 'dist'))
const server = await startChild(['--data', data, '--port', port(0), '--dist', join(data, 'dist')])
killOnExit(server.child)
const serverPid = server.child.pid!
// Logged in with the printed link, as the app is; Chromium then logs in with the next one.
const token = await childToken(server)

const direct = createNodeTransport()
const relayTransport = createRelayTransport({ baseUrl: server.url, token })
const clients: Client[] = [
  transportClient('Node transport → echo (direct)', 'none', direct, echo.url),
  transportClient('Node transport → floor forwarder', 'floor', direct, floor.url),
  fetchClient('Node fetch → floor forwarder', floor.url),
  transportClient('Node fetch, relay transport', 'relay', relayTransport, echo.url),
]
if (h2) {
  clients.push(
    transportClient('Node transport → h2c echo (direct, HTTP/2)', 'none', direct, h2.url, {
      httpVersion: 'h2c',
    }),
    transportClient('Node fetch, relay transport → h2c echo (HTTP/2)', 'relay', relayTransport, h2.url, {
      httpVersion: 'h2c',
    }),
  )
}
const nextLogin = async () => (await readFile(join(data, 'login-url'), 'utf8')).trim()
const chromium = withChromium ? await openChromium(await nextLogin(), echo.url, floor.url) : undefined
clients.push(...(chromium?.clients ?? []))

const tallies = new Map<Client, Tally>(
  clients.map((c) => [
    c,
    { latencies: [], rates: [], streamRates: [], cpu: { own: 0, via: 0, ownMb: 0, viaMb: 0 } },
  ]),
)
const viaPid = (client: Client) =>
  client.via === 'relay' ? serverPid : client.via === 'floor' ? floor.pid : undefined

/** Runs `work` on every client, rotating the order each round so drift in load hits all alike. */
async function rounds(count: number, kind: 'requests' | 'mb', work: (c: Client, t: Tally) => Promise<void>) {
  for (let round = 0; round < count; round++) {
    for (let i = 0; i < clients.length; i++) {
      const client = clients[(round + i) % clients.length]!
      const tally = tallies.get(client)!
      const pid = viaPid(client)
      const [own, via] = [ownCpuMs(), pid ? cpuMs(pid) : 0]
      await work(client, tally)
      const [ownUsed, viaUsed] = [ownCpuMs() - own, pid ? cpuMs(pid) - via : 0]
      if (kind === 'requests')
        [tally.cpu.own, tally.cpu.via] = [tally.cpu.own + ownUsed, tally.cpu.via + viaUsed]
      else [tally.cpu.ownMb, tally.cpu.viaMb] = [tally.cpu.ownMb + ownUsed, tally.cpu.viaMb + viaUsed]
    }
  }
}

// Warm-up: a cold relay costs twice its settled CPU per request for its first thousand or so (JIT).
for (const client of clients) {
  await client.sequential(WARM_UP)
  await client.concurrent(WARM_UP, CONCURRENCY)
  await client.stream(STREAM_BYTES / 5)
}
await rounds(LATENCY_ROUNDS, 'requests', async (client, tally) => {
  tally.latencies.push(...(await client.sequential(PER_ROUND)))
})
await rounds(THROUGHPUT_ROUNDS, 'requests', async (client, tally) => {
  const started = performance.now()
  await client.concurrent(PER_ROUND * 2, CONCURRENCY)
  tally.rates.push((PER_ROUND * 2) / ((performance.now() - started) / 1000))
})
await rounds(THROUGHPUT_ROUNDS, 'mb', async (client, tally) => {
  const started = performance.now()
  const bytes = await client.stream(STREAM_BYTES)
  if (bytes !== STREAM_BYTES) throw new Error(`${client.name}: ${bytes} of ${STREAM_BYTES} bytes`)
  tally.streamRates.push(STREAM_BYTES / 2 ** 20 / ((performance.now() - started) / 1000))
})

const rssBefore = rssMb(serverPid)
let rssPeak = rssBefore
const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(serverPid))), 20)
const passed = await clients[3]!.stream(PASS_THROUGH_BYTES)
clearInterval(sampler)

report({
  clients,
  tallies,
  load: [loadBefore, loadavg()],
  requests: {
    sequential: LATENCY_ROUNDS * PER_ROUND,
    concurrent: THROUGHPUT_ROUNDS * PER_ROUND * 2,
    concurrency: CONCURRENCY,
  },
  megabytes: (THROUGHPUT_ROUNDS * STREAM_BYTES) / 2 ** 20,
  memory: { before: rssBefore, peak: rssPeak, passedMb: passed / 2 ** 20 },
})

await chromium?.close()
await direct.close()
server.child.kill('SIGTERM')
await server.exited
await Promise.all([floor.close(), echo.close(), h2?.close()])
await rm(data, { recursive: true, force: true })
