/**
 * Spec 8: a script's run time is 5 s, 30 s while a request is in flight (issue 17 item 4: the
 * longer limit was never applied outside tests). Limits scaled down here: 1 s normally, 3 s in
 * all with a request in flight; a real server on 127.0.0.1 answers after a delay, through the
 * real Node transport.
 */
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-runner.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { runScript, testRunner } from '../helpers/run-script.ts'

let server: http.Server
let base: string
let transport: NodeTransport
let runner: QuickJSScriptRunner
beforeAll(async () => {
  server = http.createServer((req, res) => {
    const delay = Number(new URL(req.url ?? '/', 'http://x').searchParams.get('ms'))
    const timer = setTimeout(() => res.end(JSON.stringify({ waited: delay })), delay)
    res.on('close', () => clearTimeout(timer))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  transport = createNodeTransport()
  runner = await testRunner({ timeMs: 1000, inFlightTimeMs: 3000, sleepMs: 300 })
})
afterAll(async () => {
  runner.dispose()
  await transport.close()
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const run = (code: string) =>
  runScript(code, {
    runner,
    layers: [{ scope: 'environment', variables: [{ key: 'base', value: base }] }],
    sendRequest: (request, signal) => transport.send(request, { signal }),
  })

describe('the time limit while a request is in flight', () => {
  it('an awaited beta.sendRequest longer than the normal limit completes', { timeout: 20_000 }, async () => {
    const result = await run(
      `const res = await bru.sendRequest({ url: bru.interpolate('{{base}}/?ms=2000') })
       bru.setVar('waited', res.data.waited)`,
    )
    expect(result.error).toBeNull()
    expect(result.variables.session.get('waited')).toBe('2000')
  })

  it('alpha.sendRequest with a callback too', { timeout: 20_000 }, async () => {
    const result = await run(
      `pm.sendRequest(pm.variables.replaceIn('{{base}}/?ms=1800'), (err, res) => pm.environment.set('code', res.code))`,
    )
    expect(result.error).toBeNull()
    expect(result.variables.session.get('code')).toBe('200')
  })

  it(
    'still bounded: a slower server stops the script at the in-flight limit',
    { timeout: 20_000 },
    async () => {
      const started = Date.now()
      const result = await run(`await bru.sendRequest({ url: bru.interpolate('{{base}}/?ms=8000') })`)
      const took = Date.now() - started
      expect(result.error).toMatchObject({
        kind: 'timeout',
        message: 'Script stopped: it ran longer than 3 s',
      })
      expect(took).toBeGreaterThanOrEqual(2_900)
      expect(took).toBeLessThan(5_000)
    },
  )

  it(
    'time in flight does not count; the rest of the script still has its normal limit',
    { timeout: 20_000 },
    async () => {
      const started = Date.now()
      const result = await run(
        `await bru.sendRequest({ url: bru.interpolate('{{base}}/?ms=1200') })
       for (;;) {}`,
      )
      const took = Date.now() - started
      expect(result.error).toMatchObject({
        kind: 'timeout',
        message: 'Script stopped: it ran longer than 1 s besides waiting for its requests',
      })
      expect(took).toBeGreaterThanOrEqual(2_100)
      expect(took).toBeLessThan(3_600)
    },
  )
})
