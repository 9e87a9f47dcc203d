/**
 * `npm run bench:runner`: a collection run with scripts, Sendbox against its peers in the same run.
 * Each of COUNT requests has a pre-request script and a post-response script with 5 tests.
 * Measured against one echo server (its own process): `sendbox run`, newman 6.2.2 and Bruno's
 * `bru run` 4.1.0 (bench/peers, `npm install --prefix bench/peers`, else the same versions among
 * the dev dependencies), and a raw undici loop without scripts as the ceiling (bench/raw-loop.mjs,
 * plain Node). Then memory of `sendbox run` over a 10,000-request run.
 * Targets (issue #18), whole processes: Sendbox >= 10x newman and >= half the raw loop, and a
 * one-request `sendbox run` <= 0.4 s. Raw loop, Sendbox, newman, a one-request run of each and a
 * bare `node -e 0` (what the machine's load makes of a process start) are run BENCH_ROUNDS times
 * (default 3), interleaved, and their medians compared.
 *
 * What each number includes (printed too): "in-run" is the runner's own report of its run (from
 * the start of the collection to its end: no process start or module loading; both runners make
 * their script sandbox ready before their run's time starts: newman creates its sandbox context
 * in the run's initialisers, before the start event its report times from, and `sendbox run`
 * loads QuickJS and creates its sandbox before its durationMs starts); "whole process" is spawn
 * to exit, the same for every CLI and the raw loop (whose "loop only" compares with in-run). CPU
 * per request (user + system of the whole process, all threads, from GNU time or /proc) depends
 * far less on the machine's load than the rates do;
 * "marginal CPU" is the CPU of the COUNT-request run minus that of a SMALL-request run, per extra
 * request: what one more request costs, without process start and module loading (the steadiest
 * number of all). With 500 requests, the first requests' JIT and wasm tier-up are still a
 * visible share of every runner's run.
 * The memory case runs in-process with --expose-gc (bench/runner-memory.ts): heap after a forced
 * collection, sampled every second, beside RSS of a normal run.
 * Then the other script shapes (bench/runner-shapes.ts: variable writes with JSON checks,
 * pm.sendRequest, a Bruno script), each against its peer, interleaved the same way, with the same
 * targets; BENCH_SHAPES_ONLY=1 measures only those, BENCH_SHAPE=<part of a name> only that one.
 * BENCH_ECHO_PORT pins the echo server's port.
 */
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawn } from 'node:child_process'
import { postmanCollection, script } from '../tests/helpers/postman.ts'
import { startEchoProcess } from './echo-process.ts'
import { SHAPES, type Shape } from './runner-shapes.ts'

const COUNT = Number(process.env.BENCH_COUNT ?? 500)
const MEMORY_COUNT = Number(process.env.BENCH_MEMORY_COUNT ?? 10_000)
const SMALL = Math.max(1, Math.floor(COUNT / 10))
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3)
// BENCH_NEWMAN_ROUNDS=<n> runs newman in the first n rounds only: on a loaded machine one newman
// run of 500 requests takes minutes, and its CPU per request (the load-independent ratio) needs one.
const NEWMAN_ROUNDS = Number(process.env.BENCH_NEWMAN_ROUNDS ?? ROUNDS)
// The peers' own install (npm ci --prefix bench/peers), else the same versions among the
// repository's dev dependencies (the differential suites run them).
const PEERS =
  [
    resolve(import.meta.dirname, 'peers/node_modules/.bin'),
    resolve(import.meta.dirname, '../node_modules/.bin'),
  ].find((bin) => existsSync(join(bin, 'newman'))) ?? resolve(import.meta.dirname, 'peers/node_modules/.bin')
const BIN = resolve(import.meta.dirname, '../bin/sendbox.js')

const PRE = `pm.environment.set('requestedAt', String(Date.now()))
pm.variables.set('n', '1')`
const TESTS = `pm.test('status is 200', function () { pm.response.to.have.status(200) })
pm.test('is json', function () { pm.expect(pm.response.headers.get('Content-Type')).to.include('application/json') })
pm.test('echoes the index', function () { pm.expect(pm.response.json().args.i).to.be.a('string') })
pm.test('fast', function () { pm.expect(pm.response.responseTime).to.be.below(5000) })
pm.test('method', function () { pm.expect(pm.response.json().method).to.equal('GET') })`
const BRU_PRE = `bru.setVar('requestedAt', String(Date.now()));`
const BRU_TESTS = `test('status is 200', function () { expect(res.getStatus()).to.equal(200) });
test('is json', function () { expect(res.getHeader('content-type')).to.include('application/json') });
test('echoes the index', function () { expect(res.getBody().args.i).to.be.a('string') });
test('fast', function () { expect(res.getResponseTime()).to.be.below(5000) });
test('method', function () { expect(res.getBody().method).to.equal('GET') });`

const { url, close } = await startEchoProcess()
const dir = mkdtempSync(join(tmpdir(), 'sendbox-bench-runner-'))

function collection(count: number) {
  return postmanCollection(
    'bench',
    Array.from({ length: count }, (_, i) => ({
      name: `r${i}`,
      request: { method: 'GET', url: `${url}/get?i=${i}` },
      event: [script('prerequest', PRE), script('test', TESTS)],
    })),
  )
}
writeFileSync(join(dir, 'c.json'), JSON.stringify(collection(COUNT)))
writeFileSync(join(dir, 'small.json'), JSON.stringify(collection(SMALL)))
writeFileSync(join(dir, 'one.json'), JSON.stringify(collection(1)))
writeFileSync(join(dir, 'big.json'), JSON.stringify(collection(MEMORY_COUNT)))

const bruDir = join(dir, 'bruno')
mkdirSync(bruDir)
writeFileSync(join(bruDir, 'bruno.json'), JSON.stringify({ version: '1', name: 'bench', type: 'collection' }))
for (let i = 0; i < COUNT; i++) {
  const bru = [
    `meta {\n  name: r${i}\n  type: http\n  seq: ${i + 1}\n}`,
    `get {\n  url: ${url}/get?i=${i}\n  body: none\n  auth: none\n}`,
    `script:pre-request {\n  ${BRU_PRE}\n}`,
    `tests {\n  ${BRU_TESTS.split('\n').join('\n  ')}\n}`,
  ].join('\n\n')
  writeFileSync(join(bruDir, `r${String(i).padStart(4, '0')}.bru`), bru + '\n')
}

/** One shape: raw loop (as many HTTP requests), `sendbox run` and its peer, ROUNDS interleaved rounds. */
async function measureShape(shape: Shape): Promise<string> {
  const ours = shape.write(dir, url, COUNT)
  const theirs = shape.newman(dir, url, COUNT)
  const requests = COUNT * shape.perItem
  const raws: Exit[] = []
  const oursRuns: Exit[] = []
  const nms: Exit[] = []
  for (let round = 0; round < ROUNDS; round++) {
    raws.push(
      await run(process.execPath, [resolve(import.meta.dirname, 'raw-loop.mjs'), url, String(requests)], dir),
    )
    const exit = await run(
      process.execPath,
      [BIN, 'run', ours, '-r', 'json', '--reporter-json-export', 's.json'],
      dir,
    )
    const report = JSON.parse(readFileSync(join(dir, 's.json'), 'utf8')) as { summary: { passed: number } }
    if (report.summary.passed !== COUNT * shape.tests)
      throw new Error(
        `${shape.name}: sendbox passed ${report.summary.passed} of ${COUNT * shape.tests} tests`,
      )
    oursRuns.push(exit)
    if (round < NEWMAN_ROUNDS && existsSync(join(PEERS, 'newman'))) {
      nms.push(
        await run(
          join(PEERS, 'newman'),
          ['run', theirs, '-r', 'json', '--reporter-json-export', 'sn.json'],
          dir,
        ),
      )
      const nmReport = JSON.parse(readFileSync(join(dir, 'sn.json'), 'utf8')) as {
        run: { stats: { assertions: { failed: number } } }
      }
      if (nmReport.run.stats.assertions.failed > 0) throw new Error(`${shape.name}: newman's tests failed`)
    }
  }
  const mid = (exits: Exit[]) => [...exits].sort((a, b) => a.ms - b.ms)[Math.floor(exits.length / 2)]!
  const secs = (exits: Exit[]) => exits.map((e) => (e.ms / 1000).toFixed(2)).join(', ')
  const o = mid(oursRuns)
  const r = mid(raws)
  console.log(`  shape "${shape.name}": ${shape.about}`)
  console.log(
    `    sendbox run ${(o.ms / 1000).toFixed(2)} s (${secs(oursRuns)}), ${(o.cpuMs / COUNT).toFixed(2)} ms CPU/request; ` +
      `raw loop of ${requests} requests ${(r.ms / 1000).toFixed(2)} s (${secs(raws)}), ${(r.cpuMs / COUNT).toFixed(2)} ms CPU per item: ` +
      `${((r.ms / o.ms) * 100).toFixed(0)}% of the raw loop (target >= 50%), ${((r.cpuMs / o.cpuMs) * 100).toFixed(0)}% of its CPU`,
  )
  let versus = 'newman not installed'
  if (nms.length > 0) {
    const n = mid(nms)
    versus = `${(n.ms / o.ms).toFixed(1)}x newman`
    console.log(
      `    newman ${(n.ms / 1000).toFixed(2)} s (${secs(nms)}), ${(n.cpuMs / COUNT).toFixed(2)} ms CPU/request: sendbox ${versus} (target >= 10x), ${(n.cpuMs / o.cpuMs).toFixed(1)}x less CPU`,
    )
  }
  if (shape.bruno && !process.env.BENCH_SKIP_BRU && existsSync(join(PEERS, 'bru'))) {
    const folder = shape.bruno(dir, url, COUNT)
    const b = await run(join(PEERS, 'bru'), ['run', '--reporter-json', join(dir, 'sb.json')], folder)
    console.log(`    bru run ${(b.ms / 1000).toFixed(2)} s: sendbox ${(b.ms / o.ms).toFixed(1)}x bru`)
  }
  return `| ${shape.name} | ${(o.ms / 1000).toFixed(2)} s | ${versus} | ${((r.ms / o.ms) * 100).toFixed(0)}% |`
}

async function measureShapes(): Promise<void> {
  console.log(
    `bench:runner shapes  ${COUNT} requests each, whole processes, medians of ${ROUNDS} interleaved rounds (${load()})`,
  )
  const rows = []
  // BENCH_SHAPE=<part of a name> measures only the shapes it names.
  const only = process.env.BENCH_SHAPE?.toLowerCase()
  for (const shape of SHAPES)
    if (!only || shape.name.toLowerCase().includes(only)) rows.push(await measureShape(shape))
  console.log(
    `  | shape | sendbox run | vs newman | of the raw loop |\n  | --- | --- | --- | --- |\n  ${rows.join('\n  ')}`,
  )
  console.log(`  (${load()})`)
}

interface Exit {
  code: number | null
  ms: number
  peakRssMb: number[]
  /** CPU time of the process (user + system) at its last sample before exit. */
  cpuMs: number
  stdout: string
}

const TICK_MS = 10 // USER_HZ is 100 on Linux

const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : null

/**
 * Runs a command; samples its RSS from /proc every 100 ms (Linux), for the memory check. Its CPU
 * time comes from GNU time when installed (exact, all threads, to the exit), else from the last
 * /proc sample before the exit.
 */
function run(command: string, args: string[], cwd: string): Promise<Exit> {
  return new Promise((done, fail) => {
    const started = performance.now()
    const timesFile = join(dir, `times-${Math.random().toString(36).slice(2)}`)
    const child = TIME
      ? spawn(TIME, ['-o', timesFile, '-f', '%U %S', command, ...args], {
          cwd,
          stdio: ['ignore', 'pipe', 'pipe'],
        })
      : spawn(command, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] })
    let stderr = ''
    let stdout = ''
    child.stderr.on('data', (chunk) => (stderr += chunk))
    child.stdout.on('data', (chunk) => (stdout += chunk))
    const samples: number[] = []
    let cpuMs = 0
    const sample = () => {
      try {
        // Under GNU time, the command is its only child.
        const pid = TIME
          ? readFileSync(`/proc/${child.pid}/task/${child.pid}/children`, 'utf8').trim().split(' ')[0]
          : String(child.pid)
        if (!pid) return
        const status = readFileSync(`/proc/${pid}/status`, 'utf8')
        const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1])
        if (kb) samples.push(kb / 1024)
        // Fields after the command name: utime and stime are the 12th and 13th.
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8')
        const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
        cpuMs = (Number(fields[11]) + Number(fields[12])) * TICK_MS
      } catch {
        // The process has ended, or this is not Linux.
      }
    }
    const timer = setInterval(sample, 100)
    child.on('error', fail)
    child.on('close', (code) => {
      clearInterval(timer)
      if (code !== 0 && code !== 1)
        return fail(new Error(`${command} exited ${code}: ${stderr.slice(0, 500)}`))
      if (TIME) {
        const [user, system] = readFileSync(timesFile, 'utf8')
          .trim()
          .split('\n')
          .pop()!
          .split(' ')
          .map(Number)
        cpuMs = (user! + system!) * 1000
      }
      done({ code, ms: performance.now() - started, peakRssMb: samples, cpuMs, stdout })
    })
  })
}

/** The raw loop in a fresh plain-Node process: its loop's own rate, and spawn to exit. */
async function rawLoop(): Promise<{ rate: number; wall: number; exit: Exit }> {
  const script = resolve(import.meta.dirname, 'raw-loop.mjs')
  const exit = await run(process.execPath, [script, url, String(COUNT)], dir)
  return { rate: COUNT / (Number(exit.stdout.trim()) / 1000), wall: COUNT / (exit.ms / 1000), exit }
}

async function sendbox(file: string, count: number): Promise<{ rate: number; wall: number; exit: Exit }> {
  const exit = await run(
    process.execPath,
    [BIN, 'run', file, '-r', 'json', '--reporter-json-export', 'r.json'],
    dir,
  )
  const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8')) as {
    durationMs: number
    summary: { tests: number; passed: number }
  }
  if (report.summary.passed !== count * 5)
    throw new Error(`sendbox: ${report.summary.passed} of ${count * 5} tests passed`)
  return { rate: count / (report.durationMs / 1000), wall: count / (exit.ms / 1000), exit }
}

async function newman(file = 'c.json'): Promise<{ rate: number; wall: number; exit: Exit } | null> {
  if (!existsSync(join(PEERS, 'newman'))) return null
  const exit = await run(
    join(PEERS, 'newman'),
    ['run', file, '-r', 'json', '--reporter-json-export', 'n.json'],
    dir,
  )
  const report = JSON.parse(readFileSync(join(dir, 'n.json'), 'utf8')) as {
    run: {
      timings: { started: number; completed: number }
      stats: { assertions: { total: number; failed: number } }
    }
  }
  if (report.run.stats.assertions.failed > 0) throw new Error('newman: tests failed')
  const count = file === 'c.json' ? COUNT : file === 'one.json' ? 1 : SMALL
  return {
    rate: count / ((report.run.timings.completed - report.run.timings.started) / 1000),
    wall: count / (exit.ms / 1000),
    exit,
  }
}

/** The heap after forced collections over a long run, in-process (bench/runner-memory.ts). */
function heapRun(file: string, report?: string): Promise<{ heapMb: number[]; rssMb: number[] }> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        '--expose-gc',
        '--import',
        'tsx',
        resolve(import.meta.dirname, 'runner-memory.ts'),
        join(dir, file),
        ...(report ? [join(dir, report)] : []),
      ],
      // From the repository, where tsx resolves; the files are named by absolute paths.
      { cwd: resolve(import.meta.dirname, '..'), stdio: ['ignore', 'pipe', 'inherit'] },
    )
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('error', fail)
    child.on('close', () => {
      try {
        done(JSON.parse(out.trim().split('\n').pop() ?? '') as { heapMb: number[]; rssMb: number[] })
      } catch (error) {
        fail(error as Error)
      }
    })
  })
}

async function bruno(): Promise<{ wall: number; exit: Exit } | null> {
  // BENCH_SKIP_BRU=1 leaves it out (it takes minutes).
  if (process.env.BENCH_SKIP_BRU || !existsSync(join(PEERS, 'bru'))) return null
  const exit = await run(join(PEERS, 'bru'), ['run', '--reporter-json', join(dir, 'b.json')], bruDir)
  return { wall: COUNT / (exit.ms / 1000), exit }
}

const fmt = (n: number) => `${n.toFixed(0)} req/s`
const cpu = (exit: Exit) => `${(exit.cpuMs / COUNT).toFixed(2)} ms CPU/request`
const marginal = (big: Exit, small: Exit) => Math.max(0, big.cpuMs - small.cpuMs) / (COUNT - SMALL)
const load = () =>
  `load ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`
if (process.env.BENCH_SHAPES_ONLY) {
  await measureShapes()
  await close()
  process.exit(0)
}

console.log(`bench:runner  ${COUNT} requests, each with a pre-request script and 5 tests (${load()})`)
console.log(
  `  whole process: spawn to exit, the median of ${ROUNDS} interleaved rounds (each round's seconds in brackets);`,
)
console.log("  in-run: the runner's own run time (no process start); loop only: the raw loop's own time;")
console.log('  CPU/request: the whole process (start included), steadier than rates on a busy machine')
console.log(
  `  marginal CPU: (CPU of ${COUNT} requests - CPU of ${SMALL}) / ${COUNT - SMALL}: one more request, no start`,
)
// Each line is printed as soon as it is measured: a run cut short still leaves its numbers.
// The whole-process runs are interleaved, ROUNDS times, and their medians compared: the shared
// machine's load changes from minute to minute.
type Measured = { rate: number; wall: number; exit: Exit }
const rounds: {
  raw: Measured[]
  ours: Measured[]
  nm: Measured[]
  one: Measured[]
  nmOne: Measured[]
  bare: Exit[]
} = {
  raw: [],
  ours: [],
  nm: [],
  one: [],
  nmOne: [],
  bare: [],
}
for (let round = 0; round < ROUNDS; round++) {
  rounds.raw.push(await rawLoop())
  rounds.ours.push(await sendbox('c.json', COUNT))
  rounds.one.push(await sendbox('one.json', 1))
  if (round < NEWMAN_ROUNDS) {
    const theirs = await newman()
    if (theirs) rounds.nm.push(theirs)
    const theirOne = await newman('one.json')
    if (theirOne) rounds.nmOne.push(theirOne)
  }
  rounds.bare.push(await run(process.execPath, ['-e', '0'], dir))
}
/** The run with the median whole-process time. */
const median = (runs: Measured[]) =>
  [...runs].sort((a, b) => a.exit.ms - b.exit.ms)[Math.floor(runs.length / 2)]
const medianOf = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const raw = median(rounds.raw)!
const ours = median(rounds.ours)!
const nm = rounds.nm.length > 0 ? median(rounds.nm)! : null
const seconds = (runs: Measured[]) => runs.map((r) => (r.exit.ms / 1000).toFixed(2)).join(', ')
console.log(
  `  raw undici loop (no scripts)  ${fmt(raw.wall)} whole process (${seconds(rounds.raw)} s), ${fmt(raw.rate)} loop only, ${cpu(raw.exit)}`,
)
console.log(
  `  sendbox run                   ${fmt(ours.wall)} whole process (${seconds(rounds.ours)} s), ${fmt(ours.rate)} in-run, ${cpu(ours.exit)}`,
)
console.log(
  `  sendbox / raw loop            ${((ours.wall / raw.wall) * 100).toFixed(0)}% whole process (target >= 50%), ` +
    `${((ours.rate / raw.rate) * 100).toFixed(0)}% in-run, ${((raw.exit.cpuMs / ours.exit.cpuMs) * 100).toFixed(0)}% of its CPU`,
)
const oneWall = medianOf(rounds.one.map((r) => r.exit.ms))
const oneCpu = medianOf(rounds.one.map((r) => r.exit.cpuMs))
console.log(
  `  one-request sendbox run       ${(oneWall / 1000).toFixed(2)} s whole process (target <= 0.4 s), ${(oneCpu / 1000).toFixed(2)} s CPU (${seconds(rounds.one)} s); ` +
    `node -e 0 took ${(medianOf(rounds.bare.map((e) => e.ms)) / 1000).toFixed(2)} s, ${(medianOf(rounds.bare.map((e) => e.cpuMs)) / 1000).toFixed(2)} s CPU`,
)
if (rounds.nmOne.length > 0) {
  const nmOneWall = medianOf(rounds.nmOne.map((r) => r.exit.ms))
  const nmOneCpu = medianOf(rounds.nmOne.map((r) => r.exit.cpuMs))
  console.log(
    `  one-request newman run        ${(nmOneWall / 1000).toFixed(2)} s whole process, ${(nmOneCpu / 1000).toFixed(2)} s CPU (${seconds(rounds.nmOne)} s): ` +
      `sendbox takes ${((oneWall / nmOneWall) * 100).toFixed(0)}% of its time and ${((oneCpu / nmOneCpu) * 100).toFixed(0)}% of its CPU`,
  )
}
const oursSmall = await sendbox('small.json', SMALL)
const oursMarginal = marginal(ours.exit, oursSmall.exit)
console.log(`  sendbox marginal CPU          ${oursMarginal.toFixed(2)} ms/request (${load()})`)
if (nm)
  console.log(
    `  newman 6.2.2                  ${fmt(nm.wall)} whole process (${seconds(rounds.nm)} s), ${fmt(nm.rate)} in-run, ${cpu(nm.exit)}`,
  )
else console.log('  newman: not installed (npm ci --prefix bench/peers)')
if (nm)
  console.log(
    `  sendbox / newman              ${(ours.wall / nm.wall).toFixed(1)}x whole process (target >= 10x), ${(ours.rate / nm.rate).toFixed(1)}x in-run, ${(nm.exit.cpuMs / ours.exit.cpuMs).toFixed(1)}x less CPU`,
  )
const nmSmall = nm ? await newman('small.json') : null
if (nm && nmSmall) {
  const theirs = marginal(nm.exit, nmSmall.exit)
  console.log(
    `  newman marginal CPU           ${theirs.toFixed(2)} ms/request: sendbox uses ${(theirs / Math.max(oursMarginal, 0.01)).toFixed(1)}x less (${load()})`,
  )
}
await measureShapes()
const big = await sendbox('big.json', MEMORY_COUNT)
const rss = big.exit.peakRssMb
const quarter = Math.max(1, Math.floor(rss.length / 4))
const avg = (values: number[]) => values.reduce((a, b) => a + b, 0) / Math.max(1, values.length)
console.log(
  `  memory over ${MEMORY_COUNT} requests: RSS ${avg(rss.slice(0, quarter)).toFixed(0)} MB in the first quarter, ` +
    `${avg(rss.slice(-quarter)).toFixed(0)} MB in the last, peak ${Math.max(...rss, 0).toFixed(0)} MB (${fmt(big.rate)})`,
)
for (const report of [undefined, 'm.json']) {
  const heap = await heapRun('big.json', report)
  const q = Math.max(1, Math.floor(heap.heapMb.length / 4))
  const first = avg(heap.heapMb.slice(0, q))
  const last = avg(heap.heapMb.slice(-q))
  console.log(
    `  heap after forced GC, ${MEMORY_COUNT} requests, ${report ? 'json reporter (keeps every execution)' : 'cli reporter'}: ` +
      `${first.toFixed(1)} MB in the first quarter, ${last.toFixed(1)} MB in the last, max ${Math.max(...heap.heapMb, 0).toFixed(1)} MB ` +
      `(${heap.heapMb.length} samples, ${load()})`,
  )
}
// The Bruno CLI is the slowest (about 3 requests/s): last, so everything else is printed first.
const br = await bruno()
if (br) console.log(`  bru run 4.1.0                 ${fmt(br.wall)} whole process, ${cpu(br.exit)}`)
else console.log('  bru: not installed (npm ci --prefix bench/peers) or BENCH_SKIP_BRU set')
if (br) console.log(`  sendbox / bru                 ${(ours.wall / br.wall).toFixed(1)}x whole process`)
console.log(`  (${load()})`)
await close()
