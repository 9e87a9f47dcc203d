/**
 * Issue 17 item 10: a runaway promise chain must end as a script error, and a pre-request
 * script that ends so sends nothing. A resource error inside a promise job used to reject a
 * promise nobody read (the script "succeeded" and the request went out), and a job queue that
 * doubles never let one executePendingJobs call return (the run hung past every limit).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeRequest, makeScripts } from '../../src/model/factories.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { send } from '../../src/runtime/send.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { testRunner } from '../helpers/run-script.ts'

let echo: EchoServer
let transport: NodeTransport
beforeAll(async () => {
  echo = await startEchoServer()
  transport = createNodeTransport()
})
afterAll(async () => {
  await transport.close()
  await echo.close()
})

async function sendWith(preRequest: string) {
  echo.seen.length = 0
  const started = Date.now()
  const result = await send(
    {
      request: makeRequest({ url: `${echo.url}/anything/after`, scripts: makeScripts({ preRequest }) }),
      variables: new VariableContext(),
    },
    { transport, scripts: await testRunner() },
  )
  return { result, took: Date.now() - started }
}

describe('runaway promise jobs in a pre-request script', () => {
  it.each([
    [
      'a job running out of memory',
      "let s = 'x'; Promise.resolve().then(() => { for (;;) s += s })",
      /too long|memory/,
    ],
    [
      'a chain whose every job runs out of memory',
      'const f = () => Promise.resolve().then(() => { const a = []; for (;;) a.push({ n: a.length }) }).then(f, f); f()',
      /memory|longer than/,
    ],
    [
      'a job queue that doubles',
      'function f() { Promise.resolve().then(f); Promise.resolve().then(f) } f()',
      /memory|longer than/,
    ],
  ])('%s: a script error, and the request is not sent', { timeout: 20_000 }, async (_name, code, message) => {
    const { result, took } = await sendWith(code)
    expect(result.outcome).toBe('not-sent')
    if (result.outcome !== 'not-sent') return
    expect(result.scriptError?.kind).not.toBe('sandbox')
    expect(result.error).toMatch(message)
    expect(echo.seen).toHaveLength(0)
    expect(took).toBeLessThan(6_000)
  })

  it('a rejection the script handles itself is still its own business', async () => {
    const { result } = await sendWith(
      "Promise.reject(new Error('x')).catch(() => {}); Promise.resolve().then(() => { throw new TypeError('ignored') })",
    )
    expect(result.outcome).toBe('done')
  })
})
