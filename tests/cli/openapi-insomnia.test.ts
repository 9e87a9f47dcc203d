/** `sendbox run`, `sendbox import` and `sendbox export` with OpenAPI and Insomnia files, as a user runs them. */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { validate } from '@scalar/openapi-parser'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { parseSendboxCollection } from '../../src/model/import/sendbox.ts'
import { startEchoServer, type EchoRecord, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

const FIXTURES = resolve(import.meta.dirname, '../fixtures/import')
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8')
const header = (record: EchoRecord, name: string) =>
  record.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(() => echo.close())

async function run(args: string[], files: Record<string, unknown>) {
  const dir = writeFiles(files)
  const before = echo.seen.length
  const result = await runSendbox(args, { cwd: dir })
  return { ...result, dir, seen: echo.seen.slice(before) }
}

const shopApi = () => `openapi: 3.1.0
info: { title: Shop, version: "1" }
servers:
  - url: ${echo.url}/anything/v1
security:
  - key: []
paths:
  /orders/{orderId}:
    put:
      summary: Replace order
      parameters:
        - { name: orderId, in: path, required: true, schema: { type: string, example: o-7 } }
        - { name: dry, in: query, schema: { type: boolean }, example: true }
        - { name: X-Trace, in: header, schema: { type: string, default: t-1 } }
      requestBody:
        content:
          application/json:
            example: { item: pen, qty: 2 }
      responses: { "200": { description: ok } }
components:
  securitySchemes:
    key: { type: apiKey, in: header, name: X-Api-Key }
`

describe('sendbox run with an OpenAPI file', () => {
  it('sends each operation with its example body, path variable, query, header and API key', async () => {
    const { code, stdout, stderr, seen } = await run(
      ['run', 'shop.yaml', '-r', 'json', '--env-var', 'key=k-123'],
      { 'shop.yaml': shopApi() },
    )
    expect(stderr).toBe('')
    expect(code).toBe(0)
    expect((JSON.parse(stdout) as JsonReport).collection).toBe('Shop')
    expect(seen).toHaveLength(1)
    const [put] = seen as [EchoRecord]
    expect([put.method, put.path, put.query]).toEqual(['PUT', '/anything/v1/orders/o-7', [['dry', 'true']]])
    expect(put.json).toEqual({ item: 'pen', qty: 2 })
    expect(header(put, 'content-type')).toBe('application/json')
    expect(header(put, 'x-trace')).toBe('t-1')
    expect(header(put, 'x-api-key')).toBe('k-123')
  })

  it('refuses an invalid document with one line naming the file, the format and the problem', async () => {
    const { code, stderr, seen } = await run(['run', 'bad.yaml'], {
      'bad.yaml':
        'openapi: 3.0.3\ninfo: { title: x, version: "1" }\npaths:\n  /a:\n    get:\n      responses: 5\n',
    })
    expect(code).toBe(2)
    expect(stderr).toBe('sendbox: bad.yaml: OpenAPI 3.0.3: paths["/a"].get.responses: type must be object\n')
    expect(seen).toEqual([])
  })
})

describe('sendbox run with an Insomnia export', () => {
  it.each(['v4-full.json', 'v5-full.yaml'])(
    '%s: sends the folder as Insomnia would, scripts running as pm',
    async (file) => {
      const text = fixture(`insomnia/${file}`).replaceAll('https://shop.example', `${echo.url}/anything`)
      const { code, stdout, stderr, seen } = await run(
        ['run', file, '--folder', 'Users', '-r', 'json', '-e', 'Base Environment', '--env-var', 'token=abc'],
        { [file]: text },
      )
      expect(code).toBe(0)
      expect(stderr).toContain('items skipped: template tag "response" in request "Report"')
      expect(seen.map((r) => [r.method, r.path, r.query])).toEqual([
        [
          'GET',
          '/anything/users/7',
          [
            ['expand', 'true'],
            ['tag', 'a b'],
          ],
        ],
        ['DELETE', '/anything/users/7', []],
      ])
      const [get, del] = seen as [EchoRecord, EchoRecord]
      expect(header(get, 'authorization')).toBe('Bearer abc')
      expect(header(get, 'x-trace')).toBe('t-1')
      expect(header(get, 'x-off')).toBeUndefined()
      expect(header(del, 'authorization')).toBe(`Basic ${Buffer.from('root:pw').toString('base64')}`)
      const report = JSON.parse(stdout) as JsonReport
      expect(JSON.stringify(report)).toContain('"ok"')
    },
  )
})

describe('sendbox import and export', () => {
  it("keeps an Insomnia file's environments in the Sendbox file, and run -e picks one from it", async () => {
    const text = fixture('insomnia/v4-full.json').replaceAll('https://shop.example', `${echo.url}/anything`)
    const imported = await run(['import', 'shop.json', '-o', 'out.json'], { 'shop.json': text })
    expect(imported.code).toBe(0)
    const file = JSON.parse(readFileSync(join(imported.dir, 'out.json'), 'utf8')) as {
      environments?: { name: string; variables: { key: string; value: string }[] }[]
    }
    const direct = await run(['run', 'shop.json', '--folder', 'Users', '-e', 'Base Environment'], {
      'shop.json': text,
    })
    expect(file.environments?.map((e) => e.name)).toEqual(['Base Environment', 'Production', 'Development'])
    const before = echo.seen.length
    const result = await runSendbox(['run', 'out.json', '--folder', 'Users', '-e', 'Base Environment'], {
      cwd: imported.dir,
    })
    expect(result.code).toBe(direct.code)
    const seen = echo.seen.slice(before)
    expect(seen.map((r) => [r.method, r.path, r.query, header(r, 'x-trace')])).toEqual(
      direct.seen.map((r) => [r.method, r.path, r.query, header(r, 'x-trace')]),
    )
    expect(seen).toHaveLength(2)
  })

  it('imports an Insomnia v5 file to a Sendbox collection', async () => {
    const { code, stdout } = await run(['import', 'shop.yaml'], {
      'shop.yaml': fixture('insomnia/v5-full.yaml'),
    })
    expect(code).toBe(0)
    expect(parseSendboxCollection(JSON.parse(stdout)).name).toBe('Shop API')
  })

  it('exports to OpenAPI 3.1 (a valid document), HAR on stdout, and keeps secrets out unless asked', async () => {
    const files = { 'shop.json': fixture('insomnia/v4-full.json'), 'prod.json': { name: 'P', values: [] } }
    const openapi = await run(
      ['export', 'shop.json', '--format', 'openapi', '-o', 'out/shop.openapi.json'],
      files,
    )
    expect(openapi.code).toBe(0)
    const document = JSON.parse(readFileSync(join(openapi.dir, 'out/shop.openapi.json'), 'utf8')) as Record<
      string,
      unknown
    >
    expect((await validate(document)).valid).toBe(true)
    const har = await run(['export', 'shop.json', '--format', 'har'], files)
    expect(har.code).toBe(0)
    expect((JSON.parse(har.stdout) as { log: { entries: unknown[] } }).log.entries).toHaveLength(7)
    const secret = {
      'c.json': {
        sendbox: 1,
        collection: { name: 'C', variables: [{ key: 't', value: 'S3', secret: true }] },
      },
    }
    expect((await run(['export', 'c.json', '--format', 'sendbox'], secret)).stdout).not.toContain('S3')
    expect(
      (await run(['export', 'c.json', '--format', 'sendbox', '--include-secrets'], secret)).stdout,
    ).toContain('S3')
  }, 120_000)

  it('refuses bad arguments and bad input with exit 2 and one line', async () => {
    const unknown = await run(['export', 'x.json', '--format', 'yaml'], {})
    expect(unknown.code).toBe(2)
    expect(unknown.stderr.split('\n')[0]).toBe(
      'sendbox: unknown export format "yaml" (use sendbox, postman, bruno, openapi, har)',
    )
    const bad = await run(['export', 'bad.json', '--format', 'har'], {
      'bad.json': { _type: 'export', __export_format: 4, resources: [{ _type: 'request', headers: 5 }] },
    })
    expect(bad.code).toBe(2)
    expect(bad.stderr).toBe(
      'sendbox: bad.json: Insomnia v4 export: resources[0].headers: expected a list, found number 5\n',
    )
  })
})

describe('sendbox export to Postman and Bruno', () => {
  it('writes a Postman collection and a Bruno folder that sendbox reads back to the same requests', async () => {
    const files = { 'shop.yaml': fixture('openapi/petstore-3.0.yaml') }
    const original = await run(['import', 'shop.yaml'], files)
    const names = (stdout: string) =>
      JSON.stringify(parseSendboxCollection(JSON.parse(stdout)), (key, value: unknown) =>
        key === 'id' ? undefined : value,
      ).match(/"name":"[^"]*"/g)
    const postman = await run(
      ['export', 'shop.yaml', '--format', 'postman', '-o', 'shop.postman.json'],
      files,
    )
    expect(postman.code).toBe(0)
    const fromPostman = await runSendbox(['import', 'shop.postman.json'], { cwd: postman.dir })
    expect(names(fromPostman.stdout)).toEqual(names(original.stdout))
    const noFolder = await run(['export', 'shop.yaml', '--format', 'bruno'], files)
    expect(noFolder.code).toBe(2)
    expect(noFolder.stderr.split('\n')[0]).toBe('sendbox: --format bruno writes a folder: give it with -o')
    const bruno = await run(['export', 'shop.yaml', '--format', 'bruno', '-o', 'shop-bruno'], files)
    expect(bruno.code).toBe(0)
    const fromBruno = await runSendbox(['import', 'shop-bruno'], { cwd: bruno.dir })
    expect(fromBruno.code).toBe(0)
    expect(parseSendboxCollection(JSON.parse(fromBruno.stdout)).name).toBe('Pet Shop')
  }, 120_000)
})
