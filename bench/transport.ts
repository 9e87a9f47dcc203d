/**
 * Node transport vs a raw undici `request()` loop: N sequential GETs each against the echo
 * server, alternating rounds so both see the same machine state. Prints rates and the ratio.
 * Then the same for a 200 MB body read as a stream (the relay's pass-through).
 *
 *   npx tsx bench/transport.ts [requests=1000] [rounds=5] [path=/get]
 */
import { spawn } from 'node:child_process'
import { once } from 'node:events'
import { Agent, request } from 'undici'
import { createNodeTransport } from '../src/runtime/transport/node.ts'

const count = Number(process.argv[2] ?? 1000)
const rounds = Number(process.argv[3] ?? 7)
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

async function rawUndici(): Promise<number> {
  let bytes = 0
  for (let i = 0; i < count; i++) {
    const response = await request(url, { dispatcher: agent, headers: { accept: 'application/json' } })
    bytes += (await response.body.arrayBuffer()).byteLength
  }
  return bytes
}

async function nodeTransport(): Promise<number> {
  let bytes = 0
  for (let i = 0; i < count; i++) {
    const response = await transport.send(
      { method: 'GET', url, headers: [['Accept', 'application/json']], body: null },
      { timeoutMs: 30_000 },
    )
    bytes += response.body.byteLength
  }
  return bytes
}

async function timed(run: () => Promise<number>): Promise<number> {
  const started = performance.now()
  await run()
  return count / ((performance.now() - started) / 1000)
}

await rawUndici()
await nodeTransport()
const rates = { raw: [] as number[], transport: [] as number[] }
for (let round = 0; round < rounds; round++) {
  rates.raw.push(await timed(rawUndici))
  rates.transport.push(await timed(nodeTransport))
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const raw = median(rates.raw)
const ours = median(rates.transport)
console.log(`${count} sequential GET ${path}, median of ${rounds} rounds (Node ${process.version})`)
console.log(
  `raw undici request():  ${raw.toFixed(0)} req/s   rounds: ${rates.raw.map((r) => r.toFixed(0)).join(' ')}`,
)
console.log(
  `node transport:        ${ours.toFixed(0)} req/s   rounds: ${rates.transport.map((r) => r.toFixed(0)).join(' ')}`,
)
console.log(`ratio transport/raw:   ${((ours / raw) * 100).toFixed(1)} % (target >= 80 %)`)

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
