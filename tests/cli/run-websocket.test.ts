/** `sendbox run` on a collection holding a WebSocket request: reported as skipped, with why; the rest runs. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { makeCollection, makeRequest } from '../../src/model/factories.ts'
import { makeWebSocketSettings } from '../../src/model/realtime/websocket.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(() => echo.close())

describe('sendbox run with WebSocket requests', () => {
  it('skips them with a clear reason and runs the others', async () => {
    const collection = makeCollection({
      name: 'Mixed',
      children: [
        makeRequest({
          name: 'Socket',
          kind: 'websocket',
          url: 'ws://127.0.0.1:9/',
          websocket: makeWebSocketSettings(),
        }),
        makeRequest({ name: 'Plain', url: `${echo.url}/get` }),
      ],
    })
    const dir = writeFiles({ 'c.json': { sendbox: 1, collection } })
    const json = await runSendbox(['run', 'c.json', '-r', 'json'], { cwd: dir })
    const report = JSON.parse(json.stdout) as JsonReport
    expect(json.code).toBe(0)
    expect(report.executions.map((e) => [e.name, e.outcome])).toEqual([
      ['Socket', 'skipped'],
      ['Plain', 'done'],
    ])
    expect(report.executions[0]!.notices?.[0]).toMatch(/WebSocket requests are not run by a collection run/)
    const human = await runSendbox(['run', 'c.json'], { cwd: dir })
    expect(human.stdout).toContain('→ Socket (skipped)')
    expect(human.stdout).toContain(
      'WebSocket requests are not run by a collection run: open this one in the app',
    )
  })
})
