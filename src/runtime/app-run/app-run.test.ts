/**
 * An app collection run against the echo server with real QuickJS: rows and progress in
 * batches, the run's cookies, the script values at the end, Stop on first failure; and the same
 * run across a real message channel (client.ts ⇄ worker-run.ts, structured clone included) in
 * direct mode, with Stop as a message and a file row's bytes asked of the page.
 */
import { MessageChannel, type MessagePort } from 'node:worker_threads'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../../../tests/fixtures/echo-server.ts'
import {
  makeCollection,
  makeEnvironment,
  makeRequest,
  makeScripts,
  makeVariable,
} from '../../model/factories.ts'
import type { RequestSpec } from '../../model/types.ts'
import { createScriptRunner, type QuickJSScriptRunner } from '../script/quickjs-module.node.ts'
import { createNodeTransport, type NodeTransport } from '../transport/node.ts'
import { runInWorker } from './client.ts'
import { executeAppRun } from './execute.ts'
import type { AppRunBatch, AppRunHandlers, AppRunSpec, AppRunToWorker } from './types.ts'
import { onAppRunMessage } from './worker-run.ts'

let echo: EchoServer
let transport: NodeTransport
let scripts: QuickJSScriptRunner
beforeAll(async () => {
  echo = await startEchoServer()
  transport = createNodeTransport()
  scripts = await createScriptRunner()
})
afterAll(async () => {
  scripts.dispose()
  await transport.close()
  await echo.close()
})

const get = (name: string, path: string, pre = '', post = ''): RequestSpec =>
  makeRequest({ name, url: `{{base}}${path}`, scripts: makeScripts({ preRequest: pre, postResponse: post }) })

function specOf(requests: RequestSpec[], fields: Partial<AppRunSpec> = {}): AppRunSpec {
  return {
    name: 'Shop',
    collection: makeCollection({ name: 'Shop', children: requests }),
    environment: makeEnvironment({ variables: [makeVariable({ key: 'base', value: echo.url })] }),
    globals: makeEnvironment({ name: '' }),
    session: [],
    iterationCount: 1,
    delayMs: 0,
    bail: false,
    options: {},
    formatJson: false,
    defaultHeaders: true,
    tokens: [],
    ...fields,
  }
}

function collecting(readFile: AppRunHandlers['readFile'] = () => Promise.reject(new Error('no files'))) {
  const batches: AppRunBatch[] = []
  const handlers: AppRunHandlers = { onBatch: (batch) => batches.push(batch), onToken: () => {}, readFile }
  return { batches, handlers }
}

const LOGIN = get(
  'Login',
  '/cookies/set?user={{user}}',
  '',
  "pm.test('in', () => pm.response.to.have.status(200))",
)
const PROFILE = get(
  'Profile',
  '/get?name={{user}}',
  "pm.environment.set('seen', (pm.environment.get('seen') || '') + pm.iterationData.get('user'))",
  "pm.test('named', () => pm.expect(pm.response.json().query).to.deep.include(['name', pm.iterationData.get('expected')]))",
)

describe('executeAppRun', () => {
  it('hands on rows and progress, sends the run’s cookies back and ends with the script values', async () => {
    const { batches, handlers } = collecting()
    const data = [
      { user: 'ada', expected: 'ada' },
      { user: 'bob', expected: 'rob' },
    ]
    const result = await executeAppRun(specOf([LOGIN, PROFILE], { data, iterationCount: 2 }), {
      transport,
      scripts,
      signal: new AbortController().signal,
      handlers,
    })
    const rows = [...batches.flatMap((b) => b.rows), ...result.batch.rows]
    expect(rows.map((r) => `${r.iteration} ${r.execution.name} ${r.failed}`)).toEqual([
      '1 Login false',
      '1 Profile false',
      '2 Login false',
      '2 Profile true',
    ])
    // The cookie the first iteration's Login set went out with Profile.
    const cookie = rows[1]!.request!.headers.find(([name]) => name.toLowerCase() === 'cookie')
    expect(cookie?.[1]).toContain('user=ada')
    expect(result.batch.progress).toEqual({
      iteration: 2,
      iterations: 2,
      request: 2,
      requests: 2,
      passed: 3,
      failed: 1,
    })
    expect(result.end?.summary).toMatchObject({ iterations: 2, requests: 4, tests: 4, failedTests: 1 })
    expect(result.end?.stopped).toBeNull()
    expect(new Map(result.end?.session).get('seen')).toBe('adabob')
  })

  it('stops on the first failure when asked', async () => {
    const fail = get('Fails', '/get', '', "pm.test('no', () => pm.expect(1).to.equal(2))")
    const { handlers } = collecting()
    const result = await executeAppRun(specOf([fail, get('Never', '/get')], { bail: true }), {
      transport,
      scripts,
      signal: new AbortController().signal,
      handlers,
    })
    expect(result.end?.stopped).toBe('bail')
    expect(result.batch.rows.map((r) => r.execution.name)).toEqual(['Fails'])
  })
})

/** The page's end of a channel as client.ts uses a Worker; the other end answers as the worker. */
function channel() {
  const { port1, port2 } = new MessageChannel()
  port2.on('message', (message: AppRunToWorker) =>
    onAppRunMessage(
      message,
      () => Promise.resolve(scripts),
      (out) => port2.postMessage(out),
    ),
  )
  const close = () => {
    port1.close()
    port2.close()
  }
  return { worker: port1 as MessagePort & Worker, close }
}

describe('a run in the worker', () => {
  it('runs from one message in direct mode, reads a file row from the page and stops on Stop', async () => {
    const { worker, close } = channel()
    const upload = makeRequest({
      name: 'Upload',
      method: 'POST',
      url: '{{base}}/post',
      body: {
        type: 'form-data',
        rows: [
          { id: 'f', key: 'doc', value: '', enabled: true, type: 'file', fileName: 'a.txt', fileRef: 'k1' },
        ],
      },
    })
    const slow = get('Slow', '/delay/200')
    const asked: string[] = []
    const { batches, handlers } = collecting(async (row) => {
      asked.push(row.fileRef ?? '')
      return new TextEncoder().encode('file bytes')
    })
    try {
      const control = runInWorker(worker, specOf([upload, slow], { iterationCount: 50 }), handlers)
      // Stop once the first rows have come back.
      while (batches.flatMap((b) => b.rows).length < 2) await new Promise((r) => setTimeout(r, 20))
      control.stop()
      const result = await control.done
      const rows = [...batches.flatMap((b) => b.rows), ...result.batch.rows]
      expect(result.end?.stopped).toBe('abort')
      expect(rows.length).toBeLessThan(100)
      expect(asked[0]).toBe('k1')
      const body = new TextDecoder().decode(rows[0]!.response!.body)
      expect(body).toContain('file bytes')
      // Rows crossed as plain data: the request as sent, with its bytes.
      expect(rows[0]!.request!.body).toBeInstanceOf(Uint8Array)
    } finally {
      close()
    }
  })
})
