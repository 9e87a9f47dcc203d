/** OpenCollection YAML: a bundled file and a collection folder, field by field, and hostile files. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { folderSource } from '../../../tests/helpers/folder-source.ts'
import { mappedFields } from '../../../tests/fixtures/import/rich-collection.ts'
import { exportBruno } from '../export/bruno.ts'
import type { Folder, RequestSpec } from '../types.ts'
import { detectSource, importSource, ImportSourceError } from './import-source.ts'
import { formatReport } from './report.ts'
import { parseSendboxCollection, serializeSendboxCollection } from './sendbox.ts'

const DIR = resolve(import.meta.dirname, '../../../tests/fixtures/import/opencollection')
const file = (name: string) => ({ kind: 'file' as const, name, text: readFileSync(`${DIR}/${name}`, 'utf8') })
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ImportSourceError)
    return (error as Error).message
  }
  throw new Error('not refused')
}

describe('OpenCollection YAML, bundled file', () => {
  const bundle = importSource(file('shop.yml'))
  const collection = bundle.collections[0]!
  const orders = collection.children[0] as Folder
  const [list, byId] = orders.children as RequestSpec[]
  const [login, upload, subscribe, graphql, notes] = collection.children.slice(1) as RequestSpec[]

  it('is detected from its content and read with its settings, folders first then by seq', () => {
    expect(bundle).toMatchObject({ format: 'opencollection', label: 'OpenCollection YAML' })
    expect(collection.name).toBe('Shop API')
    expect(collection.auth).toEqual({ type: 'bearer', token: '{{token}}' })
    expect(collection.variables.map((v) => [v.key, v.value, v.secret])).toEqual([
      ['traceId', 't-1', false],
      ['password', 'hunter2', true],
    ])
    expect(collection.scripts).toEqual({
      preRequest: 'bru.setVar("started", Date.now())',
      postResponse: 'bru.setVar("status", res.getStatus())',
    })
    expect(collection.children.map((c) => c.name)).toEqual([
      'Orders',
      'Login',
      'Upload',
      'Subscribe',
      'Products query',
      'Notes',
    ])
    expect(orders.auth).toEqual({ type: 'basic', username: 'ada', password: '{{password}}' })
    expect(orders.variables.map((v) => `${v.key}=${v.value}`)).toEqual(['pageSize=20'])
    expect(orders.scripts.preRequest).toBe('bru.setVar("folder", "orders")')
    expect(orders.children.map((c) => c.name)).toEqual(['List orders', 'Order by id'])
  })

  it("keeps a request's saved responses (examples)", () => {
    expect(list!.examples?.map((e) => [e.name, e.status, e.body])).toEqual([['One page', 200, '']])
  })

  it('maps params, headers (collection and folder ones added, the nearer winning), bodies and auth', () => {
    expect(list!.params.map((p) => `${p.key}=${p.value}`)).toEqual(['page=1'])
    expect(list!.headers.map((h) => `${h.enabled ? '' : '~'}${h.key}: ${h.value}`)).toEqual([
      'X-Client: sendbox',
      'X-Trace: orders',
      'X-Folder: orders',
      'Accept: application/json',
      '~X-Off: no',
    ])
    expect(byId!.url).toBe('{{baseUrl}}/orders/:orderId?expand=items')
    expect(byId!.pathVariables?.map((p) => `${p.key}=${p.value}`)).toEqual(['orderId=42'])
    expect(byId!.params.map((p) => `${p.enabled ? '' : '~'}${p.key}=${p.value}`)).toEqual([
      'expand=items',
      '~debug=true',
    ])
    expect(byId!.auth).toEqual({ type: 'apikey', key: 'api_key', value: '{{apiKey}}', addTo: 'query' })
    expect(login).toMatchObject({ method: 'POST', auth: { type: 'inherit' } })
    expect(login!.body).toEqual({
      type: 'raw',
      language: 'json',
      text: '{"user": "ada", "password": "{{password}}"}',
    })
    expect(login!.scripts.postResponse).toBe(
      'bru.setVar("token", res.body.token)\ntest("logged in", function () {\n  expect(res.getStatus()).to.equal(200)\n})',
    )
    expect(upload!.body).toMatchObject({
      type: 'form-data',
      rows: [
        { key: 'note', value: 'hello', type: 'text' },
        { key: 'file', type: 'file', fileRef: './files/a.png', fileName: 'a.png', contentType: 'image/png' },
      ],
    })
    expect(upload!.auth).toMatchObject({
      type: 'sigv4',
      accessKeyId: 'AKID',
      region: 'eu-west-1',
      service: 's3',
    })
    expect(subscribe!.body).toMatchObject({
      type: 'urlencoded',
      rows: [
        { key: 'email', value: 'ada@example.com', enabled: true },
        { key: 'list', value: 'news', enabled: false },
      ],
    })
    expect(subscribe!.auth).toMatchObject({
      type: 'oauth2',
      grant: 'client-credentials',
      tokenUrl: 'https://auth.shop.example/token',
      clientId: 'shop-cli',
      clientSecret: '{{clientSecret}}',
      scope: 'orders:read',
    })
    expect(graphql).toMatchObject({
      kind: 'graphql',
      method: 'POST',
      auth: { type: 'none' },
      body: { type: 'graphql', query: '{ products { id name } }', variables: '{"first": 10}' },
    })
    expect(notes!.body).toEqual({ type: 'raw', language: 'xml', text: '<note>hi</note>' })
    expect(notes!.auth).toMatchObject({ type: 'digest', username: 'ada', password: 'x' })
  })

  it('reads the environments (secret flags, disabled rows, typed values) and reports what it leaves out', () => {
    expect(
      bundle.environments.map((e) => [e.name, e.variables.map((v) => [v.key, v.value, v.enabled, v.secret])]),
    ).toEqual([
      [
        'Local',
        [
          ['baseUrl', 'http://127.0.0.1:3000', true, false],
          ['apiKey', 'local-key', true, true],
          ['legacy', 'old', false, false],
        ],
      ],
      [
        'Prod',
        [
          ['baseUrl', 'https://shop.example', true, false],
          ['timeout', '30', true, false],
        ],
      ],
    ])
    expect(formatReport(bundle.report)).toBe(
      '5 items skipped: ' +
        'tags of request "Order by id" at items[1].items[0] (Sendbox has no tags); ' +
        'request variables of request "Order by id" at items[1].items[0] (requests have no variables in Sendbox); ' +
        '1 assertions of request "Login" at items[0] (write them as tests); ' +
        '1 more body variants of request "Notes" at items[5] (a request has one body in Sendbox); ' +
        'websocket request of request "Live" at items[6] (not supported)',
    )
  })

  it('survives a Sendbox export and a Bruno folder export unchanged on every mapped field', () => {
    expect(parseSendboxCollection(serializeSendboxCollection(collection))).toEqual(collection)
    const files = exportBruno(collection, { includeSecrets: true, environments: bundle.environments })
    const back = importSource({ kind: 'folder', name: 'exported', files })
    // collection.bru has no secret flag for its variables: the value comes back, the flag does not.
    const expected = structuredClone(collection)
    for (const variable of expected.variables) variable.secret = false
    // Bruno writes every example with a request block and reads a status without text as `OK`.
    const listed = (expected.children[0] as Folder).children[0] as RequestSpec
    listed.examples = listed.examples!.map((e) => ({
      ...e,
      statusText: 'OK',
      request: { method: listed.method, url: listed.url, headers: [] },
    }))
    expect(mappedFields(back.collections[0])).toEqual(mappedFields(expected))
  })
})

describe('OpenCollection YAML, collection folder', () => {
  it('reads opencollection.yml, folder.yml, one file per request and environments/*.yml like the bundled file', () => {
    const source = folderSource(`${DIR}/shop`)
    expect(detectSource(source)).toBe('opencollection')
    const folder = importSource(source)
    const bundled = importSource(file('shop.yml'))
    expect(mappedFields(folder.collections)).toEqual(mappedFields(bundled.collections))
    expect(mappedFields(folder.environments)).toEqual(mappedFields(bundled.environments))
    // Findings name the file they are in.
    expect(formatReport(folder.report)).toContain('tags of request "Order by id" at Orders/Order by id.yml')
    // Docs are descriptions, read from opencollection.yml and folder.yml alike.
    const [collection] = folder.collections
    expect(collection?.description).toBe("# Shop\nEverything the shop's clients call.\n")
    expect(collection?.children.find((c) => c.name === 'Orders')?.description).toBe(
      'Orders of the signed-in user',
    )
    expect(formatReport(folder.report)).toContain('websocket request of request "Live" at Live.yml')
  })

  it('names the file and the field of a problem', () => {
    const source = folderSource(`${DIR}/shop`)
    const login = source.kind === 'folder' ? source.files.find((f) => f.path === 'Login.yml')! : undefined
    login!.text = login!.text.replace('method: POST', 'method: [POST]')
    expect(refusal(() => importSource(source))).toBe(
      'OpenCollection YAML: Login.yml: http.method: expected a string, found a list',
    )
    login!.text = 'info:\n  name: "cut'
    expect(refusal(() => importSource(source))).toMatch(
      /^OpenCollection YAML: Login\.yml: not valid YAML \(line 2, column 13: Missing closing "quote\)$/,
    )
  })
})

describe('hostile OpenCollection files', () => {
  it('keeps unicode and __proto__ names as data, never as prototypes, and reports other item types', () => {
    const bundle = importSource(file('hostile.yml'))
    const collection = bundle.collections[0]!
    expect(collection.name).toBe('Ünïcødé 🚀 \u202eevil\u202c')
    expect(collection.variables.map((v) => v.key)).toEqual(['__proto__', 'constructor'])
    const folder = collection.children[0] as Folder
    const request = folder.children[0] as RequestSpec
    expect([folder.name, request.name, request.method, request.url]).toEqual([
      '__proto__',
      '请求 \u200b',
      'GET',
      'https://例え.jp/パス?q={{__proto__}}',
    ])
    expect(request.headers.map((h) => `${h.key}: ${h.value}`)).toEqual(['__proto__: x', 'toString: 1'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    expect(formatReport(bundle.report)).toBe(
      '2 items skipped: script item of request at items[1] (not supported); app item of request "Widget" at items[2] (not supported)',
    )
  })

  it.each([
    [
      'wrong-types.yml',
      'OpenCollection YAML: items[0].http.headers[1].disabled: expected true or false, found string "yes"',
    ],
    ['truncated.yml', 'OpenCollection YAML: not valid YAML (line 7, column 1: Missing closing "quote)'],
    [
      'workspace.yml',
      'OpenCollection YAML: info.type: a Bruno workspace file: import each collection folder it lists instead',
    ],
  ])('%s is refused: %s', (name, message) => {
    expect(refusal(() => importSource(file(name)))).toBe(message)
  })

  it('refuses folders nested more than 200 levels deep, in a file or as folders', () => {
    let items: unknown = [{ info: { name: 'r' }, http: { method: 'GET', url: 'https://a.example' } }]
    for (let i = 0; i < 202; i++) items = [{ info: { name: `f${i}`, type: 'folder' }, items }]
    const text = stringify({ opencollection: '1.0.0', items })
    expect(refusal(() => importSource({ kind: 'file', name: 'deep.yml', text }))).toMatch(
      /^OpenCollection YAML: items\[0\]\.items.*: folders nested more than 200 levels deep/,
    )
    const path = `${Array.from({ length: 202 }, (_, i) => `f${i}`).join('/')}/r.yml`
    const folder = {
      kind: 'folder' as const,
      name: 'deep',
      files: [
        { path: 'opencollection.yml', text: 'opencollection: 1.0.0\n' },
        { path, text: 'http:\n  url: https://a.example\n' },
      ],
    }
    expect(refusal(() => importSource(folder))).toMatch(/folders nested more than 200 levels deep/)
  })

  it('is not claimed for other YAML (OpenAPI, Insomnia) nor for a folder without opencollection.yml', () => {
    expect(
      detectSource({
        kind: 'file',
        name: 'a.yml',
        text: 'openapi: 3.1.0\ninfo: {title: a, version: "1"}\npaths: {}\n',
      }),
    ).toBe('openapi')
    expect(
      detectSource({ kind: 'folder', name: 'x', files: [{ path: 'a.yml', text: 'http: {}' }] }),
    ).toBeUndefined()
  })
})
