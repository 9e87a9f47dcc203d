/**
 * A collection run handed to the relay whole (`POST /relay/run`), against a real sync-server, the
 * echo server and real QuickJS: the same rows, tests and requests on the wire as the run loop in
 * the app with the relay as its transport (what the script worker did before); rows streamed in
 * batches; Stop (and the app going away) ending the run on the server; bad input and the limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  makeCollection,
  makeEnvironment,
  makeRequest,
  makeScripts,
  makeVariable,
} from '../../src/model/factories.ts'
import type { RequestSpec } from '../../src/model/types.ts'
import { executeAppRun, type AppRunResult } from '../../src/runtime/app-run/execute.ts'
import { encodeRunRequest } from '../../src/runtime/app-run/relay-protocol.ts'
import { runOnRelay } from '../../src/runtime/app-run/relay-run.ts'
import type { AppRunHandlers, AppRunSpec } from '../../src/runtime/app-run/types.ts'
import type { RunRow } from '../../src/runtime/report/run-row.ts'
import { createScriptRunner, type QuickJSScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import type { EchoRecord } from '../fixtures/echo-server.ts'
import { startRelayStack, type RelayStack } from '../helpers/sync-server.ts'

let stack: RelayStack
let scripts: QuickJSScriptRunner
beforeAll(async () => {
  stack = await startRelayStack({}, { args: ['--max-run-requests', '150'] })
  scripts = await createScriptRunner()
})
afterAll(async () => {
  scripts.dispose()
  await stack.close()
})

const endpoint = () => ({ url: `${stack.server.url}/relay`, token: stack.server.secrets.accessToken })

const req = (name: string, path: string, pre = '', post = '', more: Partial<RequestSpec> = {}) =>
  makeRequest({
    name,
    url: `{{base}}${path}`,
    scripts: makeScripts({ preRequest: pre, postResponse: post }),
    ...more,
  })

function specOf(requests: RequestSpec[], fields: Partial<AppRunSpec> = {}): AppRunSpec {
  return {
    name: 'Shop',
    collection: makeCollection({ name: 'Shop', children: requests }),
    environment: makeEnvironment({ variables: [makeVariable({ key: 'base', value: stack.echo.url })] }),
    globals: makeEnvironment({ name: '' }),
    session: [['fromPage', 'kept']],
    iterationCount: 1,
    delayMs: 0,
    bail: false,
    options: { timeoutMs: 10_000 },
    formatJson: false,
    defaultHeaders: true,
    tokens: [],
    ...fields,
  }
}

function collecting() {
  const batches: RunRow[][] = []
  const handlers: AppRunHandlers = {
    onBatch: (batch) => batches.push(batch.rows),
    onToken: () => {},
    readFile: async (row) => new TextEncoder().encode(`bytes of ${row.fileRef}`),
  }
  return { batches, handlers }
}

const rowsOf = (batches: RunRow[][], result: AppRunResult) => [...batches.flat(), ...result.batch.rows]
const text = (bytes: Uint8Array | null | undefined) => (bytes ? new TextDecoder().decode(bytes) : null)

/** A row without what differs from one run to the next (times, dates, multipart boundaries). */
function comparable(row: RunRow) {
  const boundary = /-{2,}[\w-]{10,}/g
  return {
    iteration: row.iteration,
    requestId: row.requestId,
    name: row.execution.name,
    failed: row.failed,
    tests: row.execution.tests,
    outcome: row.execution.outcome,
    error: row.execution.error,
    scriptError: row.execution.scriptError,
    request: row.request && {
      method: row.request.method,
      url: row.request.url,
      headers: row.request.headers.map(([n, v]) => [n, v.replace(boundary, 'B')]),
      body: text(row.request.body)?.replace(boundary, 'B'),
    },
    status: row.response?.status,
    body: text(row.response?.body)
      ?.replace(boundary, 'B')
      .replace(/"bodyBase64":"[^"]*"/, ''),
  }
}

const arrived = (seen: EchoRecord[]) =>
  seen.map((r) => ({
    method: r.method,
    url: r.url,
    headers: r.headers.map(([n, v]) => [n, v.replace(/-{2,}[\w-]{10,}/g, 'B')]),
    body: r.body.replace(/-{2,}[\w-]{10,}/g, 'B'),
  }))

const LOGIN = req(
  'Login',
  '/cookies/set?user={{user}}',
  '',
  "pm.test('in', () => pm.response.to.have.status(200))",
)
const PROFILE = req(
  'Profile',
  '/get?name={{user}}&count={{count}}',
  `pm.environment.set('seen', (pm.environment.get('seen') || '') + pm.iterationData.get('user'))
pm.variables.set('count', String(pm.info.iteration))
if (pm.iterationData.get('skip') === 'yes') pm.execution.setNextRequest('Last')`,
  `pm.test('named', () => pm.expect(pm.response.json().args.name).to.equal(pm.iterationData.get('expected')))
pm.test('cookie sent', () => pm.expect(pm.request.headers.get('Cookie') || '').to.include('user='))`,
)
const UPLOAD = req(
  'Upload',
  '/post',
  '',
  "pm.test('file', () => pm.expect(pm.response.json().files.doc.content).to.include('bytes of k1'))",
  {
    method: 'POST',
    body: {
      type: 'form-data',
      rows: [
        { id: 'f', key: 'doc', value: '', enabled: true, type: 'file', fileName: 'a.txt', fileRef: 'k1' },
      ],
    },
  },
)
const LAST = req(
  'Last',
  '/anything/last',
  '',
  "pm.test('last', () => pm.expect(pm.environment.get('fromPage')).to.equal('kept'))",
)

describe('a run on the relay', () => {
  it('gives the same rows, tests and requests on the wire as the run loop sending through the relay', async () => {
    const spec = specOf([LOGIN, PROFILE, UPLOAD, LAST], {
      iterationCount: 3,
      data: [
        { user: 'ada', expected: 'ada' },
        { user: 'bob', expected: 'rob', skip: 'yes' },
        { user: 'cy', expected: 'cy' },
      ],
    })
    // Before: the loop beside the script runtime, each request through POST /relay.
    stack.echo.seen.length = 0
    const inWorker = collecting()
    const local = await executeAppRun(spec, {
      transport: stack.relay,
      scripts,
      signal: new AbortController().signal,
      handlers: inWorker.handlers,
    })
    const localSeen = arrived(stack.echo.seen)
    // Now: the whole run handed to the relay.
    stack.echo.seen.length = 0
    const onRelay = collecting()
    const relayed = await runOnRelay(
      { ...spec, relay: endpoint() },
      endpoint(),
      onRelay.handlers,
      new AbortController().signal,
    )
    expect(relayed).not.toBeNull()
    const relayedRows = rowsOf(onRelay.batches, relayed!)
    const localRows = rowsOf(inWorker.batches, local)
    expect(relayedRows.map(comparable)).toEqual(localRows.map(comparable))
    expect(arrived(stack.echo.seen)).toEqual(localSeen)
    // What the data rows and setNextRequest made of it: iteration 2 skipped Upload.
    expect(relayedRows.map((r) => `${r.iteration} ${r.execution.name} ${r.failed}`)).toEqual([
      '1 Login false',
      '1 Profile false',
      '1 Upload false',
      '1 Last false',
      '2 Login false',
      '2 Profile true',
      '2 Last false',
      '3 Login false',
      '3 Profile false',
      '3 Upload false',
      '3 Last false',
    ])
    expect(relayed!.end?.summary).toEqual(local.end?.summary)
    expect(relayed!.end?.stopped).toBeNull()
    expect(new Map(relayed!.end?.session)).toEqual(new Map(local.end?.session))
    expect(new Map(relayed!.end?.session).get('seen')).toBe('adabobcy')
  }, 60_000)

  it('streams rows in batches while it runs, and Stop ends it on the server', async () => {
    stack.echo.seen.length = 0
    const { batches, handlers } = collecting()
    const controller = new AbortController()
    const slow = req('Slow', '/delay/30', '', "pm.test('ok', () => pm.response.to.have.status(200))")
    const done = runOnRelay(specOf([slow], { iterationCount: 300 }), endpoint(), handlers, controller.signal)
    while (batches.filter((rows) => rows.length > 0).length < 2) await new Promise((r) => setTimeout(r, 10))
    controller.abort()
    const result = await done
    expect(result?.end?.stopped).toBe('abort')
    expect(result?.end?.session).toContainEqual(['fromPage', 'kept'])
    const rows = rowsOf(batches, result!)
    expect(rows.length).toBeGreaterThanOrEqual(2)
    expect(rows.length).toBeLessThan(300)
    const seen = stack.echo.seen.length
    await new Promise((r) => setTimeout(r, 400))
    expect(stack.echo.seen.length).toBe(seen)
  })

  it('ends the run on the server when the app goes away', async () => {
    stack.echo.seen.length = 0
    const controller = new AbortController()
    const body = encodeRunRequest(
      { v: 1, spec: specOf([req('Slow', '/delay/30')], { iterationCount: 300 }), files: [] },
      [],
    )
    const response = await fetch(`${stack.server.url}/relay/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${stack.server.secrets.accessToken}` },
      body,
      signal: controller.signal,
    })
    expect(response.status).toBe(200)
    while (stack.echo.seen.length < 3) await new Promise((r) => setTimeout(r, 10))
    controller.abort()
    await new Promise((r) => setTimeout(r, 200))
    const seen = stack.echo.seen.length
    await new Promise((r) => setTimeout(r, 400))
    expect(stack.echo.seen.length).toBe(seen)
    expect(seen).toBeLessThan(100)
  })

  it('stops at the relay’s request limit and says so', async () => {
    stack.echo.seen.length = 0
    const { batches, handlers } = collecting()
    const loop = req('Loop', '/get', '', "pm.execution.setNextRequest('Loop')")
    const result = await runOnRelay(specOf([loop]), endpoint(), handlers, new AbortController().signal)
    expect(result?.error).toMatch(/limit of 150 requests \(--max-run-requests\)/)
    expect(stack.echo.seen.length).toBe(150)
    expect(rowsOf(batches, result!).length).toBeLessThanOrEqual(151)
  })

  it('stops at the relay’s time limit and says so, the rows and script values kept', async () => {
    const limits = stack.server.config.limits
    const before = limits.maxRelayMs
    limits.maxRelayMs = 500
    try {
      const { batches, handlers } = collecting()
      const slow = req('Slow', '/delay/30')
      const result = await runOnRelay(
        specOf([slow], { iterationCount: 300 }),
        endpoint(),
        handlers,
        new AbortController().signal,
      )
      expect(result?.error).toMatch(/time limit of 500 ms \(--max-relay-ms\)/)
      expect(result?.end?.stopped).toBe('abort')
      expect(result?.end?.session).toContainEqual(['fromPage', 'kept'])
      expect(rowsOf(batches, result!).length).toBeGreaterThan(0)
    } finally {
      limits.maxRelayMs = before
    }
  })

  it('never sends a request of the run to this server’s own API', async () => {
    stack.echo.seen.length = 0
    const { batches, handlers } = collecting()
    const own = makeRequest({ name: 'Own', url: `${stack.server.url}/sync/share?workspace=x` })
    const result = await runOnRelay(specOf([own]), endpoint(), handlers, new AbortController().signal)
    const [row] = rowsOf(batches, result!)
    expect(row!.failed).toBe(true)
    expect(JSON.stringify(row!.execution)).toMatch(/Relay: .*own/i)
  })
})

describe('refusals', () => {
  const post = (body: Uint8Array<ArrayBuffer> | string, token = stack.server.secrets.accessToken) =>
    fetch(`${stack.server.url}/relay/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body,
    })
  const meta = (spec: unknown, v = 1) => encodeRunRequest({ v, spec: spec as never, files: [] }, [])

  it('refuses bad input with a 400 naming the problem', async () => {
    const cases: [Uint8Array<ArrayBuffer> | string, RegExp][] = [
      ['', /empty/],
      [meta(specOf([]), 7), /version 7 is not supported/],
      [meta({ ...specOf([]), iterationCount: 0 }), /spec.iterationCount must be an integer from 1/],
      [
        meta({ ...specOf([]), collection: { ...specOf([]).collection, children: [{ type: 'x' }] } }),
        /spec.collection.children\[0\].id must be a string/,
      ],
      [
        meta({ ...specOf([]), options: { tls: { verify: true, caPem: ['nope'], clientCertificates: [] } } }),
        /tls.caPem\[0\] is not a PEM certificate/,
      ],
      [meta({ ...specOf([]), options: { httpVersion: '3' } }), /httpVersion must be one of/],
      [meta({ ...specOf([]), data: [{ a: { b: 1 } }] }), /spec.data\[0\].a must be a text/],
    ]
    for (const [body, message] of cases) {
      const response = await post(body)
      expect(response.status).toBe(400)
      expect(((await response.json()) as { message: string }).message).toMatch(message)
    }
  })

  it('is the owner’s, as POST /relay is', async () => {
    const response = await post(meta(specOf([])), 'x'.repeat(40))
    expect(response.status).toBe(401)
  })

  it('a relay that runs no runs answers 501, and the app runs the loop itself', async () => {
    const limits = stack.server.config.limits
    limits.maxRuns = 0
    try {
      const response = await post(meta(specOf([])))
      expect(response.status).toBe(501)
      expect(((await response.json()) as { message: string }).message).toMatch(/--max-runs 0/)
      expect(
        await runOnRelay(specOf([]), endpoint(), collecting().handlers, new AbortController().signal),
      ).toBeNull()
    } finally {
      limits.maxRuns = 4
    }
  })
})
