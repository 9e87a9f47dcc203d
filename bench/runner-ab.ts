/**
 * `npx tsx bench/runner-ab.ts <build> <build> …`: CPU per request of whole `sendbox run` processes
 * of several builds on one script shape (bench/runner-shapes.ts), interleaved, for telling whether
 * a change (or a merge) made a run cheaper or dearer. A build is a directory holding a built
 * checkout (bin/sendbox.js and a current dist-cli/) or a commit: the commit's tree is exported
 * into a temporary directory beside this checkout's node_modules and its CLI bundled there.
 *
 * On a shared machine one process's CPU time varies by 10–20% from run to run, more than most
 * changes, so every round runs each build once, in alternating order, and each build is compared
 * with the first in the same round (paired ratios: their median, and in how many rounds it was
 * dearer and cheaper). Name the first build twice for an A/A control: its ratio shows the noise.
 * BENCH_ROUNDS (default 15), BENCH_COUNT (requests, default 500), BENCH_SHAPE (the start of a
 * shape's name, default `variables`).
 */
import { execFileSync, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { startEchoProcess } from './echo-process.ts'
import { SHAPES } from './runner-shapes.ts'

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 15)
const COUNT = Number(process.env.BENCH_COUNT ?? 500)
const SHAPE = process.env.BENCH_SHAPE ?? 'variables'
const ROOT = resolve(import.meta.dirname, '..')
const TIME = '/usr/bin/time'

const names = process.argv.slice(2)
if (names.length === 0) {
  console.error('usage: npx tsx bench/runner-ab.ts <commit or built checkout> [more …]')
  process.exit(2)
}
if (!existsSync(TIME)) {
  console.error('bench/runner-ab.ts needs GNU time (/usr/bin/time, the Debian package "time")')
  process.exit(2)
}
const shape = SHAPES.find((s) => s.name.startsWith(SHAPE))
if (!shape) {
  console.error(`no shape named ${SHAPE}…; shapes: ${SHAPES.map((s) => s.name).join(', ')}`)
  process.exit(2)
}

const work = mkdtempSync(join(tmpdir(), 'sendbox-runner-ab-'))

/** A directory to run `bin/sendbox.js` from: the one given, or the commit's tree, built. */
async function checkout(name: string): Promise<string> {
  if (existsSync(join(name, 'bin/sendbox.js'))) {
    const dir = resolve(name)
    // Else bin/entry.js would run its sources through tsx, at several times the CPU.
    const entry = (await import(pathToFileURL(join(dir, 'bin/entry.js')).href)) as {
      bundleIsCurrent(root: URL): boolean
    }
    if (!entry.bundleIsCurrent(pathToFileURL(`${dir}/`))) {
      console.error(
        `${dir}: its CLI bundle is missing or older than its sources; run npm run build:cli there`,
      )
      process.exit(2)
    }
    return dir
  }
  const commit = execFileSync('git', ['rev-parse', '--short', name], { cwd: ROOT, encoding: 'utf8' }).trim()
  const dir = join(work, commit)
  if (existsSync(dir)) return dir
  mkdirSync(dir)
  execFileSync('sh', ['-c', `git archive ${commit} | tar -x -C ${JSON.stringify(dir)}`], { cwd: ROOT })
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'))
  if (existsSync(join(ROOT, 'dist-libs')))
    cpSync(join(ROOT, 'dist-libs'), join(dir, 'dist-libs'), { recursive: true })
  execFileSync(process.execPath, ['bin/build-cli.js'], { cwd: dir, stdio: 'inherit' })
  return dir
}

const builds: { label: string; dir: string; cpu: number[] }[] = []
for (const [i, name] of names.entries())
  builds.push({ label: `${i + 1}. ${name}`, dir: await checkout(name), cpu: [] })
const { url, close } = await startEchoProcess()
const file = shape.write(work, url, COUNT)

/** One whole `sendbox run`: user + system CPU in ms (all threads, spawn to exit). */
function run(dir: string): number {
  const times = join(work, 'times')
  const report = join(work, 'report.json')
  const args = ['-o', times, '-f', '%U %S', process.execPath, join(dir, 'bin/sendbox.js'), 'run', file]
  const child = spawnSync(TIME, [...args, '-r', 'json', '--reporter-json-export', report], { cwd: work })
  if (child.status !== 0) throw new Error(`${dir}: sendbox run exited ${child.status}: ${child.stderr}`)
  const [user, system] = readFileSync(times, 'utf8').trim().split('\n').pop()!.split(' ').map(Number)
  return (user! + system!) * 1000
}

// A first run of each writes its code cache (bin/entry.js), as a user's second run finds it.
for (const build of builds) run(build.dir)
const loads: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  for (const build of round % 2 === 0 ? builds : [...builds].reverse()) build.cpu.push(run(build.dir) / COUNT)
  loads.push(loadavg()[0]!)
  console.log(
    `round ${round + 1} (load ${loads.at(-1)!.toFixed(1)}): ${builds.map((b) => b.cpu.at(-1)!.toFixed(2)).join(' / ')} ms`,
  )
}
await close()
// The exported commits and the collection go; the builds named as directories stay as they were.
rmSync(work, { recursive: true, force: true })

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}
const first = builds[0]!
console.log(
  `\n${shape.name}: ${COUNT} requests, CPU per request of the whole process, ${ROUNDS} interleaved rounds, load ${Math.min(...loads).toFixed(1)}–${Math.max(...loads).toFixed(1)}`,
)
for (const build of builds) {
  const ratios = build.cpu.map((cpu, i) => cpu / first.cpu[i]!)
  const dearer = ratios.filter((r) => r > 1).length
  const cheaper = ratios.filter((r) => r < 1).length
  console.log(
    `  ${build.label}: median ${median(build.cpu).toFixed(3)} ms` +
      (build === first
        ? ''
        : `; against 1. in the same round: median ×${median(ratios).toFixed(3)}, dearer in ${dearer}, cheaper in ${cheaper}`),
  )
}
