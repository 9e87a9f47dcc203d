/**
 * `npm run bench:collab`: collaboration on loopback. Every server is its own process; the clients
 * (real y-websocket providers) run in this one.
 *
 *   direct     one sync-server (LevelDB), both clients on it
 *   redis      two sync-servers on one redis-server, one client on each (across processes)
 *   bare       the y-websocket reference server of @y/websocket-server: no auth, no persistence,
 *              no acknowledgement; the floor of any y-websocket server
 *
 *   propagation  one map edit by A until B has it, sequential: p50 and p99
 *                (goals: p50 ≤ 5 ms direct, ≤ 10 ms through Redis)
 *   join         a new joiner's initial sync of a 10,000-request workspace (the e2e fixture):
 *                from opening the socket to the synced doc, with the room open (the host is
 *                online) and cold (loaded from storage); goal ≤ 1 s. Floor: applying the same
 *                update to an empty doc in this process. Beside wall time, the CPU time of the
 *                joiner (this process) and of the server process for each join: on a loaded
 *                machine wall time counts the waits for a core, CPU time does not.
 *
 * BENCH_COUNT sets edits per round (200), rounds rotate the order of the targets.
 */
import { spawn } from 'node:child_process'
import { readFile, rm } from 'node:fs/promises'
import { loadavg } from 'node:os'
import path from 'node:path'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { makeBigWorkspace } from '../tests/fixtures/big-workspace.ts'
import { startChild, type ChildServer } from '../tests/helpers/child-server.ts'
import { freePort, startRedis } from '../tests/helpers/redis-server.ts'
import { tempDir } from '../tests/helpers/sync-server.ts'
import { connectRaw } from '../tests/helpers/y-client.ts'

const PER_ROUND = Number(process.env.BENCH_COUNT ?? 200)
const ROUNDS = 3
const JOINS = 3
const TOKEN = 'bench-collab-access-token-0123456789abcdef'

interface Target {
  name: string
  /** ws:// base for A and for B (`/sync` for ours; the bare server takes the room at the root). */
  a: string
  b: string
  query: string
  /** The process B talks to, for its CPU time. */
  pid: number
}

const cleanups: (() => Promise<void> | void)[] = []
async function cleanup() {
  for (const fn of cleanups.reverse()) await fn()
}
process.once('SIGINT', () => void cleanup().then(() => process.exit(130)))

async function ourServer(args: string[]): Promise<ChildServer> {
  const dir = await tempDir('sendbox-bench-collab-')
  const child = await startChild(['--data', dir, '--token', TOKEN, ...args])
  cleanups.push(async () => {
    child.child.kill('SIGTERM')
    await child.exited
    await rm(dir, { recursive: true, force: true })
  })
  return child
}

async function bareServer(): Promise<{ port: number; pid: number }> {
  const port = await freePort()
  const script = path.resolve(import.meta.dirname, '../node_modules/@y/websocket-server/src/server.js')
  const child = spawn(process.execPath, [script], {
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  cleanups.push(() => void child.kill('SIGKILL'))
  await new Promise<void>((resolve) => child.stdout!.on('data', () => resolve()))
  return { port, pid: child.pid! }
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; 0 elsewhere). */
async function processCpuMs(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8').catch(() => '')
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
  // utime and stime are fields 14 and 15 of stat (11 and 12 after the name), in clock ticks.
  return ((Number(fields[11] ?? 0) + Number(fields[12] ?? 0)) * 1000) / 100
}

const ownCpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}

function open(base: string, room: string, query: string, doc = new Y.Doc()): WebsocketProvider {
  return new WebsocketProvider(base, room, doc, {
    WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
    disableBc: true,
    params: query ? { token: query } : {},
  })
}

function synced(p: WebsocketProvider): Promise<void> {
  return p.synced ? Promise.resolve() : new Promise((resolve) => p.once('sync', () => resolve()))
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

async function propagation(target: Target, room: string, count: number): Promise<number[]> {
  const a = open(target.a, room, target.query)
  const b = open(target.b, room, target.query)
  await Promise.all([synced(a), synced(b)])
  const sent = a.doc.getMap<number>('m')
  const seen = b.doc.getMap<number>('m')
  const samples: number[] = []
  for (let i = 0; i < count; i++) {
    const arrived = new Promise<number>((resolve) => {
      const check = () => {
        if (seen.get('k') !== i) return
        seen.unobserve(check)
        resolve(performance.now())
      }
      seen.observe(check)
    })
    const start = performance.now()
    sent.set('k', i)
    samples.push((await arrived) - start)
    await sleep(1)
  }
  a.destroy()
  b.destroy()
  return samples
}

/** Puts the big workspace into `room` and waits until the server has it (its step 2 for our step 1). */
async function seed(base: string, room: string, query: string, update: Uint8Array) {
  const url = `${base}/${room}${query ? `?token=${query}` : ''}`
  const client = await connectRaw(url)
  Y.applyUpdate(client.doc, update) // sent as one update message, before the step 1 of the ack
  await client.ack()
  return client
}

interface Join {
  ms: number
  /** CPU time of the joiner (this process) and of the server it joined through. */
  joinerCpu: number
  serverCpu: number
}

async function join(target: Target, room: string): Promise<Join> {
  const serverBefore = await processCpuMs(target.pid)
  const cpuBefore = ownCpuMs()
  const start = performance.now()
  const joiner = open(target.b, room, target.query)
  await synced(joiner)
  const ms = performance.now() - start
  const joinerCpu = ownCpuMs() - cpuBefore
  const serverCpu = (await processCpuMs(target.pid)) - serverBefore
  if (joiner.doc.getMap('requests').size < 10_000)
    throw new Error(`${target.name}: the joiner got too little`)
  joiner.destroy()
  return { ms, joinerCpu, serverCpu }
}

const pct = (values: number[], p: number) => {
  const sorted = [...values].sort((x, y) => x - y)
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!
}
const median = (values: number[]) => pct(values, 50)

try {
  const redis = await startRedis()
  cleanups.push(() => redis.stop())
  const direct = await ourServer([])
  const [r1, r2] = await Promise.all([ourServer(['--redis', redis.url]), ourServer(['--redis', redis.url])])
  const bare = await bareServer()
  const ws = (server: ChildServer) => `ws://127.0.0.1:${server.port}/sync`
  const targets: Target[] = [
    { name: 'direct', a: ws(direct), b: ws(direct), query: TOKEN, pid: direct.child.pid! },
    { name: 'redis (across processes)', a: ws(r1), b: ws(r2), query: TOKEN, pid: r2.child.pid! },
    {
      name: 'bare y-websocket',
      a: `ws://127.0.0.1:${bare.port}`,
      b: `ws://127.0.0.1:${bare.port}`,
      query: '',
      pid: bare.pid,
    },
  ]

  const load = loadavg().map((l) => l.toFixed(2))
  console.log(`machine load (1/5/15 min): ${load.join(' ')}`)
  await propagation(targets[0]!, 'warm-up', 50)
  const samples = new Map<string, number[]>(targets.map((t) => [t.name, []]))
  for (let round = 0; round < ROUNDS; round++) {
    for (let k = 0; k < targets.length; k++) {
      const target = targets[(k + round) % targets.length]!
      samples.get(target.name)!.push(...(await propagation(target, `edit-${round}`, PER_ROUND)))
    }
  }
  const floor = median(samples.get('bare y-websocket')!)
  console.log(`\nedit propagation, A's edit until B has it (${ROUNDS} × ${PER_ROUND} edits)`)
  console.log('target                        p50 ms   p99 ms   p50 vs bare   goal')
  const goals: Record<string, string> = { direct: 'p50 ≤ 5 ms', 'redis (across processes)': 'p50 ≤ 10 ms' }
  for (const target of targets) {
    const values = samples.get(target.name)!
    console.log(
      `${target.name.padEnd(28)} ${median(values).toFixed(2).padStart(7)} ${pct(values, 99).toFixed(2).padStart(8)} ${`${(median(values) / floor).toFixed(2)}×`.padStart(13)}   ${goals[target.name] ?? ''}`,
    )
  }

  const update = makeBigWorkspace(10, 1000)
  const applyMs: number[] = []
  const applyCpu: number[] = []
  for (let i = 0; i < JOINS; i++) {
    const cpuBefore = ownCpuMs()
    const start = performance.now()
    Y.applyUpdate(new Y.Doc(), update)
    applyMs.push(performance.now() - start)
    applyCpu.push(ownCpuMs() - cpuBefore)
  }
  console.log(
    `\ninitial sync of a 10,000-request workspace (${(update.length / 1e6).toFixed(1)} MB update), median of ${JOINS}`,
  )
  console.log(
    'target                        room open ms   cold ms   open vs apply-only   CPU joiner + server (open)   goal',
  )
  for (const target of targets) {
    const room = `big-${target.name.replace(/\W+/g, '-')}`
    const seeder = await seed(target.a, room, target.query, update)
    const joins: Join[] = []
    for (let i = 0; i < JOINS; i++) joins.push(await join(target, room))
    const open = joins.map((j) => j.ms)
    const cpu = `${median(joins.map((j) => j.joinerCpu)).toFixed(0)} + ${median(joins.map((j) => j.serverCpu)).toFixed(0)} ms`
    seeder.close()
    await seeder.closed
    const cold: number[] = []
    if (target.name !== 'bare y-websocket') {
      for (let i = 0; i < JOINS; i++) {
        await sleep(300) // the room is released once its last client left
        cold.push((await join(target, room)).ms)
      }
    }
    console.log(
      `${target.name.padEnd(28)} ${median(open).toFixed(0).padStart(12)} ${(cold.length ? median(cold).toFixed(0) : '–').padStart(9)} ${`${(median(open) / median(applyMs)).toFixed(2)}×`.padStart(20)} ${cpu.padStart(28)}   ≤ 1000 ms`,
    )
  }
  console.log(
    `${'apply-only (this process)'.padEnd(28)} ${median(applyMs).toFixed(0).padStart(12)} ${''.padStart(30)} ${`${median(applyCpu).toFixed(0)} ms`.padStart(28)}`,
  )
  console.log(
    `machine load after (1/5/15 min): ${loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  )
} catch (error) {
  console.error(error)
  process.exitCode = 1
} finally {
  await cleanup()
  // The providers' and sockets' timers must not keep a finished benchmark waiting.
  process.exit()
}
