import { afterAll, beforeAll, expect, it } from 'vitest'
import { exportSendbox } from '../../src/model/export/sendbox.ts'
import { makeCollection, makeRequest } from '../../src/model/factories.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { startSseServer, type SseServer } from '../fixtures/sse-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

let echo: EchoServer
let sse: SseServer
beforeAll(async () => {
  echo = await startEchoServer()
  sse = await startSseServer()
})
afterAll(async () => {
  await echo.close()
  await sse.close()
})

it('sendbox run skips a Server-Sent Events request with its reason and runs the rest', async () => {
  const collection = makeCollection({
    name: 'Mixed',
    children: [
      makeRequest({ name: 'Ticks', kind: 'sse', url: `${sse.url}/events` }),
      makeRequest({ name: 'Plain', url: `${echo.url}/get` }),
    ],
  })
  const [file] = exportSendbox(collection, { includeSecrets: false })
  const dir = writeFiles({ 'mixed.json': file!.text })
  const result = await runSendbox(['run', 'mixed.json'], { cwd: dir })
  expect(result.stderr).toBe('')
  expect(result.code).toBe(0)
  expect(result.stdout).toContain('→ Ticks (skipped)')
  expect(result.stdout).toContain(
    'Server-Sent Events request not run: a collection run does not open event streams',
  )
  expect(result.stdout).toMatch(/→ Plain\n {2}GET .*\/get \[200 OK/)
  expect(sse.received).toEqual([])
})
