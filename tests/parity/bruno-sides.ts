/**
 * The Bruno sides of the differential tests: a collection folder run by `bru run` (the real
 * @usebruno/cli, a child process, safe mode) and by `sendbox run`, each against an echo server,
 * reduced to the shape of `parity-sides.ts` (items with their tests, what arrived on the wire).
 */
import { spawn } from 'node:child_process'
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { dirname, join, resolve } from 'node:path'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import type { ExportFile } from '../../src/model/export/types.ts'
import type { EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox } from '../helpers/cli.ts'
import { wireOf, type ItemRun, type SideRun } from './parity-sides.ts'

const BRU = resolve(import.meta.dirname, '../../node_modules/@usebruno/cli/bin/bru.js')

/** Files written under a fresh directory; returns it. */
export function writeTree(files: ExportFile[]): string {
  const dir = mkdtempSync(join(tmpdir(), 'sendbox-bruno-'))
  for (const file of files) {
    mkdirSync(dirname(join(dir, file.path)), { recursive: true })
    writeFileSync(join(dir, file.path), file.text)
  }
  return dir
}

interface BruTest {
  description?: string
  status?: string
  error?: string | null
}

interface BruResult {
  name: string
  error?: string | null
  preRequestTestResults?: BruTest[]
  postResponseTestResults?: BruTest[]
  testResults?: BruTest[]
  status?: string
}

/** `vars`: `--env-var` pairs (`baseUrl` is added); `env`: the environment's name, if any. */
export async function runBruSide(
  folder: string,
  echo: EchoServer,
  vars: Record<string, string> = {},
  env?: string,
): Promise<SideRun & { results: BruResult[] }> {
  const start = echo.seen.length
  const out = join(mkdtempSync(join(tmpdir(), 'sendbox-bru-out-')), 'report.json')
  const args = [BRU, 'run', '-o', out, '--env-var', `baseUrl=${echo.url}`]
  for (const [key, value] of Object.entries(vars)) args.push('--env-var', `${key}=${value}`)
  if (env) args.push('--env', env)
  const stderr = await new Promise<string>((done, fail) => {
    const child = spawn(process.execPath, args, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] })
    let text = ''
    child.stderr.on('data', (chunk) => (text += chunk))
    child.on('error', fail)
    child.on('close', () => done(text))
  })
  let report: { results: BruResult[] }[]
  try {
    report = JSON.parse(readFileSync(out, 'utf8')) as { results: BruResult[] }[]
  } catch {
    throw new Error(`bru run wrote no report: ${stderr}`)
  }
  const results = report[0]?.results ?? []
  const items: ItemRun[] = results.map((r) => ({
    name: r.name,
    tests: [
      ...(r.preRequestTestResults ?? []),
      ...(r.postResponseTestResults ?? []),
      ...(r.testResults ?? []),
    ].map((t) => ({
      name: t.description ?? '',
      passed: t.status === 'pass',
      error: t.status === 'pass' ? null : (t.error ?? null),
    })),
    preError: null,
    testError: null,
  }))
  return { items, wire: wireOf(echo.seen.slice(start), echo.url), variables: null, results }
}

/** `sendbox run` of `target` (a file or folder under `cwd`) with `baseUrl` set to the echo server. */
export async function runSendboxOn(
  cwd: string,
  target: string,
  echo: EchoServer,
  extra: string[] = [],
): Promise<SideRun & { report: JsonReport }> {
  const start = echo.seen.length
  const result = await runSendbox(
    ['run', target, '-r', 'json', '--env-var', `baseUrl=${echo.url}`, ...extra],
    {
      cwd,
    },
  )
  let report: JsonReport
  try {
    report = JSON.parse(result.stdout) as JsonReport
  } catch {
    throw new Error(`sendbox run gave no report (exit ${result.code}): ${result.stderr}`)
  }
  const items = report.executions.map((e) => ({
    name: e.name,
    tests: e.tests,
    preError: e.outcome === 'not-sent' ? (e.error ?? '').replace(/^Request not sent: /, '') : null,
    testError: e.scriptError,
  }))
  return { items, wire: wireOf(echo.seen.slice(start), echo.url), variables: null, report }
}

/** Multipart bodies with the boundary named `BOUNDARY` (each runner picks its own at random). */
export function sameBoundary(run: SideRun): SideRun {
  const wire = run.wire.map((record) => {
    const type = record.headers.find((h) => h.startsWith('content-type: multipart/'))
    const boundary = type && /boundary=(.+)$/.exec(type)?.[1]
    if (!boundary) return record
    return {
      ...record,
      headers: record.headers
        .filter((h) => !h.startsWith('content-length: '))
        .map((h) => h.split(boundary).join('BOUNDARY')),
      body: record.body.split(boundary).join('BOUNDARY'),
    }
  })
  return { ...run, wire }
}
