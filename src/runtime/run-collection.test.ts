/**
 * The run loop's iterations against the echo server with real QuickJS: data rows, setNextRequest
 * across iterations, delays, Stop, stopExecution and the progress events the app's runner draws.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../../tests/fixtures/echo-server.ts'
import {
  makeCollection,
  makeEnvironment,
  makeRequest,
  makeScripts,
  makeVariable,
} from '../model/factories.ts'
import type { RequestSpec } from '../model/types.ts'
import { runCollection, type CollectionRunOptions, type RunProgress } from './run-collection.ts'
import { createScriptRunner, type QuickJSScriptRunner } from './script/quickjs-module.node.ts'
import { createNodeTransport, type NodeTransport } from './transport/node.ts'

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

async function run(requests: RequestSpec[], options: Partial<CollectionRunOptions> = {}) {
  const collection = makeCollection({ name: 'c', children: requests })
  const environment = makeEnvironment({
    name: 'e',
    variables: [makeVariable({ key: 'base', value: echo.url })],
  })
  const before = echo.seen.length
  const result = await runCollection(collection, { environment, deps: { transport, scripts }, ...options })
  return { result, seen: echo.seen.slice(before).map((r) => r.url) }
}

describe('runCollection iterations', () => {
  it('runs once per data row, the row as {{variables}} above the environment', async () => {
    const { result, seen } = await run([get('a', '/get?u={{user}}&t={{team}}')], {
      data: [{ user: 'ann', team: 'red' }, { user: 'bob' }],
      environment: makeEnvironment({
        variables: [
          makeVariable({ key: 'base', value: echo.url }),
          makeVariable({ key: 'user', value: 'env' }),
          makeVariable({ key: 'team', value: 'blue' }),
        ],
      }),
    })
    expect(result.iterationCount).toBe(2)
    // A row missing a column falls through to the environment.
    expect(seen).toEqual(['/get?u=ann&t=red', '/get?u=bob&t=blue'])
    expect(result.results.map((r) => r.iteration)).toEqual([0, 1])
  })

  it('repeats the last row when -n is larger, and takes -n without data', async () => {
    const withRows = await run([get('a', '/get?u={{user}}')], {
      data: [{ user: 'x' }, { user: 'y' }],
      iterationCount: 3,
    })
    expect(withRows.seen).toEqual(['/get?u=x', '/get?u=y', '/get?u=y'])
    const without = await run([get('a', '/get?i=1')], { iterationCount: 2 })
    expect(without.seen).toEqual(['/get?i=1', '/get?i=1'])
  })

  it('gives scripts the iteration, its count and the row, typed', async () => {
    const post = `
      pm.test('info', () => pm.expect([pm.info.iteration < 2, pm.info.iterationCount]).to.eql([true, 2]))
      pm.test('row', () => {
        pm.expect(pm.iterationData.get('n')).to.equal(pm.info.iteration === 0 ? 7 : 8)
        pm.expect(pm.iterationData.has('n')).to.equal(true)
        pm.expect(pm.iterationData.toObject()).to.eql({ n: pm.info.iteration === 0 ? 7 : 8, s: 'x' })
        pm.iterationData.unset('n')
        pm.expect(pm.iterationData.has('n')).to.equal(false)
        pm.expect(pm.variables.get('n')).to.equal(pm.info.iteration === 0 ? 7 : 8)
        pm.expect(pm.environment.get('n')).to.equal(undefined)
        pm.expect(bru.runner.iterationData.get('s')).to.equal('x')
        pm.expect(svc.info.iteration).to.equal(pm.info.iteration)
        pm.expect(pw.env.get('s')).to.equal('x')
      })`
    const { result } = await run([get('a', '/get?n={{n}}', '', post)], {
      data: [
        { n: 7, s: 'x' },
        { n: 8, s: 'x' },
      ],
    })
    const tests = result.results.flatMap((r) => r.result.tests)
    expect(tests.filter((t) => !t.passed)).toEqual([])
    expect(tests).toHaveLength(4)
  })

  it('setNextRequest jumps within the iteration; null ends it and the next one starts at the first', async () => {
    const { result, seen } = await run(
      [
        get('a', '/get?r=a&i={{it}}'),
        get('b', '/get?r=b', '', "if (pm.info.iteration === 0) postman.setNextRequest('d')"),
        get('c', '/get?r=c', '', 'pm.execution.setNextRequest(null)'),
        get('d', '/get?r=d'),
      ],
      { data: [{ it: 0 }, { it: 1 }] },
    )
    expect(seen).toEqual(['/get?r=a&i=0', '/get?r=b', '/get?r=d', '/get?r=a&i=1', '/get?r=b', '/get?r=c'])
    expect(result.iterations.map((i) => i.counts.requests)).toEqual([3, 3])
    expect(result.stopped).toBeNull()
  })

  it('bru.runner.stopExecution ends the whole run', async () => {
    const { result, seen } = await run(
      [get('a', '/get?r=a'), get('b', '/get?r=b', '', 'bru.runner.stopExecution()')],
      {
        iterationCount: 3,
      },
    )
    expect(seen).toEqual(['/get?r=a', '/get?r=b'])
    expect(result.stopped).toBe('script')
    expect(result.iterations).toHaveLength(1)
    expect(result.iterations[0]!.stopped).toBe(true)
  })

  it('keeps session values and reports progress in order', async () => {
    const events: string[] = []
    const onProgress = (e: RunProgress) =>
      events.push(
        e.type === 'request-done'
          ? `done ${e.position.iteration}/${e.position.index} ${e.counts.requests}`
          : e.type === 'iteration-done'
            ? `end ${e.record.iteration} ${e.record.counts.passedTests}`
            : e.type === 'request-start'
              ? `start ${e.position.iteration}/${e.position.index}`
              : `begin ${e.iteration}/${e.iterationCount}`,
      )
    const post =
      "pm.environment.set('k', String(Number(pm.environment.get('k') || 0) + 1)); pm.test('t', () => {})"
    const { seen } = await run([get('a', '/get?k={{k}}', '', post)], { iterationCount: 2, onProgress })
    expect(seen[1]).toBe('/get?k=1')
    expect(events).toEqual([
      'begin 0/2',
      'start 0/0',
      'done 0/0 1',
      'end 0 1',
      'begin 1/2',
      'start 1/0',
      'done 1/0 2',
      'end 1 1',
    ])
  })

  it('waits the delay before each request', async () => {
    const started = performance.now()
    await run([get('a', '/get'), get('b', '/get')], { delayMs: 120 })
    expect(performance.now() - started).toBeGreaterThanOrEqual(230)
  })

  it('stops on the signal: the request in flight is cancelled and no other starts', async () => {
    const controller = new AbortController()
    const { result, seen } = await run([get('a', '/get'), get('slow', '/delay/3000'), get('c', '/get')], {
      iterationCount: 2,
      onRequestStart: (plan) => {
        if (plan.request.name === 'slow') setTimeout(() => controller.abort(), 100)
      },
      signal: controller.signal,
    })
    expect(result.stopped).toBe('abort')
    expect(seen.filter((u) => u === '/get')).toHaveLength(1)
    expect(result.results.map((r) => r.planned.request.name)).toEqual(['a', 'slow'])
    expect(result.results[1]!.result.outcome).not.toBe('done')
  })
})
