/**
 * A request's Path Variables through the whole send: scripts read them with
 * `pm.request.url.variables` (get, toObject) and change them (set, upsert) before the send; the
 * echo server on 127.0.0.1 sees the value encoded as the segment, and an empty one as `:name`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeRequest, makeRow, makeScripts } from '../../src/model/factories.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { send } from '../../src/runtime/send.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-runner.ts'
import { testRunner } from '../helpers/run-script.ts'

let echo: EchoServer
let transport: NodeTransport
let runner: QuickJSScriptRunner
beforeAll(async () => {
  echo = await startEchoServer()
  transport = createNodeTransport()
  runner = await testRunner()
})
afterAll(async () => {
  await transport.close()
  await echo.close()
})

async function sendWith(preRequest: string, session = new Map<string, string>()) {
  echo.seen.length = 0
  const result = await send(
    {
      request: makeRequest({
        url: '{{base}}/anything/users/:id/tabs/:tab',
        pathVariables: [makeRow({ key: 'id', value: '{{user}}' }), makeRow({ key: 'tab', value: '' })],
        scripts: makeScripts({ preRequest }),
      }),
      variables: new VariableContext(
        [
          {
            scope: 'environment',
            variables: [
              { key: 'base', value: echo.url },
              { key: 'user', value: 'ann b' },
            ],
          },
        ],
        session,
      ),
    },
    { transport, scripts: runner },
  )
  expect(result.outcome).toBe('done')
  return { path: echo.seen.at(-1)!.path, session }
}

describe('path variables in a send', () => {
  it('sends the value encoded as its segment, an empty one as :name', async () => {
    expect((await sendWith('')).path).toBe('/anything/users/ann%20b/tabs/:tab')
  })

  it('pm.request.url.variables reads them (get, toObject) as typed', async () => {
    const { session } = await sendWith(
      `pm.environment.set('seen', JSON.stringify([pm.request.url.variables.get('id'), pm.request.url.variables.toObject()]))`,
    )
    expect(JSON.parse(session.get('seen')!)).toEqual(['{{user}}', { id: '{{user}}', tab: '' }])
  })

  it('set and upsert in a pre-request script reach the wire', async () => {
    const { path } = await sendWith(
      `pm.request.url.variables.upsert({ key: 'tab', value: 'posts' }); pm.request.url.variables.one('id').set('7')`,
    )
    expect(path).toBe('/anything/users/7/tabs/posts')
  })
})
