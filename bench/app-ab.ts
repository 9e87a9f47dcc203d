/**
 * The A/B side of `npm run bench:app -- --ab <commit>`: the other commit's app, built in a
 * directory of its own (its tree from git, this checkout's node_modules hard-linked), served by this
 * checkout's sync-server from that dist/. Only the app differs between the two sides; the server,
 * the browser and the workspace are the same, and the rounds alternate which side goes first.
 */
import { spawn, spawnSync } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { loadavg, tmpdir } from 'node:os'
import { join, resolve } from 'node:path'

export interface Side {
  /** Printed with each block: `this commit (abc1234)` or `abc1234`. */
  label: string
  base: string
  dataDir: string
  stop: () => void
}

function git(...args: string[]): string {
  const out = spawnSync('git', args, { encoding: 'utf8' })
  if (out.status !== 0) throw new Error(`git ${args.join(' ')}: ${out.stderr.trim()}`)
  return out.stdout.trim()
}

export const shortCommit = (ref: string): string => git('rev-parse', '--short', ref)

/** The commit's app built once into a cache directory (kept across runs, keyed by the commit). */
export function buildCommit(ref: string): string {
  const sha = git('rev-parse', '--verify', `${ref}^{commit}`)
  // `-linked`: builds made with a symlinked node_modules resolved Yjs outside the build's tree, so
  // vite.config.ts's path checks (the yjs-logging stand-in) missed it and the shell was 2.8 KB
  // bigger than a real build of the commit.
  const dir = join(tmpdir(), 'sendbox-bench-ab', `${sha}-linked`)
  if (existsSync(join(dir, 'dist', 'index.html'))) return join(dir, 'dist')
  rmSync(dir, { recursive: true, force: true })
  mkdirSync(dir, { recursive: true })
  const archive = spawnSync('sh', ['-c', `git archive ${sha} | tar -x -C ${JSON.stringify(dir)}`], {
    stdio: 'inherit',
  })
  if (archive.status !== 0) throw new Error(`could not check out ${ref}`)
  // Hard links: the packages' paths stay inside the build's directory, as in a real checkout.
  const link = spawnSync('cp', ['-al', resolve('node_modules'), join(dir, 'node_modules')], {
    stdio: 'inherit',
  })
  if (link.status !== 0) throw new Error('could not link node_modules into the build directory')
  if (existsSync('dist-libs')) cpSync('dist-libs', join(dir, 'dist-libs'), { recursive: true })
  console.log(`building ${ref} (${sha.slice(0, 7)}) in ${dir}`)
  const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'error'], { cwd: dir, stdio: 'inherit' })
  if (build.status !== 0 || !existsSync(join(dir, 'dist', 'index.html')))
    throw new Error(`vite build of ${ref} failed`)
  return join(dir, 'dist')
}

export function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const server = createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const address = server.address()
      const port = typeof address === 'object' && address ? address.port : 0
      server.close(() => resolvePort(port))
    })
  })
}

/** This checkout's sync-server serving `dist` on `port`, its data in `dataDir`. */
export async function startServer(port: number, dist: string, dataDir: string): Promise<() => void> {
  const base = `http://127.0.0.1:${port}`
  const args = ['--import', 'tsx', 'sync-server/main.ts', '--no-build', '--host', '127.0.0.1']
  const server = spawn(
    process.execPath,
    [...args, '--port', String(port), '--data', dataDir, '--dist', dist],
    { stdio: 'ignore' },
  )
  // Up to a minute: on a shared, loaded machine the server's start (tsx compiling it) takes a while.
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(base)).ok) return () => server.kill()
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  server.kill()
  throw new Error('the sync-server did not start')
}

/** The machine's load average, printed beside each measurement (the machine is shared). */
export const load = (): string =>
  `load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')}`

export const median = (values: number[]): number => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.floor((sorted.length - 1) / 2)] ?? NaN
}
