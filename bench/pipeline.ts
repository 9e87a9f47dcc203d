/**
 * `npm run bench:pipeline`: 1000 requests through `sendbox run` (no scripts) against a raw undici
 * loop, same echo server, same run. Target: Sendbox at no less than 80% of the raw loop's rate.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { spawn } from 'node:child_process'
import { postmanCollection } from '../tests/helpers/postman.ts'
import { startEchoProcess } from './echo-process.ts'

const COUNT = Number(process.env.BENCH_COUNT ?? 1000)
const ROUNDS = 3

// The echo server runs in its own process so that neither side competes with it for an event loop.
const { url, close } = await startEchoProcess()

/** Runs a bench script in a fresh process and returns what it printed. */
function runScript(args: string[]): Promise<string> {
  return new Promise((done, fail) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
      stdio: ['ignore', 'pipe', 'inherit'],
    })
    let out = ''
    child.stdout.on('data', (chunk) => (out += chunk))
    child.on('error', fail)
    child.on('close', (code) =>
      code === 0 ? done(out.trim()) : fail(new Error(`${args[0]} exited ${code}`)),
    )
  })
}

async function rawLoop(): Promise<number> {
  const ms = Number(await runScript([resolve(import.meta.dirname, 'raw-loop.mjs'), url, String(COUNT)]))
  return COUNT / (ms / 1000)
}

const dir = mkdtempSync(join(tmpdir(), 'sendbox-bench-'))
const items = Array.from({ length: COUNT }, (_, i) => ({
  name: `r${i}`,
  request: { method: 'GET', url: `${url}/get?i=${i}` },
}))
writeFileSync(join(dir, 'c.json'), JSON.stringify(postmanCollection('bench', items)))

async function sendboxRun(): Promise<number> {
  return new Promise((done, fail) => {
    const child = spawn(
      process.execPath,
      [
        resolve(import.meta.dirname, '../bin/sendbox.js'),
        'run',
        'c.json',
        '-r',
        'json',
        '--reporter-json-export',
        'r.json',
      ],
      {
        cwd: dir,
        stdio: ['ignore', 'ignore', 'inherit'],
      },
    )
    child.on('error', fail)
    child.on('close', async (code) => {
      if (code !== 0) return fail(new Error(`sendbox run exited ${code}`))
      const { readFileSync } = await import('node:fs')
      const report = JSON.parse(readFileSync(join(dir, 'r.json'), 'utf8'))
      // The run's own duration: process start-up is not part of the per-request rate.
      done(COUNT / (report.durationMs / 1000))
    })
  })
}

const raw: number[] = []
const sendbox: number[] = []
for (let round = 0; round < ROUNDS; round++) {
  raw.push(await rawLoop())
  sendbox.push(await sendboxRun())
}
await close()
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!
const r = median(raw)
const s = median(sendbox)
console.log(`bench:pipeline  ${COUNT} GET requests, median of ${ROUNDS} rounds`)
console.log(`  raw undici loop   ${r.toFixed(0)} req/s`)
console.log(`  sendbox run       ${s.toFixed(0)} req/s`)
console.log(`  ratio             ${((s / r) * 100).toFixed(1)}% of raw (target >= 80%)`)
