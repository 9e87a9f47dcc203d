import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Folder, RequestSpec, TreeItem } from '../types.ts'
import { ImportError } from './import-error.ts'
import { convertTemplate } from './insomnia-map.ts'
import { isInsomniaV4, parseInsomniaV4 } from './insomnia-v4.ts'
import { isInsomniaV5, parseInsomniaV5 } from './insomnia-v5.ts'
import { formatReport } from './report.ts'
import { parseYamlOrJson } from './yaml-text.ts'

const fixture = (name: string) =>
  parseYamlOrJson(
    readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/import/insomnia', name), 'utf8'),
  )
const withoutIds = (value: unknown) =>
  JSON.parse(JSON.stringify(value, (key, v: unknown) => (key === 'id' ? undefined : v))) as unknown

function find(items: TreeItem[], name: string): TreeItem | undefined {
  for (const item of items) {
    if (item.name === name) return item
    const inner = item.type === 'folder' ? find(item.children, name) : undefined
    if (inner) return inner
  }
  return undefined
}

describe.each([
  ['v4 JSON', 'v4-full.json', parseInsomniaV4, isInsomniaV4],
  ['v5 YAML', 'v5-full.yaml', parseInsomniaV5, isInsomniaV5],
] as const)('Insomnia %s import', (_label, file, parse, detect) => {
  const json = fixture(file)
  const { value, report } = parse(json)
  const [collection] = value.collections
  if (!collection) throw new Error('no collection')
  const request = (name: string) => find(collection.children, name) as RequestSpec

  it('is detected from its content', () => {
    expect(detect(json)).toBe(true)
    expect(detect({ info: {}, item: [] })).toBe(false)
  })

  it('maps the workspace, folders in sort order, and the base environment to collection variables', () => {
    expect(collection.name).toBe('Shop API')
    expect(collection.children.map((item) => item.name)).toEqual([
      'Users',
      'Create order',
      'Login',
      'Upload',
      'Products',
      'Report',
    ])
    const users = collection.children[0] as Folder
    expect(users.children.map((item) => item.name)).toEqual(['Get user', 'Admin'])
    expect(users.auth).toEqual({ type: 'bearer', token: '{{token}}' })
    expect(users.variables.map((v) => [v.key, v.value])).toEqual([['userId', '7']])
    expect(users.scripts.preRequest).toBe("pm.environment.set('folder', 'yes');")
    // base_url is set by the sub-environments too: it moves into the environments (below).
    expect(collection.variables.map((v) => [v.key, v.value])).toEqual([
      ['admin.user', 'root'],
      ['admin.retries', '3'],
      ['tags', '["a","b"]'],
    ])
  })

  it('maps sub-environments (with secret and disabled rows) over the base environment', () => {
    expect(value.environments.map((e) => e.name)).toEqual(['Base Environment', 'Production', 'Development'])
    const [base, production, development] = value.environments
    expect(base?.variables.map((v) => [v.key, v.value])).toEqual([['base_url', 'https://shop.example']])
    expect(production?.variables.map((v) => [v.key, v.value, v.enabled, v.secret])).toEqual([
      ['base_url', 'https://prod.shop.example', true, false],
      ['token', 's3cret', true, true],
      ['old', 'x', false, false],
    ])
    expect(development?.variables.map((v) => [v.key, v.value])).toEqual([
      ['base_url', 'http://localhost:8080'],
      ['token', 'dev'],
    ])
  })

  it('maps URL, path parameters, query rows, headers and scripts; {{ _.x }} becomes {{x}}', () => {
    const get = request('Get user')
    expect(get.method).toBe('GET')
    expect(get.url).toBe('{{base_url}}/users/:id?expand=true&tag=a%20b')
    expect(get.pathVariables?.map((r) => `${r.key}=${r.value}`)).toEqual(['id={{userId}}'])
    expect(get.params.map((r) => [r.key, r.value, r.enabled])).toEqual([
      ['expand', 'true', true],
      ['tag', 'a%20b', true],
      ['debug', '1', false],
    ])
    expect(get.headers.map((r) => [r.key, r.value, r.enabled])).toEqual([
      ['X-Trace', 't-1', true],
      ['X-Off', 'no', false],
    ])
    expect(get.auth).toEqual({ type: 'inherit' })
    expect(get.scripts.postResponse).toBe("pm.test('ok', () => pm.expect(pm.response.code).to.equal(200));")
    const del = request('Delete user')
    expect(del.url).toBe('{{base_url}}/users/{{userId}}')
    expect(del.auth).toEqual({ type: 'basic', username: '{{admin.user}}', password: 'pw' })
  })

  it('maps JSON, URL-encoded, multipart (files as paths) and GraphQL bodies', () => {
    expect(request('Create order').body).toEqual({
      type: 'raw',
      language: 'json',
      text: '{"item": "{{sku}}", "qty": 2}',
    })
    expect(request('Create order').auth).toEqual({
      type: 'apikey',
      key: 'X-Api-Key',
      value: 'k-1',
      addTo: 'header',
    })
    const login = request('Login')
    expect(
      login.body.type === 'urlencoded' && login.body.rows.map((r) => [r.key, r.value, r.enabled]),
    ).toEqual([
      ['user', 'ann', true],
      ['pass', 'pw', false],
    ])
    expect(login.auth).toMatchObject({ type: 'apikey', key: 'api_key', addTo: 'query' })
    const upload = request('Upload')
    expect(
      upload.body.type === 'form-data' && upload.body.rows.map((r) => [r.key, r.type, r.value, r.fileRef]),
    ).toEqual([
      ['title', 'text', 'Beach', undefined],
      ['photo', 'file', '', 'photos/beach.png'],
    ])
    expect(upload.auth).toMatchObject({
      type: 'oauth2',
      grant: 'client-credentials',
      tokenUrl: 'https://auth.example/token',
      clientSecret: '{{token}}',
      scope: 'write',
    })
    const products = request('Products')
    expect(products.kind).toBe('graphql')
    expect(products.body).toEqual({
      type: 'graphql',
      query: 'query P($n: Int) { products(first: $n) { id } }',
      variables: '{\n  "n": 3\n}',
      operationName: 'P',
    })
  })

  it('lists what it could not map: template tags, NTLM, WebSocket, gRPC, cookies', () => {
    const line = formatReport(report)
    expect(line).toContain('template tag "response" in request "Report"')
    expect(line).toContain('auth of request "Report"')
    expect(line).toContain('auth type "ntlm" is not supported')
    expect(line).toContain('WebSocket request "Chat"')
    expect(line).toContain('gRPC request "Stock"')
    expect(line).toContain('cookie jar')
  })
})

describe('Insomnia import: both versions agree, bad input is refused', () => {
  it('v4 and v5 of the same workspace give the same collection', () => {
    const v4 = parseInsomniaV4(fixture('v4-full.json')).value
    const v5 = parseInsomniaV5(fixture('v5-full.yaml')).value
    expect(withoutIds(v5)).toEqual(withoutIds(v4))
  })

  it('rewrites references, keeps what is not one', () => {
    expect(convertTemplate("{{ _.a }} {{_['b c']}} {{ d }} {{ _.e.f }} {{ a + b }}")).toBe(
      '{{a}} {{b c}} {{d}} {{e.f}} {{ a + b }}',
    )
  })

  it.each([
    [{ _type: 'export', __export_format: 3, resources: [] }, '__export_format: expected 4, found number 3'],
    [{ _type: 'export', __export_format: 4, resources: {} }, 'resources: expected a list, found an object'],
    [
      {
        _type: 'export',
        __export_format: 4,
        resources: [{ _id: 'r', _type: 'request', parentId: 'w', url: 5 }],
      },
      'resources[0].url: expected a string, found number 5',
    ],
    [
      { _type: 'export', __export_format: 4, resources: [{ _type: 'request', headers: [{ name: {} }] }] },
      'resources[0].headers[0].name: expected text',
    ],
  ])('refuses %j naming the path', (json, message) => {
    expect(() => parseInsomniaV4(json)).toThrow(ImportError)
    expect(() => parseInsomniaV4(json)).toThrow(message)
  })

  it('refuses a loop of folders and reports what it held; a folder without workspace is the root', () => {
    const { value, report } = parseInsomniaV4({
      _type: 'export',
      __export_format: 4,
      resources: [
        { _id: 'a', _type: 'request_group', parentId: 'b', name: 'A' },
        { _id: 'b', _type: 'request_group', parentId: 'a', name: 'B' },
        { _id: 'r', _type: 'request', parentId: 'x', name: 'Lone', url: 'https://a.example' },
      ],
    })
    expect(value.collections[0]?.children.map((c) => c.name)).toEqual(['Lone'])
    expect(formatReport(report)).toContain('folder "A"')
    expect(formatReport(report)).toContain('its parent is not in the file')
  })

  it('maps OAuth 1.0 and Hawk with their fields', () => {
    const request = (name: string, authentication: object) => ({
      _id: name,
      _type: 'request',
      parentId: 'w',
      name,
      url: 'https://a.example',
      authentication,
    })
    const { value } = parseInsomniaV4({
      _type: 'export',
      __export_format: 4,
      resources: [
        { _id: 'w', _type: 'workspace', name: 'W' },
        request('O', {
          type: 'oauth1',
          signatureMethod: 'RSA-SHA1',
          consumerKey: 'ck',
          consumerSecret: 'cs',
          tokenKey: 'tk',
          tokenSecret: 'ts',
          privateKey: 'pem',
          version: '1.0',
          realm: 'R',
          includeBodyHash: true,
        }),
        request('H', { type: 'hawk', id: 'i', key: 'k', algorithm: 'sha1', ext: 'e', validatePayload: true }),
      ],
    })
    const [o, h] = value.collections[0]!.children as RequestSpec[]
    expect(o!.auth).toMatchObject({
      type: 'oauth1',
      signatureMethod: 'RSA-SHA1',
      consumerKey: 'ck',
      token: 'tk',
      tokenSecret: 'ts',
      privateKey: 'pem',
      realm: 'R',
      addTo: 'header',
      includeBodyHash: true,
    })
    expect(h!.auth).toMatchObject({
      type: 'hawk',
      authId: 'i',
      authKey: 'k',
      algorithm: 'sha1',
      extraData: 'e',
      includePayloadHash: true,
    })
  })

  it('names the line of bad YAML and refuses folders nested past the limit', () => {
    expect(() => parseYamlOrJson('type: collection.insomnia.rest/5.0\ncollection: [\n  - a\n')).toThrow(
      /not valid YAML \(line \d+, column \d+/,
    )
    let item: unknown = { name: 'leaf', method: 'GET', url: 'https://a.example' }
    for (let i = 0; i < 205; i++) item = { name: `f${i}`, children: [item] }
    expect(() => parseInsomniaV5({ type: 'collection.insomnia.rest/5.0', collection: [item] })).toThrow(
      'more than 200 levels',
    )
  })
})
