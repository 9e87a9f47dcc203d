/**
 * `sendbox run` with data files, iterations, exports and the html reporter: exit codes, the one
 * line a data file that cannot be read gets, and what the reports hold.
 */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { postmanCollection, script } from '../helpers/postman.ts'

// Each test spawns the real command, from its sources when the bundle is older than them.
vi.setConfig({ testTimeout: 60_000 })

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(() => echo.close())

const collection = (test = "pm.test('ok', () => pm.expect(pm.response.code).to.equal(200))") =>
  postmanCollection('Data', [
    {
      name: 'one',
      request: { method: 'GET', url: '{{baseUrl}}/get?u={{user}}' },
      event: [script('test', test)],
    },
  ])

function files(extra: Record<string, unknown> = {}) {
  return writeFiles({
    'c.json': collection(),
    'failing.json': collection("pm.test('fails', () => pm.expect(1).to.equal(2))"),
    'users.csv': 'user\nann\nbob\n',
    ...extra,
  })
}

const base = () => ['--env-var', `baseUrl=${echo.url}`]

describe('sendbox run: data files that cannot be read', () => {
  it.each([
    ['open.csv', 'user,n\nann,1\nbob,"2\n', /^sendbox: open\.csv, row 3: Quote Not Closed/],
    ['quote.csv', 'user\n"ann"x\n', /^sendbox: quote\.csv, row 2: Invalid Closing Quote/],
    [
      'object.json',
      '{"user":"ann"}',
      /^sendbox: object\.json: expected an array of objects, found an object$/,
    ],
    [
      'items.json',
      '[{"user":"ann"}, "bob"]',
      /^sendbox: items\.json, row 2: expected an object, found a string$/,
    ],
    ['broken.json', '[{"user":', /^sendbox: broken\.json: not valid JSON: /],
  ])('%s: exit 2 and one line naming the file, the row and the problem', async (name, text, message) => {
    const dir = files({ [name]: text })
    const result = await runSendbox(['run', 'c.json', '-d', name, ...base()], { cwd: dir })
    expect(result.code).toBe(2)
    const lines = result.stderr.trim().split('\n')
    expect(lines).toHaveLength(1)
    expect(lines[0]).toMatch(message)
    expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/)
    expect(result.stdout).toBe('')
  })

  it('a missing data file', async () => {
    const result = await runSendbox(['run', 'c.json', '-d', 'nope.csv'], { cwd: files() })
    expect(result.code).toBe(2)
    expect(result.stderr.trim()).toBe('sendbox: nope.csv: cannot read the data file (no such file)')
  })

  it.each([
    [['-n', '0'], /--iteration-count expects a whole number of at least 1, got "0"/],
    [['-n', 'two'], /--iteration-count expects a whole number/],
    [['--delay-request=-5'], /--delay-request expects milliseconds/],
    [['-r', 'pdf'], /unknown reporter "pdf" \(use cli, json, junit, html\)/],
  ])('%j is a usage error (exit 2)', async (args, message) => {
    const result = await runSendbox(['run', 'c.json', ...args], { cwd: files() })
    expect(result.code).toBe(2)
    expect(result.stderr).toMatch(message)
  })
})

describe('sendbox run: iterations and reports', () => {
  it('runs once per row, and puts the iteration in the json report', async () => {
    const before = echo.seen.length
    const result = await runSendbox(['run', 'c.json', '-d', 'users.csv', '-r', 'json', ...base()], {
      cwd: files(),
    })
    expect(result.code).toBe(0)
    const report = JSON.parse(result.stdout) as JsonReport
    expect(report.summary.iterations).toBe(2)
    expect(report.executions.map((e) => [e.iteration, e.request?.url.replace(echo.url, '')])).toEqual([
      [0, '/get?u=ann'],
      [1, '/get?u=bob'],
    ])
    expect(echo.seen.slice(before).map((r) => r.url)).toEqual(['/get?u=ann', '/get?u=bob'])
  })

  it('-n repeats the last row; the cli reporter heads each iteration', async () => {
    const result = await runSendbox(['run', 'c.json', '-d', 'users.csv', '-n', '3', ...base()], {
      cwd: files(),
    })
    expect(result.code).toBe(0)
    expect(result.stdout).toMatch(
      /Iteration 1\/3[\s\S]*u=ann[\s\S]*Iteration 2\/3[\s\S]*u=bob[\s\S]*Iteration 3\/3[\s\S]*u=bob/,
    )
    expect(result.stdout).toMatch(/│ iterations\s+│\s+3 │/)
  })

  it(
    '--suppress-exit-code exits 0 when a test fails, but not when the input is bad',
    { timeout: 90_000 },
    async () => {
      const dir = files({ 'bad.csv': 'a\n"x' })
      expect((await runSendbox(['run', 'failing.json', ...base()], { cwd: dir })).code).toBe(1)
      expect(
        (await runSendbox(['run', 'failing.json', '--suppress-exit-code', ...base()], { cwd: dir })).code,
      ).toBe(0)
      const bad = await runSendbox(['run', 'failing.json', '-d', 'bad.csv', '--suppress-exit-code'], {
        cwd: dir,
      })
      expect(bad.code).toBe(2)
    },
  )

  it('--delay-request waits before each request', async () => {
    const started = performance.now()
    const result = await runSendbox(['run', 'c.json', '-n', '3', '--delay-request', '300', ...base()], {
      cwd: files(),
    })
    expect(result.code).toBe(0)
    expect(performance.now() - started).toBeGreaterThanOrEqual(900)
  })

  it('-r html writes one self-contained file; junit names suites by iteration', async () => {
    const dir = files()
    const result = await runSendbox(
      [
        'run',
        'failing.json',
        '-d',
        'users.csv',
        '-r',
        'html,junit',
        '--reporter-html-export',
        'out/report.html',
        '--reporter-junit-export',
        'out/junit.xml',
        ...base(),
      ],
      { cwd: dir },
    )
    expect(result.code).toBe(1)
    const html = readFileSync(join(dir, 'out/report.html'), 'utf8')
    expect(html).toMatch(/^<!DOCTYPE html>/)
    expect(html).toContain('<h1>Data</h1>')
    expect(html).toContain('Iteration 2 of 2')
    expect(html).toContain('0 passed, 2 failed')
    expect(html).toContain('✗ fails: expected 1 to equal 2')
    // Nothing fetched: no script, stylesheet link, image, font or remote URL of any kind.
    expect(html).not.toMatch(/<script|<link|<img|@import|url\(|src=|https?:\/\/(?!127\.0\.0\.1)/)
    const junit = readFileSync(join(dir, 'out/junit.xml'), 'utf8')
    expect(junit).toContain('<testsuite name="0 / one"')
    expect(junit).toContain('<testsuite name="1 / one"')
  })

  it('--export-environment and --export-globals write what scripts set, each in its scope', async () => {
    const dir = writeFiles({
      'c.json': postmanCollection('Export', [
        {
          name: 'set',
          request: { method: 'GET', url: '{{baseUrl}}/get' },
          event: [
            script(
              'test',
              "pm.environment.set('token', 't-' + pm.info.iteration); pm.globals.set('seen', String(pm.info.iteration + 1))",
            ),
          ],
        },
      ]),
      'e.json': { name: 'Staging', values: [{ key: 'keep', value: 'k', type: 'default', enabled: true }] },
      'g.json': {
        name: 'G',
        values: [{ key: 'g0', value: '0', type: 'default', enabled: true }],
        _postman_variable_scope: 'globals',
      },
    })
    const result = await runSendbox(
      [
        'run',
        'c.json',
        '-e',
        'e.json',
        '-g',
        'g.json',
        '-n',
        '2',
        '--export-environment',
        'env-out.json',
        '--export-globals',
        'globals-out.json',
        ...base(),
      ],
      { cwd: dir },
    )
    expect(result.code).toBe(0)
    const env = JSON.parse(readFileSync(join(dir, 'env-out.json'), 'utf8')) as {
      name: string
      values: { key: string; value: string }[]
      _postman_variable_scope: string
    }
    expect(env.name).toBe('Staging')
    expect(env._postman_variable_scope).toBe('environment')
    expect(env.values.map((v) => [v.key, v.value])).toEqual([
      ['keep', 'k'],
      ['baseUrl', echo.url],
      ['token', 't-1'],
    ])
    const globals = JSON.parse(readFileSync(join(dir, 'globals-out.json'), 'utf8')) as {
      values: { key: string; value: string }[]
      _postman_variable_scope: string
    }
    expect(globals._postman_variable_scope).toBe('globals')
    expect(globals.values.map((v) => [v.key, v.value])).toEqual([
      ['g0', '0'],
      ['seen', '2'],
    ])
  })
})
