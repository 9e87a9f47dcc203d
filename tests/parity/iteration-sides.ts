/**
 * The two sides of the data-driven differential suite: one collection run through newman with
 * `iterationData` / `iterationCount` / `exportEnvironment`, and through `sendbox run -d -n
 * --export-environment`, each against its own echo server, reduced to the same plain shape
 * (parity-sides.ts), plus the exported environment as `name=value` lines.
 */
import { createRequire } from 'node:module'
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import type { EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { errorText, wireOf, type ItemRun, type SideRun } from './parity-sides.ts'

const require = createRequire(import.meta.url)

export interface IterationCase {
  collection: object
  environment?: object
  /** File name (its extension tells the format) → content. */
  data?: { name: string; text: string }
  iterationCount?: number
}

export interface IterationSide extends SideRun {
  /** 0-based iteration of each item, in order. */
  iterations: number[]
  /** The exported environment, `name=value` (values as text), in file order. */
  exported: string[]
}

function exportedLines(path: string): string[] {
  const doc = JSON.parse(readFileSync(path, 'utf8')) as { values: { key: string; value: unknown }[] }
  return doc.values.map((v) => `${v.key}=${typeof v.value === 'string' ? v.value : JSON.stringify(v.value)}`)
}

interface NewmanCursor {
  cursor: { ref: string; iteration: number }
  item: { name: string }
  event?: { listen: string }
  assertion?: string
  skipped?: boolean
}

export async function newmanSide(run: IterationCase, echo: EchoServer): Promise<IterationSide> {
  const newman = require('newman') as {
    run(options: object, done: (error: unknown) => void): NodeJS.EventEmitter
  }
  const dir = writeFiles(run.data ? { [run.data.name]: run.data.text } : {})
  const start = echo.seen.length
  const items: ItemRun[] = []
  const iterations: number[] = []
  const byRef = new Map<string, ItemRun>()
  const itemFor = (o: NewmanCursor): ItemRun => {
    let item = byRef.get(o.cursor.ref)
    if (!item) {
      item = { name: o.item.name, tests: [], preError: null, testError: null }
      byRef.set(o.cursor.ref, item)
      items.push(item)
      iterations.push(o.cursor.iteration)
    }
    return item
  }
  await new Promise<void>((resolve, reject) => {
    const emitter = newman.run(
      {
        collection: run.collection,
        environment: run.environment ?? { name: 'e', values: [] },
        envVar: [{ key: 'baseUrl', value: echo.url }],
        ...(run.data ? { iterationData: join(dir, run.data.name) } : {}),
        ...(run.iterationCount ? { iterationCount: run.iterationCount } : {}),
        exportEnvironment: join(dir, 'exported.json'),
        reporters: [],
      },
      (error) => (error ? reject(error instanceof Error ? error : new Error(String(error))) : resolve()),
    )
    emitter.on('beforeItem', (_e: unknown, o: NewmanCursor) => itemFor(o))
    emitter.on('assertion', (e: unknown, o: NewmanCursor) => {
      if (o.skipped) return
      itemFor(o).tests.push({ name: o.assertion ?? '', passed: !e, error: errorText(e) })
    })
    emitter.on('script', (e: unknown, o: NewmanCursor) => {
      if (!e) return
      if (o.event?.listen === 'prerequest') itemFor(o).preError = errorText(e)
      else itemFor(o).testError = errorText(e)
    })
  })
  const wire = wireOf(echo.seen.slice(start), echo.url)
  return { items, iterations, wire, variables: null, exported: exportedLines(join(dir, 'exported.json')) }
}

export async function sendboxSide(run: IterationCase, echo: EchoServer): Promise<IterationSide> {
  const files: Record<string, unknown> = {
    'c.json': run.collection,
    'e.json': run.environment ?? { name: 'e', values: [] },
  }
  const args = ['run', 'c.json', '-e', 'e.json', '-r', 'json', '--env-var', `baseUrl=${echo.url}`]
  args.push('--export-environment', 'exported.json')
  if (run.data) {
    files[run.data.name] = run.data.text
    args.push('-d', run.data.name)
  }
  if (run.iterationCount) args.push('-n', String(run.iterationCount))
  const dir = writeFiles(files)
  const start = echo.seen.length
  const result = await runSendbox(args, { cwd: dir })
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
  return {
    items,
    iterations: report.executions.map((e) => e.iteration),
    wire: wireOf(echo.seen.slice(start), echo.url),
    variables: null,
    exported: exportedLines(join(dir, 'exported.json')),
  }
}
