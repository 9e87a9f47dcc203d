/** `sendbox run` and `sendbox import` with HAR and Hoppscotch files, as a user runs them. */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { parseSendboxCollection } from '../../src/model/import/sendbox.ts'
import type { RequestSpec } from '../../src/model/types.ts'
import { startEchoServer, type EchoRecord, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

const FIXTURES = resolve(import.meta.dirname, '../fixtures/import')
const fixture = (name: string) => readFileSync(join(FIXTURES, name), 'utf8')

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(() => echo.close())

/** The headers a request carried, without those the transport adds itself. */
function sentHeaders(record: EchoRecord): [string, string][] {
  const computed = /^(host|connection|content-length|content-type|accept-encoding|user-agent|accept)$/i
  return record.headers.filter(([name]) => !computed.test(name)).map(([n, v]) => [n.toLowerCase(), v])
}
const header = (record: EchoRecord, name: string) =>
  record.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]

describe('sendbox run with a HAR file', () => {
  let seen: EchoRecord[]
  let result: Awaited<ReturnType<typeof runSendbox>>

  beforeAll(async () => {
    const dir = writeFiles({
      'shop.har': fixture('har/full.har').replaceAll('https://shop.example', echo.url),
    })
    mkdirSync(join(dir, 'photos'))
    writeFileSync(join(dir, 'photos/beach.png'), 'PNGDATA')
    const before = echo.seen.length
    result = await runSendbox(['run', 'shop.har', '-r', 'json'], { cwd: dir })
    seen = echo.seen.slice(before)
  })

  it('sends exactly the recorded requests, in order', () => {
    expect(result.code).toBe(0)
    expect((JSON.parse(result.stdout) as JsonReport).collection).toBe('Shop API')
    expect(seen.map((r) => [r.method, r.path, r.query])).toEqual([
      [
        'GET',
        '/anything/users/7',
        [
          ['expand', 'true'],
          ['tag', 'a b'],
        ],
      ],
      ['POST', '/anything/orders', []],
      ['POST', '/anything/login', []],
      ['PUT', '/anything/upload', []],
    ])
    const [get, post, login, upload] = seen as [EchoRecord, EchoRecord, EchoRecord, EchoRecord]
    expect(sentHeaders(get)).toEqual([['x-trace', 't-1']])
    expect(header(get, 'accept')).toBe('application/json')
    expect(header(post, 'content-type')).toBe('application/json')
    expect(post.body).toBe('{"item":"book","qty":2}')
    expect(header(login, 'content-type')).toBe('application/x-www-form-urlencoded')
    expect(login.form).toEqual({ user: 'ada', note: '1 2' })
    expect(upload.form).toEqual({ title: 'Holiday' })
    expect(upload.files?.photo).toMatchObject({
      filename: 'beach.png',
      contentType: 'image/png',
      content: 'PNGDATA',
    })
  })

  it('says on stderr what it left out', () => {
    expect(result.stderr).toMatch(
      /^sendbox: shop\.har: 2 items skipped: WebSocket request "wss:\/\/shop\.example\/live" at log\.entries\[4\] \(not supported\); /,
    )
  })
})

describe('sendbox run with a Hoppscotch export', () => {
  it('runs its requests with their pw scripts, variables and auth', async () => {
    const dir = writeFiles({
      'hopp.json': fixture('hoppscotch/collections.json'),
      'env.json': fixture('hoppscotch/environment.json'),
    })
    const before = echo.seen.length
    const result = await runSendbox(
      [
        'run',
        'hopp.json',
        '-e',
        'env.json',
        '--env-var',
        `baseUrl=${echo.url}`,
        '--folder',
        'Users',
        '-r',
        'json',
      ],
      { cwd: dir },
    )
    const seen = echo.seen.slice(before)
    expect(result.stderr).toMatch(/^sendbox: hopp\.json: 3 items skipped: headers of folder "Users"/)
    expect(result.code).toBe(0)
    const report = JSON.parse(result.stdout) as JsonReport
    // The test script of "Get user" ran and passed.
    expect(report.summary).toMatchObject({ requests: 2, sent: 2, tests: 1, passed: 1 })
    expect(seen.map((r) => [r.method, r.path])).toEqual([
      ['GET', '/anything/users/7'],
      ['POST', '/anything/users'],
    ])
    const [get, post] = seen as [EchoRecord, EchoRecord]
    expect(get.query).toEqual([['expand', 'true']])
    // Set by the pre-request script, read through <<trace>> turned into {{trace}}.
    expect(header(get, 'x-trace')).toBe('t-1')
    expect(header(get, 'x-off')).toBeUndefined()
    expect(header(get, 'authorization')).toBe(`Basic ${Buffer.from('{{user}}:pw').toString('base64')}`)
    expect(post.json).toEqual({ name: '{{user}}' })
  })
})

describe('sendbox import', () => {
  const dir = writeFiles({
    'shop.har': fixture('har/full.har'),
    'cut.har': fixture('har/truncated.har'),
    'bad.json': fixture('hoppscotch/wrong-types.json'),
    'hopp.json': fixture('hoppscotch/collections.json'),
  })

  it('prints a Sendbox collection export on stdout and the report on stderr', async () => {
    const result = await runSendbox(['import', 'shop.har'], { cwd: dir })
    expect(result.code).toBe(0)
    const collection = parseSendboxCollection(result.stdout)
    expect(collection.name).toBe('Shop API')
    expect((collection.children as RequestSpec[]).map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET https://shop.example/anything/users/7?expand=true&tag=a%20b',
      'POST https://shop.example/anything/orders',
      'POST https://shop.example/anything/login',
      'PUT https://shop.example/anything/upload',
    ])
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(/^sendbox: shop\.har: 2 items skipped: /)
  })

  it('writes to -o, reading the format given by --format', async () => {
    const result = await runSendbox(['import', 'hopp.json', '--format', 'hoppscotch', '-o', 'out/c.json'], {
      cwd: dir,
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toBe('')
    const collection = parseSendboxCollection(readFileSync(join(dir, 'out/c.json'), 'utf8'))
    expect(collection.children.map((c) => c.name)).toEqual(['Echo API', 'GraphQL'])
  })

  it.each([
    [['import', 'cut.har'], /^sendbox: cut\.har: HAR 1\.2: not valid JSON \(.+\)$/],
    [
      ['import', 'bad.json'],
      /^sendbox: bad\.json: Hoppscotch collection: requests\[0\]\.headers\[0\]\.active: expected true or false, found string "yes"$/,
    ],
    [
      ['import', 'shop.har', '--format', 'postman'],
      /^sendbox: shop\.har: Postman Collection v2\.1: info: expected an object, found nothing$/,
    ],
    [
      ['import', 'shop.har', '--format', 'nope'],
      /^sendbox: unknown format "nope" \(use sendbox, postman, har, hoppscotch, opencollection, bruno\b.*\)$/,
    ],
    [
      ['import', 'shop.har', '--format', 'bruno'],
      /^sendbox: shop\.har: Bruno collection: a Bruno collection is a folder \(holding bruno\.json\)$/,
    ],
    [['import'], /^sendbox: missing the file to import$/],
    [['run', 'cut.har'], /^sendbox: cut\.har: HAR 1\.2: not valid JSON/],
  ])('bad input %j: exit 2 and one line naming file, format and problem', async (args, message) => {
    const result = await runSendbox(args, { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stderr.split('\n')[0]).toMatch(message)
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/)
  })
})
