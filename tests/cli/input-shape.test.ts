import { readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { postmanCollection, script } from '../helpers/postman.ts'

// Files as editors and other tools write them: byte order marks, deep folder trees, and fields
// of the wrong type, each either read as meant or refused with one line (exit 2) naming where.

const BOM = '\uFEFF'

/** A Postman collection text with `depth` folders inside each other around one request. */
function nestedPostman(depth: number, url: string): string {
  let items = JSON.stringify([{ name: 'deepest', request: { method: 'GET', url } }])
  for (let level = depth - 1; level >= 0; level--) items = `[{"name":"f${level}","item":${items}}]`
  return JSON.stringify(postmanCollection('Deep', [])).replace('"item":[]', `"item":${items}`)
}

/** The same as a Sendbox collection export. */
function nestedSendbox(depth: number, url: string): string {
  let children = JSON.stringify([{ type: 'request', name: 'deepest', url }])
  for (let level = depth - 1; level >= 0; level--)
    children = `[{"type":"folder","name":"f${level}","children":${children}}]`
  return `{"sendbox":1,"collection":{"name":"Deep","children":${children}}}`
}

let echo: EchoServer
beforeAll(async () => {
  echo = await startEchoServer()
})
afterAll(() => echo.close())

function expectOneLine(result: { code: number | null; stderr: string }, message: RegExp) {
  expect(result.code).toBe(2)
  const lines = result.stderr.trim().split('\n')
  expect(lines).toHaveLength(1)
  expect(lines[0]).toMatch(message)
  expect(result.stderr).not.toMatch(/\bat .+:\d+:\d+/) // no stack trace
  expect(result.stderr).not.toContain(BOM)
}

describe('sendbox run: byte order marks', () => {
  it('reads collection and environment files that start with one (UTF-8 and UTF-16)', async () => {
    const collection = postmanCollection('BOM', [
      { name: 'r', request: { method: 'GET', url: '{{base}}/bom' } },
    ])
    const postmanEnv = { name: 'env', values: [{ key: 'base', value: echo.url, enabled: true }] }
    const sendboxEnv = {
      sendbox: 1,
      environment: { name: 'env', variables: [{ key: 'base', value: echo.url }] },
    }
    const dir = writeFiles({
      'collection.json': BOM + JSON.stringify(collection),
      'sendbox.json': BOM + JSON.stringify({ sendbox: 1, collection: { name: 'BOM', children: [] } }),
      'env.json': BOM + JSON.stringify(postmanEnv),
      'globals.json': BOM + JSON.stringify(sendboxEnv),
    })
    // What PowerShell's `Out-File` writes: UTF-16 little-endian with its mark.
    const utf16 = Buffer.concat([
      Buffer.from([0xff, 0xfe]),
      Buffer.from(JSON.stringify(postmanEnv), 'utf16le'),
    ])
    writeFileSync(join(dir, 'env16.json'), utf16)

    const before = echo.seen.length
    const env = await runSendbox(['run', 'collection.json', '-e', 'env.json', '-g', 'globals.json'], {
      cwd: dir,
    })
    expect(env.stderr).toBe('')
    expect(env.code).toBe(0)
    const env16 = await runSendbox(['run', 'collection.json', '-e', 'env16.json'], { cwd: dir })
    expect(env16.stderr).toBe('')
    expect(env16.code).toBe(0)
    expect(echo.seen.slice(before).filter((rec) => rec.path === '/bom')).toHaveLength(2)

    const sendbox = await runSendbox(['run', 'sendbox.json'], { cwd: dir })
    expect(sendbox.stderr).toBe('')
    expect(sendbox.code).toBe(0)
  })

  it('shows an invisible character that is not a leading mark as U+…, never raw', async () => {
    const dir = writeFiles({ 'zw.json': `{"info":\u200B{}}` })
    expectOneLine(
      await runSendbox(['run', 'zw.json'], { cwd: dir }),
      /^sendbox: zw\.json: not valid JSON \(.*U\+200B/,
    )
  })
})

describe('sendbox run: folders nested deeply', () => {
  it('refuses 3,000 nested folders (Postman and Sendbox) with one line, exit 2', async () => {
    const dir = writeFiles({
      'deep.json': nestedPostman(3000, 'http://127.0.0.1:1/'),
      'deep-sendbox.json': nestedSendbox(3000, 'http://127.0.0.1:1/'),
    })
    expectOneLine(
      await runSendbox(['run', 'deep.json'], { cwd: dir }),
      /^sendbox: deep\.json: item\[0\]\.item\[0\]\..*…(\.item\[0\])+: folders nested more than 200 levels deep \(Sendbox reads at most 200\)$/,
    )
    expectOneLine(
      await runSendbox(['run', 'deep-sendbox.json'], { cwd: dir }),
      /^sendbox: deep-sendbox\.json: collection\.children\[0\].*: folders nested more than 200 levels deep/,
    )
  })

  it('runs a request inside 200 nested folders, the limit', async () => {
    const dir = writeFiles({ 'deep.json': nestedPostman(200, `${echo.url}/deep`) })
    const result = await runSendbox(
      ['run', 'deep.json', '-r', 'json', '--reporter-json-export', 'out.json'],
      {
        cwd: dir,
      },
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const report = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as JsonReport
    expect(report.executions).toHaveLength(1)
    expect(report.executions[0]!.path).toHaveLength(201)
    expect(report.executions[0]!.response?.code).toBe(200)
  })
})

describe('sendbox run: fields of the wrong type', () => {
  const request = { method: 'GET', url: 'http://127.0.0.1:1/' }
  const dir = writeFiles({
    'exec.json': postmanCollection('x', [
      { name: 'r', request, event: [{ listen: 'test', script: { type: 'text/javascript', exec: 5 } }] },
    ]),
    'exec-line.json': postmanCollection('x', [
      { name: 'r', request, event: [{ listen: 'prerequest', script: { exec: ['ok()', { line: 2 }] } }] },
    ]),
    'header.json': postmanCollection('x', [
      {
        name: 'r',
        request: {
          ...request,
          header: [
            { key: 'A', value: '1' },
            { key: 5, value: 'x' },
          ],
        },
      },
    ]),
    'header-value.json': postmanCollection('x', [
      { name: 'r', request: { ...request, header: [{ key: 'A', value: ['x'] }] } },
    ]),
    'disabled.json': postmanCollection('x', [
      { name: 'r', request: { ...request, header: [{ key: 'A', value: 'x', disabled: 'yes' }] } },
    ]),
    'name.json': postmanCollection('x', [{ name: 7 as unknown as string, request }]),
    'script.json': postmanCollection('x', [
      { name: 'r', request, event: [{ listen: 'test', script: 'pm.test()' }] },
    ]),
    'ok.json': postmanCollection('x', [], {
      // Postman lets a variable hold any value: numbers and booleans are read as text.
      variable: [
        { key: 'n', value: 5 },
        { key: 'b', value: true },
      ],
      event: [script('test', '1')],
    }),
    'env-key.json': { name: 'e', values: [{ key: 5, value: 'x' }] },
    'env-enabled.json': { name: 'e', values: [{ key: 'k', value: 'x', enabled: 'no' }] },
    'env-value.json': { name: 'e', values: [{ key: 'k', value: { nested: 1 } }] },
    'sendbox-env.json': { sendbox: 1, environment: { name: 'e', variables: [{ key: 'k', value: 5 }] } },
    'env-numbers.json': { name: 'e', values: [{ key: 'port', value: 8080, enabled: true }] },
  })

  it.each([
    [
      ['run', 'exec.json'],
      /^sendbox: exec\.json: item\[0\]\.event\[0\]\.script\.exec: expected a string, found number 5$/,
    ],
    [
      ['run', 'exec-line.json'],
      /^sendbox: exec-line\.json: item\[0\]\.event\[0\]\.script\.exec\[1\]: expected a string, found an object$/,
    ],
    [
      ['run', 'header.json'],
      /^sendbox: header\.json: item\[0\]\.request\.header\[1\]\.key: expected a string, found number 5$/,
    ],
    [
      ['run', 'header-value.json'],
      /^sendbox: header-value\.json: item\[0\]\.request\.header\[0\]\.value: expected a string, found a list$/,
    ],
    [
      ['run', 'disabled.json'],
      /^sendbox: disabled\.json: item\[0\]\.request\.header\[0\]\.disabled: expected true or false, found string "yes"$/,
    ],
    [['run', 'name.json'], /^sendbox: name\.json: item\[0\]\.name: expected a string, found number 7$/],
    [
      ['run', 'script.json'],
      /^sendbox: script\.json: item\[0\]\.event\[0\]\.script: expected an object, found string "pm\.test\(\)"$/,
    ],
    [
      ['run', 'ok.json', '-e', 'env-key.json'],
      /^sendbox: env-key\.json: values\[0\]\.key: expected a string, found number 5$/,
    ],
    [
      ['run', 'ok.json', '-e', 'env-enabled.json'],
      /^sendbox: env-enabled\.json: values\[0\]\.enabled: expected true or false, found string "no"$/,
    ],
    [
      ['run', 'ok.json', '-g', 'env-value.json'],
      /^sendbox: env-value\.json: values\[0\]\.value: expected text, a number or true\/false, found an object$/,
    ],
    [
      ['run', 'ok.json', '-e', 'sendbox-env.json'],
      /^sendbox: sendbox-env\.json: environment\.variables\[0\]\.value: expected a string, found number 5$/,
    ],
  ])('%j exits 2 naming the field', async (args, message) => {
    expectOneLine(await runSendbox(args, { cwd: dir }), message)
  })

  it('reads numbers and booleans where Postman allows any value (variables)', async () => {
    const result = await runSendbox(['run', 'ok.json', '-e', 'env-numbers.json'], { cwd: dir })
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
  })
})
