/**
 * Node transport vs a raw undici `request()` loop: N sequential GETs each against the echo
 * server, interleaved so both see the same machine state. Prints rates, CPU cost and ratios.
 * Then the same for a 200 MB body read as a stream (the relay's pass-through).
 *
 *   npx tsx bench/transport.ts [requests=1000] [rounds=3] [path=/get]
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { Agent, request } from 'undici'
import { createNodeTransport } from '../src/runtime/transport/node.ts'

const count = Number(process.argv[2] ?? 1000)
const rounds = Number(process.argv[3] ?? 3)
const path = process.argv[4] ?? '/get'

// The server runs in its own process so its work does not count against either client.
const server = spawn(process.execPath, ['--import', 'tsx', 'tests/fixtures/echo-server.ts', '0'], {
  stdio: ['ignore', 'pipe', 'inherit'],
})
const [firstLine] = (await once(server.stdout!, 'data')) as [Buffer]
const base = firstLine.toString().trim()
const url = `${base}${path}`
const agent = new Agent()
const transport = createNodeTransport()

async function rawUndici(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    const response = await request(url, { dispatcher: agent, headers: { accept: 'application/json' } })
    await response.body.arrayBuffer()
  }
}

async function nodeTransport(n: number): Promise<void> {
  for (let i = 0; i < n; i++) {
    await transport.send(
      { method: 'GET', url, headers: [['Accept', 'application/json']], body: null },
      { timeoutMs: 30_000 },
    )
  }
}

interface Tally {
  wallMs: number
  cpuUs: number
}

async function measure(run: (n: number) => Promise<void>, n: number, tally: Tally): Promise<void> {
  const cpu = process.cpuUsage()
  const started = performance.now()
  await run(n)
  tally.wallMs += performance.now() - started
  const used = process.cpuUsage(cpu)
  tally.cpuUs += used.user + used.system
}

// Interleaved batches: on a busy machine both sides meet the same bursts of load. CPU time of
// this process (the server runs in another) is the steadier measure of what each client costs.
const BATCH = 50
await rawUndici(200)
await nodeTransport(200)
const rawTally: Tally = { wallMs: 0, cpuUs: 0 }
const oursTally: Tally = { wallMs: 0, cpuUs: 0 }
for (let round = 0; round < rounds; round++) {
  for (let done = 0; done < count; done += BATCH) {
    await measure(rawUndici, BATCH, rawTally)
    await measure(nodeTransport, BATCH, oursTally)
  }
}
const total = count * rounds
const rate = (tally: Tally) => total / (tally.wallMs / 1000)
const cpuPer = (tally: Tally) => tally.cpuUs / total
console.log(
  `${rounds} x ${count} sequential GET ${path}, interleaved in batches of ${BATCH} (Node ${process.version})`,
)
console.log(
  `raw undici request():  ${rate(rawTally).toFixed(0)} req/s   ${cpuPer(rawTally).toFixed(0)} µs CPU/request`,
)
console.log(
  `node transport:        ${rate(oursTally).toFixed(0)} req/s   ${cpuPer(oursTally).toFixed(0)} µs CPU/request`,
)
console.log(
  `ratio transport/raw:   ${((rate(oursTally) / rate(rawTally)) * 100).toFixed(1)} % of the rate (target >= 80 %), ` +
    `${((cpuPer(rawTally) / cpuPer(oursTally)) * 100).toFixed(1)} % by CPU cost`,
)

const streamSize = 200 * 1024 * 1024
const streamUrl = `${base}/bytes/${streamSize}`

async function rawStream(): Promise<void> {
  const response = await request(streamUrl, { dispatcher: agent })
  for await (const chunk of response.body) void chunk
}

async function transportStream(): Promise<void> {
  const response = await transport.send(
    { method: 'GET', url: streamUrl, headers: [], body: null },
    { responseBody: 'stream' },
  )
  const reader = response.bodyStream!.getReader()
  while (!(await reader.read()).done);
}

async function megabytesPerSecond(run: () => Promise<void>): Promise<number> {
  const started = performance.now()
  await run()
  return streamSize / 1024 / 1024 / ((performance.now() - started) / 1000)
}

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const streamRates = { raw: [] as number[], transport: [] as number[] }
for (let round = 0; round < 3; round++) {
  streamRates.raw.push(await megabytesPerSecond(rawStream))
  streamRates.transport.push(await megabytesPerSecond(transportStream))
}
const rawMb = median(streamRates.raw)
const oursMb = median(streamRates.transport)
console.log(`\n200 MB body as a stream, median of 3 rounds`)
console.log(`raw undici request():  ${rawMb.toFixed(0)} MB/s`)
console.log(`node transport:        ${oursMb.toFixed(0)} MB/s`)
console.log(`ratio transport/raw:   ${((oursMb / rawMb) * 100).toFixed(1)} %`)

await transport.close()
await agent.close()
server.kill()
