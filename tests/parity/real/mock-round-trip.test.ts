/**
 * A real public Postman collection with saved responses (postman-to-k6's echo collection, see
 * SOURCES.md), mocked by `sendbox mock`'s server and run with `sendbox run` against it: the
 * requests keep their own hosts (https://postman-echo.com) and reach the mock through the
 * recording proxy, and the tests that check the example bodies pass. Only the items that have
 * examples are run; their scripts are as published.
 */
import { readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { join } from 'node:path'
import { afterAll, beforeAll, expect, it } from 'vitest'
import { mockServer } from '../../../src/cli/mock-command.ts'
import { importSource } from '../../../src/model/import/import-source.ts'
import { mockRoutes } from '../../../src/model/mock/routes.ts'
import type { JsonReport } from '../../../src/runtime/report/json-report.ts'
import { makeTestCerts } from '../../helpers/certs.ts'
import { runSendbox, writeFiles } from '../../helpers/cli.ts'
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.ts'

const FILE = join(import.meta.dirname, 'collections/k6--echo.postman_collection.json')
const text = readFileSync(FILE, 'utf8')
const calls: string[] = []
let mock: ReturnType<typeof mockServer>
let proxy: RecordingProxy

interface Item {
  name: string
  item?: Item[]
  response?: unknown[]
}

/** The published items that have saved responses, unchanged. */
function withExamples(items: Item[]): Item[] {
  return items.flatMap((item) =>
    item.item ? withExamples(item.item) : (item.response?.length ?? 0) > 0 ? [item] : [],
  )
}

beforeAll(async () => {
  const collection = importSource({ kind: 'file', name: 'echo.json', text }).collections[0]!
  mock = mockServer(mockRoutes(collection), (line) => calls.push(line))
  await new Promise<void>((resolve) => mock.listen(0, '127.0.0.1', resolve))
  const certs = makeTestCerts()
  proxy = await startRecordingProxy(
    { port: (mock.address() as AddressInfo).port },
    { key: certs.serverKey, cert: certs.serverCert },
  )
})

afterAll(async () => {
  await proxy?.close()
  await new Promise((resolve) => mock?.close(resolve))
})

it('runs against the mock of its own examples, and the tests on the example bodies pass', async () => {
  const published = JSON.parse(text) as { item: Item[] }
  const items = withExamples(published.item)
  expect(items.map((item) => item.name)).toEqual([
    'DigestAuth Success',
    'Basic Auth',
    'Set Cookies',
    'Get Cookies',
    'Delete Cookies',
  ])
  const dir = writeFiles({ 'echo.json': { ...published, item: items } })
  const run = await runSendbox(['run', 'echo.json', '-r', 'json', '-k', '--proxy', proxy.url], {
    cwd: dir,
    env: { HTTP_PROXY: '', HTTPS_PROXY: '', http_proxy: '', https_proxy: '', NO_PROXY: '' },
  })
  const report = JSON.parse(run.stdout) as JsonReport
  const tests = report.executions.flatMap((execution) =>
    execution.tests.map(
      (test) => `${execution.name}: ${test.name} ${test.passed ? 'passed' : `failed (${test.error})`}`,
    ),
  )
  expect(tests.filter((line) => !line.endsWith(' passed'))).toEqual([])
  expect(tests).toHaveLength(15)
  expect(run.code).toBe(0)
  // Every request reached the mock through the proxy and was answered by one of its examples.
  expect(proxy.seen.map((record) => new URL(record.url).pathname)).toEqual([
    '/digest-auth',
    '/basic-auth',
    '/cookies/set',
    '/cookies',
    '/cookies/delete',
  ])
  expect(calls.filter((line) => line.includes('(no match)'))).toEqual([])
})
