/** `sendbox run` and `sendbox import` with OpenCollection YAML (a bundled file or a folder), as a user runs them. */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseSendboxCollection } from '../../src/model/import/sendbox.ts'
import { startEchoServer, type EchoRecord, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

const DIR = resolve(import.meta.dirname, '../fixtures/import/opencollection')
const header = (record: EchoRecord, name: string) =>
  record.headers.find(([n]) => n.toLowerCase() === name.toLowerCase())?.[1]

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(() => echo.close())

describe('sendbox run with OpenCollection YAML', () => {
  it.each([
    ['a bundled file', 'shop.yml'],
    ['a collection folder', 'shop'],
  ])('%s: sends the folder with its auth and headers, in bru run order', async (_, name) => {
    const before = echo.seen.length
    const { code, stderr } = await runSendbox(
      ['run', name, '--folder', 'Orders', '-e', 'Local', '--env-var', `baseUrl=${echo.url}/anything`],
      { cwd: DIR },
    )
    // Its examples are read now (the request's saved responses), so only the rest is reported.
    expect(stderr).toContain('5 items skipped: tags of request "Order by id"')
    expect(stderr).not.toContain('examples of request')
    expect(code).toBe(0)
    const seen = echo.seen.slice(before)
    expect(seen.map((r) => [r.method, r.path, r.query])).toEqual([
      ['GET', '/anything/orders', [['page', '1']]],
      [
        'GET',
        '/anything/orders/42',
        [
          ['expand', 'items'],
          ['api_key', 'local-key'],
        ],
      ],
    ])
    const [list, byId] = seen as [EchoRecord, EchoRecord]
    expect(header(list, 'authorization')).toBe(`Basic ${Buffer.from('ada:hunter2').toString('base64')}`)
    expect(header(list, 'x-trace')).toBe('orders')
    expect(header(list, 'x-folder')).toBe('orders')
    expect(header(list, 'x-off')).toBeUndefined()
    expect(header(byId, 'authorization')).toBeUndefined()
  })
})

describe('sendbox import with OpenCollection YAML', () => {
  it('writes a Sendbox collection and reports what it left out on stderr', async () => {
    const dir = writeFiles({ 'shop.yml': readFileSync(join(DIR, 'shop.yml'), 'utf8') })
    const { code, stdout, stderr } = await runSendbox(['import', 'shop.yml'], { cwd: dir })
    expect(code).toBe(0)
    const collection = parseSendboxCollection(JSON.parse(stdout))
    expect(collection.name).toBe('Shop API')
    expect(collection.children.map((c) => c.name)).toEqual([
      'Orders',
      'Login',
      'Upload',
      'Subscribe',
      'Products query',
      'Notes',
    ])
    const orders = collection.children[0]
    const list = orders?.type === 'folder' ? orders.children.find((c) => c.name === 'List orders') : undefined
    const examples = list?.type === 'folder' ? undefined : list?.examples
    expect(examples?.map((e) => [e.name, e.status])).toEqual([['One page', 200]])
    expect(stderr.trim().split('\n')).toEqual([
      expect.stringMatching(/^sendbox: shop\.yml: 5 items skipped: tags of request "Order by id"/),
      'sendbox: shop.yml: 2 secret values were left out (give --include-secrets to keep them)',
    ])
  })

  it('refuses a broken file with exit 2 and one line naming the file, the format and the problem', async () => {
    const dir = writeFiles({ 'bad.yml': readFileSync(join(DIR, 'wrong-types.yml'), 'utf8') })
    const { code, stderr } = await runSendbox(['import', 'bad.yml'], { cwd: dir })
    expect(code).toBe(2)
    expect(stderr).toBe(
      'sendbox: bad.yml: OpenCollection YAML: items[0].http.headers[1].disabled: expected true or false, found string "yes"\n',
    )
  })
})
