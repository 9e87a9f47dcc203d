import { describe, expect, it } from 'vitest'
import { USER_AGENT } from './build-request.ts'
import { build, text } from './build-request.fixture.ts'
import { defaultHeaderRows, switchDefaultHeader } from './default-headers.ts'
import { makeRow } from './factories.ts'
import { applyRequestChanges, emptyChanges } from './request-changes.ts'
import type { Auth, RequestSpec } from './types.ts'

describe('URL', () => {
  it.each([
    ['{{baseUrl}}/users/{{id}}', 'https://api.test/v1/users/42'],
    ['{{baseUrl}}/search?q={{q}}', 'https://api.test/v1/search?q=a%20b%26c'],
    ['api.test/x', 'http://api.test/x'],
    ['https://h.test/a b/ü?x=ü&flag&e=', 'https://h.test/a%20b/%C3%BC?x=%C3%BC&flag&e='],
    // As newman: the `#...` part stays on the URL scripts see (the transport sends path and query).
    ['https://h.test/p?x=1#frag', 'https://h.test/p?x=1#frag'],
    ['https://restcountries.test/v3.1/name/@#$%^', 'https://restcountries.test/v3.1/name/@#$%^'],
    ['https://h.test/p?foo1&foo2', 'https://h.test/p?foo1&foo2'],
    ['http://h.test', 'http://h.test/'],
    ['http://h.test:8080?x', 'http://h.test:8080/?x'],
    ['{{baseUrl}}?a', 'https://api.test/v1?a'],
    ['https://h.test/{{missing}}', 'https://h.test/%7B%7Bmissing%7D%7D'],
    // As newman: an empty query keeps its `?`; `&` and `=` inside a {{name}} do not split.
    ['https://h.test/get?', 'https://h.test/get?'],
    ['https://h.test/get?&', 'https://h.test/get?&'],
    ['https://h.test/get?{{a=b}}={{c&d}}&x', 'https://h.test/get?1=2&x'],
    // `'` is encoded in a query (newman and WHATWG URLs do), kept in a path.
    ["https://h.test/it's?q=it's", "https://h.test/it's?q=it%27s"],
  ])('%s → %s', async (url, expected) => {
    expect((await build({ url })).url).toBe(expected)
  })
})

describe('headers', () => {
  it('sends User-Agent: Sendbox/1.0 first and only enabled rows', async () => {
    const request = await build({
      url: 'http://h/',
      headers: [
        makeRow({ key: 'X-A', value: '{{id}}' }),
        makeRow({ key: 'X-Off', value: '1', enabled: false }),
        makeRow(),
      ],
    })
    expect(request.headers).toEqual([
      ['User-Agent', USER_AGENT],
      ['X-A', '42'],
    ])
  })

  it('a user-defined User-Agent replaces the default', async () => {
    const request = await build({
      url: 'http://h/',
      headers: [makeRow({ key: 'X-A', value: '1' }), makeRow({ key: 'user-agent', value: 'Mine/2' })],
    })
    expect(request.headers).toEqual([
      ['X-A', '1'],
      ['user-agent', 'Mine/2'],
    ])
  })

  it('a disabled user User-Agent does not replace the default', async () => {
    const request = await build({
      url: 'http://h/',
      headers: [makeRow({ key: 'User-Agent', value: 'Mine/2', enabled: false })],
    })
    expect(request.headers).toEqual([['User-Agent', USER_AGENT]])
  })

  it('sends Postman’s default headers first, each switchable off per request and all by the setting', async () => {
    const defaults = [
      ['User-Agent', USER_AGENT],
      ['Accept', '*/*'],
      ['Cache-Control', 'no-cache'],
      ['Accept-Encoding', 'gzip, deflate, br'],
      // Connection: keep-alive is the transport's (undici sends it on every request).
    ]
    const own = makeRow({ key: 'X-A', value: '1' })
    expect((await build({ url: 'http://h/', headers: [own] }, { defaultHeaders: true })).headers).toEqual([
      ...defaults,
      ['X-A', '1'],
    ])
    const headers = switchDefaultHeader(switchDefaultHeader([own], 'cache-control', false), 'Accept', false)
    expect(headers.filter((row) => row.auto).map((row) => [row.key, row.enabled])).toEqual([
      ['Cache-Control', false],
      ['Accept', false],
    ])
    expect((await build({ url: 'http://h/', headers }, { defaultHeaders: true })).headers).toEqual([
      ['User-Agent', USER_AGENT],
      ['Accept-Encoding', 'gzip, deflate, br'],
      ['X-A', '1'],
    ])
    // Switched on again: the stored auto row goes, so the request is as if never touched.
    expect(switchDefaultHeader(headers, 'Accept', true).filter((row) => row.auto)).toHaveLength(1)
    // A user's own row of that name replaces the default; User-Agent cannot be switched off.
    const mine = [makeRow({ key: 'accept', value: 'application/json' })]
    expect(switchDefaultHeader(mine, 'User-Agent', false)).toEqual(mine)
    expect((await build({ url: 'http://h/', headers: mine }, { defaultHeaders: true })).headers).toEqual([
      ['User-Agent', USER_AGENT],
      ['Cache-Control', 'no-cache'],
      ['Accept-Encoding', 'gzip, deflate, br'],
      ['accept', 'application/json'],
    ])
  })

  it('says for each auto row whether it goes out and why not', () => {
    const headers = switchDefaultHeader([makeRow({ key: 'Connection', value: 'close' })], 'Accept', false)
    expect(defaultHeaderRows(headers).map((row) => `${row.name}: ${row.state}`)).toEqual([
      'User-Agent: sent',
      'Accept: off',
      'Cache-Control: sent',
      'Accept-Encoding: sent',
      'Connection: overridden',
    ])
    expect(defaultHeaderRows([], false).map((row) => row.state)).toEqual([
      'sent',
      'settings-off',
      'settings-off',
      'settings-off',
      'sent',
    ])
    expect(switchDefaultHeader([], 'Connection', false)).toEqual([])
  })

  it('sends the cookies table as one Cookie header', async () => {
    const request = await build({
      url: 'http://h/',
      cookies: [
        makeRow({ key: 'a', value: '1' }),
        makeRow({ key: 'off', value: 'x', enabled: false }),
        makeRow({ key: 'b', value: '{{id}}' }),
      ],
    })
    expect(request.headers.filter(([n]) => n === 'Cookie')).toEqual([['Cookie', 'a=1; b=42']])
  })
})

describe('authorization', () => {
  const withAuth = (auth: Auth, fields: Partial<RequestSpec> = {}) =>
    build({ url: 'http://h/p?a=1', auth, ...fields })
  const authHeader = async (auth: Auth) =>
    (await withAuth(auth)).headers.find(([n]) => n === 'Authorization')?.[1]

  it('Bearer Token with a variable', async () => {
    expect(await authHeader({ type: 'bearer', token: '{{token}}' })).toBe('Bearer tok-1')
  })
  it('Bearer Token that is empty, blank or resolves to nothing sends no Authorization header', async () => {
    expect(await authHeader({ type: 'bearer', token: '' })).toBeUndefined()
    expect(await authHeader({ type: 'bearer', token: '  ' })).toBeUndefined()
    expect(await authHeader({ type: 'bearer', token: '{{empty}}' })).toBeUndefined()
  })
  it('Basic Auth encodes UTF-8', async () => {
    expect(await authHeader({ type: 'basic', username: '{{user}}', password: '{{pass}}' })).toBe(
      `Basic ${Buffer.from('ada:pä:ss').toString('base64')}`,
    )
  })
  it('API Key to a header or to the query', async () => {
    const header = await withAuth({ type: 'apikey', key: 'X-Key', value: '{{token}}', addTo: 'header' })
    expect(header.headers).toContainEqual(['X-Key', 'tok-1'])
    const query = await withAuth({ type: 'apikey', key: 'api key', value: '{{q}}', addTo: 'query' })
    expect(query.url).toBe('http://h/p?a=1&api%20key=a%20b%26c')
  })
  it('OAuth 2.0 sends a held token as Bearer', async () => {
    const auth: Auth = {
      type: 'oauth2',
      grant: 'client-credentials',
      accessToken: '',
      authUrl: '',
      tokenUrl: '',
      clientId: '',
      clientSecret: '',
      scope: '',
    }
    expect((await build({ url: 'http://h/', auth }, { oauthToken: 'held' })).headers).toContainEqual([
      'Authorization',
      'Bearer held',
    ])
    expect((await build({ url: 'http://h/', auth })).headers.some(([n]) => n === 'Authorization')).toBe(false)
  })
  it('No Auth sends nothing, and a hand-written Authorization wins', async () => {
    expect(await authHeader({ type: 'none' })).toBeUndefined()
    const request = await withAuth(
      { type: 'bearer', token: 'x' },
      { headers: [makeRow({ key: 'Authorization', value: 'Custom y' })] },
    )
    expect(request.headers.filter(([n]) => n === 'Authorization')).toEqual([['Authorization', 'Custom y']])
  })
  it('inherits through folders to the collection, nearest first', async () => {
    const parentAuth = [
      { auth: { type: 'inherit' } as Auth, name: 'Inner', kind: 'folder' as const },
      { auth: { type: 'bearer', token: 'from-outer' } as Auth, name: 'Outer', kind: 'folder' as const },
      {
        auth: { type: 'bearer', token: 'from-collection' } as Auth,
        name: 'API',
        kind: 'collection' as const,
      },
    ]
    const request = await build({ url: 'http://h/' }, { parentAuth })
    expect(request.headers).toContainEqual(['Authorization', 'Bearer from-outer'])
    const own = await build({ url: 'http://h/', auth: { type: 'none' } }, { parentAuth })
    expect(own.headers.some(([n]) => n === 'Authorization')).toBe(false)
  })
  it('signature v4 defaults region and service and signs the finished request', async () => {
    const request = await withAuth({
      type: 'sigv4',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      sessionToken: '',
      region: '',
      service: '',
    })
    const authorization = request.headers.find(([n]) => n === 'Authorization')?.[1]
    expect(authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AK\/\d{8}\/us-east-1\/execute-api\/aws4_request, SignedHeaders=host;x-amz-date, Signature=[0-9a-f]{64}$/,
    )
    expect(request.headers.some(([n]) => n === 'X-Amz-Date')).toBe(true)
  })
})

describe('script changes', () => {
  it('apply last, exactly as set', async () => {
    const request = await build({
      url: 'http://h/',
      headers: [makeRow({ key: 'X-A', value: '1' }), makeRow({ key: 'X-B', value: '2' })],
    })
    const changed = applyRequestChanges(request, {
      ...emptyChanges(),
      method: 'put',
      setHeaders: [
        ['x-a', '{{id}}'],
        ['X-New', 'n'],
      ],
      deleteHeaders: ['X-B'],
      body: 'raw',
    })
    expect(changed.method).toBe('PUT')
    expect(changed.headers).toEqual([
      ['User-Agent', USER_AGENT],
      ['x-a', '{{id}}'],
      ['X-New', 'n'],
    ])
    expect(text(changed.body)).toBe('raw')
    expect(request.headers).toHaveLength(3)
  })

  it.each([
    [{ setHeaders: [['X-A', 'a\r\nInjected: 1']] }, /line break/],
    [{ setHeaders: [['Host', 'evil.test']] }, /cannot be changed/],
    [{ setHeaders: [['X-Big', 'x'.repeat(16 * 1024 + 1)]] }, /16 KB/],
    [{ setHeaders: Array.from({ length: 101 }, (_, i) => [`X-${i}`, '1']) }, /at most 100 headers/],
    [{ body: 'x'.repeat(5 * 1024 * 1024 + 1) }, /5 MB/],
  ])('refuses over-limit changes %#', async (changes, message) => {
    const request = await build({ url: 'http://h/' })
    expect(() => applyRequestChanges(request, { ...emptyChanges(), ...(changes as object) })).toThrow(message)
  })
})
