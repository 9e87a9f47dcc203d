import { describe, expect, it } from 'vitest'
import { basic, bearer, postmanCollection, script, type PostmanItem } from '../../../tests/helpers/postman.ts'
import type { Folder, RequestSpec } from '../types.ts'
import { ImportError } from './import-error.ts'
import { isPostmanCollection, parsePostmanCollection } from './postman.ts'
import { serializeSendboxCollection } from './sendbox.ts'

describe('parsePostmanCollection', () => {
  const collection = parsePostmanCollection(
    postmanCollection(
      'API',
      [
        {
          name: 'Folder',
          auth: basic('u', 'p'),
          event: [script('prerequest', 'pm.environment.set("f", 1)')],
          variable: [{ key: 'fv', value: '1' }],
          item: [
            {
              name: 'R',
              event: [script('prerequest', 'a()\nb()'), script('test', 'pm.test("t", () => {})')],
              request: {
                method: 'put',
                header: [
                  { key: 'A', value: '1' },
                  { key: 'B', value: '2', disabled: true },
                ],
                url: {
                  raw: 'https://x.test/a?q=1',
                  query: [
                    { key: 'q', value: '1' },
                    { key: 'off', value: '2', disabled: true },
                  ],
                },
                body: { mode: 'raw', raw: '<a/>', options: { raw: { language: 'xml' } } },
              },
            },
          ],
        },
        { name: 'Plain', request: 'https://x.test/plain' },
        {
          name: 'v2.0 auth',
          request: {
            url: 'https://x.test/',
            auth: { type: 'apikey', apikey: { key: 'K', value: 'V', in: 'query' } },
          },
        },
        {
          name: 'Assembled',
          request: {
            url: { protocol: 'https', host: ['api', 'x', 'test'], port: '8443', path: ['v1', 'items'] },
          },
        },
      ],
      {
        auth: bearer('t'),
        variable: [{ key: 'baseUrl', value: 'https://x.test' }],
        event: [script('test', 'pm.test("c", () => {})')],
      },
    ),
  )
  const folder = collection.children[0] as Folder
  const request = folder.children[0] as RequestSpec

  it('keeps the tree, names and collection-level settings', () => {
    expect(collection.name).toBe('API')
    expect(collection.auth).toEqual({ type: 'bearer', token: 't' })
    expect(collection.variables.map((v) => [v.key, v.value])).toEqual([['baseUrl', 'https://x.test']])
    expect(collection.scripts.postResponse).toBe('pm.test("c", () => {})')
    expect(folder.type).toBe('folder')
    expect(folder.auth).toEqual({ type: 'basic', username: 'u', password: 'p' })
    expect(folder.variables[0]?.key).toBe('fv')
    expect(folder.scripts.preRequest).toBe('pm.environment.set("f", 1)')
  })

  it('reads a request: method, headers with disabled rows, query rows, body, scripts, inherited auth', () => {
    expect(request.method).toBe('PUT')
    expect(request.headers.map((h) => [h.key, h.value, h.enabled])).toEqual([
      ['A', '1', true],
      ['B', '2', false],
    ])
    expect(request.url).toBe('https://x.test/a?q=1')
    expect(request.params.map((p) => [p.key, p.enabled])).toEqual([
      ['q', true],
      ['off', false],
    ])
    expect(request.body).toEqual({ type: 'raw', language: 'xml', text: '<a/>' })
    expect(request.auth).toEqual({ type: 'inherit' })
    expect(request.scripts).toEqual({ preRequest: 'a()\nb()', postResponse: 'pm.test("t", () => {})' })
  })

  it('reads string URLs, v2.0 auth objects and URLs given in parts', () => {
    expect((collection.children[1] as RequestSpec).url).toBe('https://x.test/plain')
    expect((collection.children[1] as RequestSpec).method).toBe('GET')
    expect((collection.children[2] as RequestSpec).auth).toEqual({
      type: 'apikey',
      key: 'K',
      value: 'V',
      addTo: 'query',
    })
    expect((collection.children[3] as RequestSpec).url).toBe('https://api.x.test:8443/v1/items')
  })

  it('detects the schema', () => {
    expect(isPostmanCollection(postmanCollection('a', []))).toBe(true)
    expect(
      isPostmanCollection({
        info: { schema: 'https://schema.getpostman.com/json/collection/v1.0.0/collection.json' },
      }),
    ).toBe(false)
    expect(isPostmanCollection({})).toBe(false)
  })

  it('reads Digest auth, and keeps a type Sendbox lacks instead of refusing the collection', () => {
    const digest = {
      type: 'digest',
      digest: [
        { key: 'username', value: 'ada' },
        { key: 'password', value: 'pw' },
        { key: 'algorithm', value: 'SHA-256' },
      ],
    }
    const ntlm = { type: 'ntlm', ntlm: [{ key: 'username', value: 'id1' }] }
    const parsed = parsePostmanCollection(
      postmanCollection('x', [
        { name: 'D', request: { url: 'u', auth: digest } },
        { name: 'H', request: { url: 'u', auth: ntlm } },
      ]),
    )
    const [d, h] = parsed.children as RequestSpec[]
    expect(d!.auth).toMatchObject({
      type: 'digest',
      username: 'ada',
      password: 'pw',
      algorithm: 'SHA-256',
      realm: '',
    })
    expect(h!.auth).toEqual({
      type: 'unsupported',
      name: 'ntlm',
      params: '[{"key":"username","value":"id1"}]',
    })
  })

  it.each([
    [
      postmanCollection('x', [{ name: 'r', request: { url: 'u', auth: { type: '' } } }]),
      'item[0].request.auth.type: unsupported authorization type ""',
    ],
    [
      postmanCollection('x', [{ name: 'r', request: { url: 'u', header: 5 } }]),
      'item[0].request.header: expected a list, found number 5',
    ],
    [{ ...postmanCollection('x', []), item: {} }, 'item: expected a list, found an object'],
    // Found by tests/fuzz: a control character in a quoted value broke the one-line message.
    [
      postmanCollection('x', [{ name: 'r', request: { url: 'u', auth: { type: 'a\u0085\nb' } } }]),
      'item[0].request.auth.type: unsupported authorization type "aU+0085\\nb"',
    ],
    [
      postmanCollection('x', [{ name: 'r', request: { method: 'GET\u200B', url: 'u' } }]),
      'item[0].request.method: unsupported method "GETU+200B" (use one of',
    ],
  ])('names the first problem %#', (json, message) => {
    expect(() => parsePostmanCollection(json)).toThrow(ImportError)
    expect(() => parsePostmanCollection(json)).toThrow(message)
  })
})

describe('Postman path variables', () => {
  const imported = (url: unknown) =>
    parsePostmanCollection(postmanCollection('P', [{ name: 'R', request: { method: 'GET', url } }]))
      .children[0] as RequestSpec

  it('keeps the URL as written and the values in the Path Variables table, in the URL order', () => {
    const request = imported({
      raw: 'http://h/users/:id/:tab',
      variable: [
        { key: 'tab', value: '', description: 'which tab' },
        { key: 'id', value: 42 },
        { key: 'gone', value: 'x' },
      ],
    })
    expect(request.url).toBe('http://h/users/:id/:tab')
    expect(
      request.pathVariables?.map(({ key, value, description }) => ({ key, value, description })),
    ).toEqual([
      { key: 'id', value: '42', description: undefined },
      { key: 'tab', value: '', description: 'which tab' },
    ])
  })

  it('makes a row for a segment Postman gave no value, and none for a URL without any', () => {
    expect(imported('http://h/u/:id').pathVariables?.map((row) => row.key)).toEqual(['id'])
    expect('pathVariables' in imported('http://h/u/1')).toBe(false)
  })

  it('keeps them in a Sendbox file', () => {
    const collection = parsePostmanCollection(
      postmanCollection('P', [
        {
          name: 'R',
          request: { method: 'GET', url: { raw: 'http://h/u/:id', variable: [{ key: 'id', value: '1' }] } },
        },
      ]),
    )
    const text = serializeSendboxCollection(collection)
    expect(text).toContain('http://h/u/:id')
    expect(JSON.parse(text).collection.children[0].pathVariables[0]).toMatchObject({ key: 'id', value: '1' })
  })
})

describe('Postman request settings newman sends by', () => {
  const request = (item: PostmanItem, behaviour?: object) =>
    parsePostmanCollection({
      ...postmanCollection('P', [
        { name: 'F', ...(behaviour ? { protocolProfileBehavior: behaviour } : {}), item: [item] },
      ]),
    }).children[0] as Folder

  it('drops the body of a GET or HEAD request unless disableBodyPruning is set, and says so', () => {
    const body = { mode: 'raw', raw: 'hello' }
    const get = parsePostmanCollection(
      postmanCollection('P', [
        { name: 'G', request: { method: 'GET', url: 'http://h/', body } },
        { name: 'H', request: { method: 'HEAD', url: 'http://h/', body } },
        { name: 'P', request: { method: 'POST', url: 'http://h/', body } },
        {
          name: 'K',
          protocolProfileBehavior: { disableBodyPruning: true },
          request: { method: 'GET', url: 'http://h/', body },
        },
      ]),
    )
    const types = get.children.map((child) => (child as RequestSpec).body.type)
    expect(types).toEqual(['none', 'none', 'raw', 'raw'])
    const inherited = request(
      { name: 'G', request: { method: 'GET', url: 'http://h/', body } },
      {
        disableBodyPruning: true,
      },
    )
    expect((inherited.children[0] as RequestSpec).body.type).toBe('raw')
  })

  it('keeps a query key without a value bare (?flag), one with "" as flag=', () => {
    const url = (query: object[], raw?: string) =>
      (
        parsePostmanCollection(
          postmanCollection('P', [
            { name: 'R', request: { method: 'GET', url: { raw, host: ['h'], path: ['p'], query } } },
          ]),
        ).children[0] as RequestSpec
      ).url
    const query = [{ key: 'foo1', value: null }, { key: 'foo2' }, { key: 'e', value: '' }]
    expect(url(query)).toBe('h/p?foo1&foo2&e=')
    // newman builds the URL from the parts, not from `raw`.
    expect(url(query, 'http://h/p?foo1&foo2&e=')).toBe('h/p?foo1&foo2&e=')
  })

  it('builds the URL from its structured parts as newman does, not from raw', () => {
    const url = (parts: object) =>
      (
        parsePostmanCollection(
          postmanCollection('P', [{ name: 'R', request: { method: 'GET', url: parts } }]),
        ).children[0] as RequestSpec
      ).url
    const https = { protocol: 'https', host: ['api', 'test'] }
    // An empty row is `=` (raw had no query at all).
    expect(
      url({ raw: 'https://api.test/token', ...https, path: ['token'], query: [{ key: '', value: '' }] }),
    ).toBe('https://api.test/token?=')
    // A value "" is `foo1=` though raw wrote `?foo1`.
    expect(
      url({ raw: 'https://api.test/c?foo1', ...https, path: ['c'], query: [{ key: 'foo1', value: '' }] }),
    ).toBe('https://api.test/c?foo1=')
    // Rows without a key keep their place (`&&`); disabled rows are left out; no query, no `?`.
    const rows = [
      { key: 'a', value: '1' },
      { key: null, value: null },
      { key: 'off', value: 'x', disabled: true },
    ]
    expect(url({ raw: 'x', ...https, path: ['q'], query: [...rows, { key: 'b', value: null }] })).toBe(
      'https://api.test/q?a=1&&b',
    )
    expect(
      url({ raw: 'x', ...https, path: ['q'], query: [{ key: 'off', value: '1', disabled: true }] }),
    ).toBe('https://api.test/q')
    // An enabled row that makes no text keeps the `?`; `&`, `#` and a key's `=` are encoded.
    expect(url({ raw: 'x', ...https, path: ['q'], query: [{ key: null, value: null }] })).toBe(
      'https://api.test/q?',
    )
    expect(url({ raw: 'x', ...https, path: ['q'], query: [{ key: 'b#a&r=', value: '1&{{x&y}}#' }] })).toBe(
      'https://api.test/q?b%23a%26r%3D=1%26{{x&y}}%23',
    )
    // Controls are encoded too: a value's trailing newline stays (newman sends `%0A`).
    expect(url({ raw: 'x', ...https, path: ['q'], query: [{ key: 'foo', value: '\nbar\n' }] })).toBe(
      'https://api.test/q?foo=%0Abar%0A',
    )
    // An empty first path part is a second slash; port, user and password, hash.
    expect(url({ raw: '  ', ...https, path: ['', 'get'] })).toBe('https://api.test//get')
    expect(
      url({
        protocol: 'http',
        auth: { user: 'u', password: 'p' },
        host: ['h'],
        port: '81',
        path: [],
        hash: 'top',
      }),
    ).toBe('http://u:p@h:81/#top')
    // Without a host only raw says where to go.
    expect(url({ raw: 'https://only.raw/x?y' })).toBe('https://only.raw/x?y')
  })
})
