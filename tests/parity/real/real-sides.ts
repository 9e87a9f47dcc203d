/**
 * The two sides of the real-collection suite. A collection is run as it was published: its own
 * hosts, its own scripts; newman (in this process, its documented `newman.run`, sending through
 * HTTP(S)_PROXY) and `sendbox run` (the real command, `--proxy`), each through its own recording
 * proxy in front of its own echo server, then reduced to the plain shape parity-diff.ts compares.
 *
 * The only things added: variables that name a host and that neither the collection nor its
 * environment defines get a made-up host (the same on both sides), and a last request whose body
 * shows the variables at the end of the run.
 */
import { createRequire } from 'node:module'
import { existsSync, readFileSync } from 'node:fs'
import type { JsonReport } from '../../../src/runtime/report/json-report.ts'
import { runSendbox, writeFiles } from '../../helpers/cli.ts'
import { errorText, type ItemRun, type SideRun, type WireRecord } from '../parity-sides.ts'
import type { ProxyRecord, RecordingProxy } from './recording-proxy.ts'

const require = createRequire(import.meta.url)

export const VARIABLES_ITEM = '__variables'
const VARIABLES_URL = 'http://parity-variables.test/anything/variables'
/** Longest a run may take: a collection that loops with setNextRequest stops there on both sides. */
const REQUEST_TIMEOUT_MS = 10_000

interface PostmanDoc {
  info: { name: string }
  item: unknown[]
  variable?: { key: string; value?: unknown; disabled?: boolean }[]
}

interface EnvironmentDoc {
  values?: { key: string; value?: unknown; enabled?: boolean }[]
}

export interface RealCase {
  file: string
  collection: PostmanDoc
  environment: EnvironmentDoc | undefined
  /** `--env-var` pairs given to both sides: hosts the collection leaves undefined. */
  envVars: { key: string; value: string }[]
}

export function loadRealCase(path: string): RealCase {
  const text = readFileSync(path, 'utf8').replace(/^\uFEFF/, '')
  const collection = JSON.parse(text) as PostmanDoc
  const envPath = path.replace(/\.postman_collection\.json$/, '.postman_environment.json')
  const environment = existsSync(envPath)
    ? (JSON.parse(readFileSync(envPath, 'utf8').replace(/^\uFEFF/, '')) as EnvironmentDoc)
    : undefined
  const envVars = hostVariables(text, collection, environment)
  const names = variableNames(text, collection)
  if (names.length > 0) {
    collection.item = [
      ...collection.item,
      {
        name: VARIABLES_ITEM,
        request: {
          method: 'POST',
          url: VARIABLES_URL,
          auth: { type: 'noauth' },
          body: { mode: 'raw', raw: names.map((n) => `${n}={{${n}}}`).join('\n') },
        },
      },
    ]
  }
  return { file: path.split('/').pop()!, collection, environment, envVars }
}

/** Names a script sets or clears, and the collection's own variables. */
function variableNames(text: string, collection: PostmanDoc): string[] {
  const names = new Set<string>()
  const calls =
    /\b(?:set|unset|setEnvironmentVariable|setGlobalVariable|clearEnvironmentVariable|clearGlobalVariable)\(\s*\\?(['"`])([\w.-]+)\\?\1/g
  for (const match of text.matchAll(calls)) names.add(match[2]!)
  for (const variable of collection.variable ?? [])
    if (/^[\w.-]+$/.test(variable.key)) names.add(variable.key)
  return [...names].sort()
}

/** `{{x}}/path` and `https://{{x}}/path` where nothing defines x: a host under .test for it. */
function hostVariables(text: string, collection: PostmanDoc, environment: EnvironmentDoc | undefined) {
  const defined = new Set<string>()
  for (const v of collection.variable ?? [])
    if (!v.disabled && v.value !== undefined && v.value !== '') defined.add(v.key)
  for (const v of environment?.values ?? [])
    if (v.enabled !== false && v.value !== undefined && v.value !== '') defined.add(v.key)
  const out = new Map<string, string>()
  const slug = (name: string) =>
    name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'host'
  for (const match of text.matchAll(/"raw"\s*:\s*"(https?:\/\/)?\{\{([^{}"]+)\}\}/g)) {
    const name = match[2]!
    if (defined.has(name) || out.has(name)) continue
    out.set(name, match[1] ? `${slug(name)}.test` : `http://${slug(name)}.test`)
  }
  return [...out].map(([key, value]) => ({ key, value }))
}

export function wireOfProxy(records: ProxyRecord[]): WireRecord[] {
  return records.map((r) => ({
    method: r.method,
    url: r.url,
    headers: r.headers.map(([name, value]) => `${name.toLowerCase()}: ${value}`).sort(),
    body: r.body,
  }))
}

function splitVariables(wire: WireRecord[]): { wire: WireRecord[]; variables: string[] | null } {
  const last = wire.at(-1)
  if (last && last.url === VARIABLES_URL) return { wire: wire.slice(0, -1), variables: last.body.split('\n') }
  return { wire, variables: null }
}

// newman's events carry the postman-collection SDK's objects; only these members are read.
interface NewmanCursor {
  cursor: { ref: string }
  item: { name: string }
  event?: { listen: string }
  assertion?: string
  skipped?: boolean
}

/** newman sends through the proxy named in HTTPS_PROXY / HTTP_PROXY, which it reads per request. */
export async function runNewmanReal(run: RealCase, proxy: RecordingProxy): Promise<SideRun> {
  const newman = require('newman') as {
    run(options: object, done: (error: unknown) => void): NodeJS.EventEmitter
  }
  process.env.HTTP_PROXY = proxy.url
  process.env.HTTPS_PROXY = proxy.url
  process.env.NO_PROXY = ''
  const start = proxy.seen.length
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
        envVar: run.envVars,
        insecure: true,
        timeoutRequest: REQUEST_TIMEOUT_MS,
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
  const { wire, variables } = splitVariables(wireOfProxy(proxy.seen.slice(start)))
  return { items: items.filter((i) => i.name !== VARIABLES_ITEM), wire, variables }
}

export async function runSendboxReal(run: RealCase, proxy: RecordingProxy): Promise<SideRun> {
  const start = proxy.seen.length
  const files: Record<string, unknown> = { 'c.json': run.collection }
  const args = ['run', 'c.json', '-r', 'json', '-k', '--proxy', proxy.url]
  args.push('--timeout-request', String(REQUEST_TIMEOUT_MS))
  for (const { key, value } of run.envVars) args.push('--env-var', `${key}=${value}`)
  if (run.environment) {
    files['e.json'] = run.environment
    args.push('-e', 'e.json')
  }
  const noEnvProxy = { HTTP_PROXY: '', HTTPS_PROXY: '', http_proxy: '', https_proxy: '' }
  const result = await runSendbox(args, { cwd: writeFiles(files), env: noEnvProxy })
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
  const { wire, variables } = splitVariables(wireOfProxy(proxy.seen.slice(start)))
  return { items, wire, variables }
}
