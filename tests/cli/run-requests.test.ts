import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { startEchoServer, type EchoRecord, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { basic, bearer, postmanCollection } from '../helpers/postman.ts'

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(() => echo.close())

const header = (rec: EchoRecord | undefined, name: string) =>
  rec?.headers.filter(([n]) => n.toLowerCase() === name.toLowerCase()).map(([, v]) => v)

function seenAt(path: string): EchoRecord | undefined {
  return echo.seen.findLast((rec) => rec.path === path)
}

describe('sendbox run with a Postman v2.1 collection', () => {
  let report: JsonReport
  let code: number | null
  let dir: string

  beforeAll(async () => {
    const collection = postmanCollection(
      'Echo API',
      [
        {
          name: 'Users',
          auth: basic('{{user}}', 'pw'),
          item: [
            {
              name: 'Get user',
              request: {
                method: 'GET',
                header: [
                  { key: 'X-Trace', value: '{{trace}}' },
                  { key: 'X-Disabled', value: 'no', disabled: true },
                ],
                url: {
                  raw: '{{baseUrl}}/anything/users/:id?expand=true&skip=1',
                  host: ['{{baseUrl}}'],
                  path: ['anything', 'users', ':id'],
                  query: [
                    { key: 'expand', value: 'true' },
                    { key: 'skip', value: '1', disabled: true },
                  ],
                  variable: [{ key: 'id', value: '7' }],
                },
              },
            },
            {
              name: 'Inner',
              item: [
                {
                  name: 'Create user',
                  request: {
                    method: 'POST',
                    auth: { type: 'noauth' },
                    url: '{{baseUrl}}/anything/create',
                    body: { mode: 'raw', raw: '{"name":"{{user}}"}', options: { raw: { language: 'json' } } },
                  },
                },
              ],
            },
          ],
        },
        {
          name: 'Form',
          request: {
            method: 'POST',
            url: '{{baseUrl}}/anything/form',
            body: {
              mode: 'urlencoded',
              urlencoded: [
                { key: 'a', value: '1 2' },
                { key: 'off', value: 'x', disabled: true },
              ],
            },
          },
        },
        {
          name: 'Multipart',
          request: {
            method: 'POST',
            url: '{{baseUrl}}/anything/multipart',
            body: {
              mode: 'formdata',
              formdata: [
                { key: 'field', value: 'v', type: 'text' },
                { key: 'doc', type: 'file', src: 'upload.txt' },
              ],
            },
          },
        },
        {
          name: 'GraphQL',
          request: {
            method: 'POST',
            url: '{{baseUrl}}/anything/graphql',
            body: {
              mode: 'graphql',
              graphql: { query: 'query { user(id: 1) { name } }', variables: '{"x": 1}' },
            },
          },
        },
      ],
      {
        auth: bearer('{{token}}'),
        variable: [
          { key: 'baseUrl', value: echo.url },
          { key: 'user', value: 'ada' },
          { key: 'token', value: 'coll-token' },
        ],
      },
    )
    dir = writeFiles({
      'collection.json': collection,
      'upload.txt': 'file body',
      'env.json': {
        name: 'Local',
        values: [
          { key: 'trace', value: 'from-file', enabled: true },
          { key: 'user', value: 'env-user', enabled: true },
        ],
        _postman_variable_scope: 'environment',
      },
    })
    const result = await runSendbox(
      [
        'run',
        'collection.json',
        '-e',
        'env.json',
        '--env-var',
        'trace=from-flag',
        '-r',
        'json,junit',
        '--reporter-json-export',
        'out/report.json',
        '--reporter-junit-export',
        'out/report.xml',
      ],
      { cwd: dir },
    )
    code = result.code
    expect(result.stderr).toBe('')
    report = JSON.parse(readFileSync(join(dir, 'out/report.json'), 'utf8'))
  })

  it('exits 0 and summarises the run', () => {
    expect(code).toBe(0)
    expect(report.collection).toBe('Echo API')
    expect(report.summary).toEqual({
      iterations: 1,
      requests: 5,
      sent: 5,
      notSent: 0,
      failed: 0,
      tests: 0,
      passed: 0,
      failedTests: 0,
      scriptErrors: 0,
    })
    expect(report.executions.map((e) => e.path)).toEqual([
      ['Users', 'Get user'],
      ['Users', 'Inner', 'Create user'],
      ['Form'],
      ['Multipart'],
      ['GraphQL'],
    ])
  })

  it('sends path variables, enabled query rows and enabled headers, with variables by precedence', () => {
    const rec = seenAt('/anything/users/7')
    expect(rec?.query).toEqual([['expand', 'true']])
    expect(header(rec, 'x-trace')).toEqual(['from-flag'])
    expect(header(rec, 'x-disabled')).toEqual([])
    expect(header(rec, 'user-agent')).toEqual(['Sendbox/1.0'])
    // collection variables win over the environment
    expect(header(rec, 'authorization')).toEqual([`Basic ${Buffer.from('ada:pw').toString('base64')}`])
  })

  it('inherits auth from the nearest folder and lets a request opt out', () => {
    expect(header(seenAt('/anything/create'), 'authorization')).toEqual([])
    expect(header(seenAt('/anything/form'), 'authorization')).toEqual(['Bearer coll-token'])
  })

  it('sends every body type', () => {
    expect(seenAt('/anything/create')?.json).toEqual({ name: 'ada' })
    expect(header(seenAt('/anything/create'), 'content-type')).toEqual(['application/json'])
    expect(seenAt('/anything/form')?.form).toEqual({ a: '1 2' })
    const multipart = seenAt('/anything/multipart')
    expect(multipart?.form).toEqual({ field: 'v' })
    expect(multipart?.files?.doc).toMatchObject({ filename: 'upload.txt', content: 'file body' })
    expect(seenAt('/anything/graphql')?.json).toEqual({
      query: 'query { user(id: 1) { name } }',
      variables: { x: 1 },
    })
  })

  it('reports the request as it went on the wire and the response', () => {
    const first = report.executions[0]!
    expect(first.outcome).toBe('done')
    expect(first.request?.url).toBe(`${echo.url}/anything/users/7?expand=true`)
    expect(first.request?.headers[0]).toEqual(['User-Agent', 'Sendbox/1.0'])
    expect(first.response?.code).toBe(200)
    expect(first.response?.status).toBe('OK')
    expect(first.response?.size.total).toBe(first.response!.size.headers + first.response!.size.body)
    expect(first.response?.headers.some(([n]) => n.toLowerCase() === 'content-type')).toBe(true)
  })

  it('writes one JUnit testsuite per execution', () => {
    const xml = readFileSync(join(dir, 'out/report.xml'), 'utf8')
    expect(xml.match(/<testsuite /g)).toHaveLength(5)
    expect(xml).toContain('<testsuite name="Users / Inner / Create user"')
  })
})

describe('sendbox run outcomes', () => {
  it('exits 1 and reports a failed request when the server is unreachable', async () => {
    const dir = writeFiles({
      'c.json': postmanCollection('Down', [
        { name: 'Nowhere', request: { method: 'GET', url: 'http://127.0.0.1:9/' } },
      ]),
    })
    const result = await runSendbox(['run', 'c.json', '-r', 'json'], { cwd: dir })
    expect(result.code).toBe(1)
    const report: JsonReport = JSON.parse(result.stdout)
    expect(report.summary).toMatchObject({ requests: 1, sent: 0, failed: 1 })
    expect(report.executions[0]).toMatchObject({ outcome: 'failed', response: null })
    expect(report.executions[0]!.error).toMatch(/^Request failed: .*(refused|ECONNREFUSED)/i)
  })

  it('--folder runs only that folder; --bail stops at the first failure', async () => {
    const dir = writeFiles({
      'c.json': postmanCollection('Mixed', [
        { name: 'A', item: [{ name: 'a1', request: `${echo.url}/anything/a1` }] },
        { name: 'down', request: 'http://127.0.0.1:9/' },
        { name: 'after', request: `${echo.url}/anything/after` },
      ]),
    })
    const only = JSON.parse(
      (await runSendbox(['run', 'c.json', '-r', 'json', '--folder', 'A'], { cwd: dir })).stdout,
    ) as JsonReport
    expect(only.executions.map((e) => e.name)).toEqual(['a1'])
    const bail = await runSendbox(['run', 'c.json', '-r', 'json', '--bail'], { cwd: dir })
    expect(bail.code).toBe(1)
    expect((JSON.parse(bail.stdout) as JsonReport).executions.map((e) => e.name)).toEqual(['a1', 'down'])
  })

  it('prints a readable cli report by default', async () => {
    const dir = writeFiles({
      'c.json': postmanCollection('Plain', [{ name: 'Hello', request: `${echo.url}/status/201` }]),
    })
    const result = await runSendbox(['run', 'c.json'], { cwd: dir })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('Plain')
    expect(result.stdout).toMatch(/GET http:\/\/127\.0\.0\.1:\d+\/status\/201 \[201 Created, /)
    expect(result.stdout).toMatch(/requests\s+│\s+1 │\s+0 │/)
  })
})
