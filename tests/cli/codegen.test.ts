/** `sendbox codegen`, as a user runs it: the printed snippet is executed against the echo server. */
import { execFile } from 'node:child_process'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { bearer, postmanCollection } from '../helpers/postman.ts'

const exec = promisify(execFile)
let echo: EchoServer
let dir: string
beforeAll(async () => {
  echo = await startEchoServer()
  const collection = postmanCollection(
    'Shop',
    [
      {
        name: 'Admin',
        item: [
          {
            name: 'Create user',
            request: {
              method: 'POST',
              url: '{{base}}/anything/users?note={{note}}',
              header: [{ key: 'X-Note', value: `it's "{{note}}"` }],
              body: { mode: 'raw', raw: '{"name": "$HOME `id` !x"}', options: { raw: { language: 'json' } } },
            },
          },
        ],
      },
      {
        name: 'Public',
        item: [{ name: 'Create user', request: { method: 'GET', url: '{{base}}/anything/top' } }],
      },
    ],
    { auth: bearer('{{token}}') },
  )
  dir = writeFiles({
    'shop.json': collection,
    'env.json': {
      name: 'Local',
      values: [
        { key: 'base', value: echo.url, enabled: true },
        { key: 'token', value: 't0k', enabled: true },
      ],
    },
  })
})
afterAll(() => echo.close())

async function runSnippet(code: string) {
  const before = echo.seen.length
  await exec('bash', ['-c', code])
  return echo.seen.slice(before)
}

describe('sendbox codegen', () => {
  it('prints a cURL command that sends the request with its inherited auth and variables', async () => {
    const result = await runSendbox(
      [
        'codegen',
        'shop.json',
        '--request',
        'Admin/Create user',
        '--lang',
        'curl',
        '-e',
        'env.json',
        '--env-var',
        `note=a b'!`,
      ],
      { cwd: dir },
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const [seen] = await runSnippet(result.stdout)
    expect(seen?.method).toBe('POST')
    expect(seen?.url).toBe('/anything/users?note=a%20b%27!')
    expect(seen?.headers).toContainEqual(['Authorization', 'Bearer t0k'])
    expect(seen?.headers).toContainEqual(['X-Note', `it's "a b'!"`])
    expect(seen?.body).toBe('{"name": "$HOME `id` !x"}')
  })

  it('leaves the auth out with --no-auth and applies --option', async () => {
    const result = await runSendbox(
      [
        'codegen',
        'shop.json',
        '--request',
        'Admin/Create user',
        '--lang',
        'curl',
        '-e',
        'env.json',
        '--no-auth',
        '--option',
        'quotes=double',
        '--option',
        'shortFlags=true',
      ],
      { cwd: dir },
    )
    expect(result.code).toBe(0)
    expect(result.stdout).toContain('-H "User-Agent: Sendbox/1.0"')
    const [seen] = await runSnippet(result.stdout)
    expect(seen?.headers.some(([name]) => name.toLowerCase() === 'authorization')).toBe(false)
  })

  it('writes Python for a HAR file too', async () => {
    const har = writeFiles({
      'one.har': {
        log: {
          version: '1.2',
          creator: { name: 'test', version: '1' },
          entries: [
            {
              request: {
                method: 'PUT',
                url: `${echo.url}/anything/har`,
                httpVersion: 'HTTP/1.1',
                headers: [],
                queryString: [],
                cookies: [],
                headersSize: -1,
                bodySize: 2,
                postData: { mimeType: 'text/plain', text: 'hi' },
              },
              response: {
                status: 200,
                statusText: 'OK',
                httpVersion: 'HTTP/1.1',
                headers: [],
                cookies: [],
                content: { size: 0, mimeType: 'text/plain' },
                redirectURL: '',
                headersSize: -1,
                bodySize: 0,
              },
              cache: {},
              timings: { send: 0, wait: 0, receive: 0 },
              startedDateTime: '2026-01-01T00:00:00.000Z',
              time: 0,
            },
          ],
        },
      },
    })
    const { collection } = await import('../../src/cli/load.ts').then((m) =>
      m.loadImport(join(har, 'one.har')),
    )
    const requestName = (collection.children[0] as { name: string }).name
    const result = await runSendbox(['codegen', 'one.har', '--request', requestName, '--lang', 'python'], {
      cwd: har,
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toContain("requests.request('PUT', url")
    expect(result.stdout).toContain(`'${echo.url}/anything/har'`)
  })

  it.each([
    [['--request', 'Nope', '--lang', 'curl'], 'sendbox codegen: no request "Nope" in collection "Shop"\n'],
    [
      ['--request', 'Create user', '--lang', 'curl'],
      'sendbox codegen: 2 requests are named "Create user" ("Admin/Create user", "Public/Create user"): give the path\n',
    ],
    [
      ['--request', 'Admin/Create user', '--lang', 'cobol'],
      'sendbox codegen: unknown language "cobol" (use curl, python, typescript, go, java, csharp, php, ruby, swift)\n',
    ],
    [
      ['--request', 'Admin/Create user', '--lang', 'curl', '--option', 'quotes=back'],
      'sendbox codegen: option "quotes" must be single or double, not "back"\n',
    ],
    [
      ['--request', 'Admin/Create user', '--lang', 'go', '--option', 'silent=true'],
      'sendbox codegen: option "silent" is not one Go – net/http understands (it has: indent, timeout, followRedirects)\n',
    ],
  ])('exits 2 with one line: %j', async (args, message) => {
    const result = await runSendbox(['codegen', 'shop.json', ...args], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stdout).toBe('')
    expect(result.stderr).toBe(message)
  })
})
