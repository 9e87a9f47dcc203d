/**
 * The two sides of the Postman differential suite: one collection run through newman (in this
 * process, its documented `newman.run`) and through `sendbox run` (the real command, a child
 * process), each against its own echo server, reduced to the same plain shape.
 */
import { createRequire } from 'node:module'
import { existsSync, readFileSync } from 'node:fs'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import type { EchoRecord, EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

const require = createRequire(import.meta.url)

/** The request the suite appends to every collection: its body shows the variables at the end. */
export const VARIABLES_ITEM = '__variables'

export interface ItemRun {
  name: string
  tests: { name: string; passed: boolean; error: string | null }[]
  /** The pre-request script's error, as `Name: message`. */
  preError: string | null
  testError: string | null
}

export interface WireRecord {
  method: string
  url: string
  /** `name: value`, names in lower case, sorted (order on the wire is not compared). */
  headers: string[]
  body: string
}

export interface SideRun {
  items: ItemRun[]
  wire: WireRecord[]
  /** `name=value` lines as the last request carried them; null when the run stopped before it. */
  variables: string[] | null
}

export interface ParityCase {
  file: string
  collection: PostmanDoc
  environment: unknown
}

interface PostmanDoc {
  info: { name: string }
  item: unknown[]
  variable?: { key: string }[]
}

/** The collection with the variables request appended; an environment beside it when present. */
export function loadCase(path: string): ParityCase {
  const collection = JSON.parse(readFileSync(path, 'utf8')) as PostmanDoc
  const envPath = path.replace(/\.postman_collection\.json$/, '.postman_environment.json')
  const environment = existsSync(envPath) ? JSON.parse(readFileSync(envPath, 'utf8')) : undefined
  const names = variableNames(JSON.stringify(collection), collection)
  if (names.length > 0) {
    collection.item = [
      ...collection.item,
      {
        name: VARIABLES_ITEM,
        request: {
          method: 'POST',
          url: '{{baseUrl}}/anything/variables',
          body: { mode: 'raw', raw: names.map((n) => `${n}={{${n}}}`).join('\n') },
        },
      },
    ]
  }
  return { file: path.split('/').pop()!, collection, environment }
}

/** Names a script sets or clears, and the collection's own variables. */
function variableNames(text: string, collection: PostmanDoc): string[] {
  const names = new Set<string>()
  const calls =
    /\b(?:set|unset|setEnvironmentVariable|setGlobalVariable|clearEnvironmentVariable|clearGlobalVariable|setVar|setEnvVar)\(\s*\\?(['"`])([\w.-]+)\\?\1/g
  for (const match of text.matchAll(calls)) names.add(match[2]!)
  for (const variable of collection.variable ?? []) names.add(variable.key)
  names.delete('baseUrl')
  return [...names].sort()
}

export function wireOf(records: EchoRecord[], base: string): WireRecord[] {
  const host = base.replace(/^https?:\/\//, '')
  const neutral = (text: string) => text.split(base).join('{{baseUrl}}').split(host).join('{{host}}')
  return records.map((r) => ({
    method: r.method,
    url: neutral(r.url),
    headers: r.headers.map(([name, value]) => `${name.toLowerCase()}: ${neutral(value)}`).sort(),
    body: neutral(r.body),
  }))
}

function splitVariables(wire: WireRecord[]): { wire: WireRecord[]; variables: string[] | null } {
  const last = wire.at(-1)
  if (last && last.url === '/anything/variables')
    return { wire: wire.slice(0, -1), variables: last.body.split('\n') }
  return { wire, variables: null }
}

export function errorText(error: unknown): string | null {
  if (!error) return null
  const e = error as { name?: string; message?: string }
  return e.name && e.name !== 'AssertionError' ? `${e.name}: ${e.message}` : String(e.message)
}

// newman's events carry the postman-collection SDK's objects; only these members are read.
interface NewmanCursor {
  cursor: { ref: string }
  item: { name: string }
  event?: { listen: string }
  assertion?: string
  skipped?: boolean
}

export async function runNewmanSide(run: ParityCase, echo: EchoServer): Promise<SideRun> {
  const newman = require('newman') as {
    run(options: object, done: (error: unknown) => void): NodeJS.EventEmitter
  }
  const start = echo.seen.length
  const items: ItemRun[] = []
  const byRef = new Map<string, ItemRun>()
  const itemFor = (o: NewmanCursor): ItemRun => {
    let item = byRef.get(o.cursor.ref)
    if (!item) {
      item = { name: o.item.name, tests: [], preError: null, testError: null }
      byRef.set(o.cursor.ref, item)
      items.push(item)
    }
    return item
  }
  await new Promise<void>((resolve, reject) => {
    const emitter = newman.run(
      {
        collection: run.collection,
        environment: run.environment,
        envVar: [{ key: 'baseUrl', value: echo.url }],
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
  const { wire, variables } = splitVariables(wireOf(echo.seen.slice(start), echo.url))
  return { items: items.filter((i) => i.name !== VARIABLES_ITEM), wire, variables }
}

export async function runSendboxSide(run: ParityCase, echo: EchoServer): Promise<SideRun> {
  const start = echo.seen.length
  const files: Record<string, unknown> = { 'c.json': run.collection }
  const args = ['run', 'c.json', '-r', 'json', '--env-var', `baseUrl=${echo.url}`]
  if (run.environment) {
    files['e.json'] = run.environment
    args.push('-e', 'e.json')
  }
  const result = await runSendbox(args, { cwd: writeFiles(files) })
  let report: JsonReport
  try {
    report = JSON.parse(result.stdout) as JsonReport
  } catch {
    throw new Error(`sendbox run gave no report (exit ${result.code}): ${result.stderr}`)
  }
  const items = report.executions
    .filter((e) => e.name !== VARIABLES_ITEM)
    .map((e) => ({
      name: e.name,
      tests: e.tests,
      preError: e.outcome === 'not-sent' ? (e.error ?? '').replace(/^Request not sent: /, '') : null,
      testError: e.scriptError,
    }))
  const { wire, variables } = splitVariables(wireOf(echo.seen.slice(start), echo.url))
  return { items, wire, variables }
}
