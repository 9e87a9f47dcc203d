import { describe, expect, it } from 'vitest'
import { runScript } from '../helpers/run-script.ts'

const failures = (result: {
  tests: { name: string; passed: boolean; error: string | null }[]
  error: unknown
}) => [
  ...result.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.error}`),
  ...(result.error ? [JSON.stringify(result.error)] : []),
]

const request = {
  url: 'http://127.0.0.1:9/anything/path/to?x=1&y=two&flag',
  declaredHeaders: [
    { key: 'X-Trace', value: 't1' },
    { key: 'Accept', value: 'text/plain' },
    { key: 'X-Off', value: 'no', disabled: true as const },
  ],
  body: { type: 'raw' as const, language: 'json' as const, text: '{"a":1}' },
}

describe('pm.request as the postman-collection SDK', () => {
  it('Url: toString, parts and the query PropertyList', async () => {
    const result = await runScript(
      `const u = pm.request.url
       pm.test('string forms', () => {
         pm.expect('' + u).to.equal('http://127.0.0.1:9/anything/path/to?x=1&y=two&flag')
         pm.expect(\`\${u}\`).to.equal(u.toString())
         pm.expect(String(pm.request.url)).to.equal(u.toString())
       })
       pm.test('parts', () => {
         pm.expect(u.protocol).to.equal('http')
         pm.expect(u.host).to.eql(['127', '0', '0', '1'])
         pm.expect(u.port).to.equal('9')
         pm.expect(u.path).to.eql(['anything', 'path', 'to'])
         pm.expect(u.getHost()).to.equal('127.0.0.1')
         pm.expect(u.getPath()).to.equal('/anything/path/to')
         pm.expect(u.getQueryString()).to.equal('x=1&y=two&flag')
         pm.expect(u.getPathWithQuery()).to.equal('/anything/path/to?x=1&y=two&flag')
         pm.expect(u.getRemote()).to.equal('127.0.0.1:9')
       })
       pm.test('query', () => {
         pm.expect(u.query.toObject()).to.eql({ x: '1', y: 'two', flag: '' })
         pm.expect(u.query.get('y')).to.equal('two')
         pm.expect(u.query.has('x')).to.equal(true)
         pm.expect(u.query.count()).to.equal(3)
         pm.expect(u.query.idx(0).key).to.equal('x')
         pm.expect(u.query.map((p) => p.key)).to.eql(['x', 'y', 'flag'])
         pm.expect(u.query.filter((p) => p.value === '1').length).to.equal(1)
         pm.expect(u.query.find((p) => p.key === 'y').value).to.equal('two')
         pm.expect(u.query.members.length).to.equal(3)
         pm.expect(u.variables.count()).to.equal(0)
       })`,
      { request },
    )
    expect(failures(result)).toEqual([])
  })

  it('headers as a PropertyList, body, method and auth', async () => {
    const result = await runScript(
      `const h = pm.request.headers
       pm.test('headers', () => {
         pm.expect(h.get('x-trace')).to.equal('t1')
         pm.expect(h.has('X-TRACE')).to.equal(true)
         pm.expect(h.has('X-Trace', 't1')).to.equal(true)
         pm.expect(h.one('accept').value).to.equal('text/plain')
         pm.expect(h.toObject()).to.eql({ 'x-trace': 't1', accept: 'text/plain', 'x-off': 'no' })
         pm.expect(h.toObject(true)).to.eql({ 'x-trace': 't1', accept: 'text/plain' })
         pm.expect(h.one('X-Off').disabled).to.equal(true)
         pm.expect(h.all().map((x) => x.key)).to.eql(['X-Trace', 'Accept', 'X-Off'])
         pm.expect(h.indexOf('accept')).to.equal(1)
         pm.expect(h.toString()).to.equal('X-Trace: t1\\r\\nAccept: text/plain\\r\\n')
         let n = 0; h.each(() => n++); pm.expect(n).to.equal(3)
       })
       pm.test('body', () => {
         pm.expect(pm.request.body.mode).to.equal('raw')
         pm.expect(pm.request.body.raw).to.equal('{"a":1}')
         pm.expect(pm.request.body.toString()).to.equal('{"a":1}')
       })
       pm.test('method', () => pm.expect(pm.request.method).to.equal('GET'))
       pm.test('auth absent when inherited', () => pm.expect(pm.request.auth).to.equal(undefined))`,
      { request },
    )
    expect(failures(result)).toEqual([])
  })

  it('changes in a pre-request script become the request changes', async () => {
    const result = await runScript(
      `pm.request.url.query.add({ key: 'z', value: '{{v}}' })
       pm.request.url.query.remove('flag')
       pm.request.headers.upsert({ key: 'X-Trace', value: 't2' })
       pm.request.headers.add({ key: 'X-New', value: '{{v}}' })
       pm.request.headers.remove('Accept')
       pm.request.body.raw = '{"b":2}'
       pm.request.method = 'post'`,
      { request, layers: [{ scope: 'environment', variables: [{ key: 'v', value: 'val' }] }] },
    )
    expect(failures(result)).toEqual([])
    expect(result.changes.url).toBe('http://127.0.0.1:9/anything/path/to?x=1&y=two&z=val')
    expect(result.changes.setHeaders).toEqual([
      ['X-Trace', 't2'],
      ['X-New', 'val'],
    ])
    expect(result.changes.deleteHeaders).toEqual(['accept'])
    expect(result.changes.bodySpec).toEqual({ type: 'raw', text: '{"b":2}', language: 'json' })
    expect(result.changes.method).toBe('POST')
  })

  it('assigning the URL, and a change made back is no change', async () => {
    const result = await runScript(
      `pm.request.url = 'https://example.test/a?b=c'
       pm.test('kept as a string, as in newman', () => pm.expect(pm.request.url).to.equal('https://example.test/a?b=c'))
       pm.request.headers.add({ key: 'X-Temp', value: '1' })
       pm.request.headers.remove('X-Temp')`,
      { request },
    )
    expect(failures(result)).toEqual([])
    expect(result.changes.url).toBe('https://example.test/a?b=c')
    expect(result.changes.setHeaders).toEqual([])
  })

  it('a URL that is not http(s) stops the script with a message naming it', async () => {
    const result = await runScript(`pm.request.url = 'ftp://x/y'`, { request })
    expect(result.error?.message).toContain('"ftp://x/y" is not an http or https URL')
  })

  it('post-response: changes stay local, svc.request.url stays a string', async () => {
    const result = await runScript(
      `pm.request.headers.add({ key: 'X-Late', value: '1' })
       pm.test('local', () => pm.expect(pm.request.headers.get('X-Late')).to.equal('1'))
       pm.test('svc', () => pm.expect(typeof svc.request.url).to.equal('string'))`,
      { request: { ...request, headers: [['X-Trace', 't1']] }, response: { body: '{}' } },
    )
    expect(failures(result)).toEqual([])
  })
})

describe('pm.request changes made in place', () => {
  it('reach the request when the script ends, and an unchanged request makes no changes', async () => {
    const changed = await runScript(
      `pm.request.url.path.push('more'); pm.request.url.host = ['example', 'test']`,
      {
        request,
      },
    )
    expect(changed.error).toBeNull()
    expect(changed.changes.url).toBe('http://example.test:9/anything/path/to/more?x=1&y=two&flag')
    const same = await runScript(`const u = pm.request.url.toString(); pm.request.headers.get('x')`, {
      request,
    })
    expect(same.changes).toEqual({ setHeaders: [], deleteHeaders: [] })
  })
})

describe('pm.response.headers as a HeaderList', () => {
  it('reads as Postman: lower-case toObject with arrays, one, idx, indexOf, find, filter, map, toString', async () => {
    const result = await runScript(
      `const h = pm.response.headers
       pm.test('toObject', () => pm.expect(h.toObject()).to.eql({ 'content-type': 'application/json', 'set-cookie': ['a=1', 'b=2'] }))
       pm.test('get is the last', () => pm.expect(h.get('SET-COOKIE')).to.equal('b=2'))
       pm.test('one', () => pm.expect(h.one('content-type')).to.eql({ key: 'Content-Type', value: 'application/json' }))
       pm.test('idx', () => pm.expect(h.idx(1).value).to.equal('a=1'))
       pm.test('indexOf', () => pm.expect(h.indexOf('Set-Cookie')).to.equal(2))
       pm.test('find', () => pm.expect(h.find((x) => x.value === 'a=1').key).to.equal('Set-Cookie'))
       pm.test('filter', () => pm.expect(h.filter((x) => x.key === 'Set-Cookie').length).to.equal(2))
       pm.test('map', () => pm.expect(h.map((x) => x.key.toLowerCase())).to.eql(['content-type', 'set-cookie', 'set-cookie']))
       pm.test('members', () => pm.expect(h.members.length).to.equal(3))
       pm.test('count', () => pm.expect(h.count()).to.equal(3))
       pm.test('toString', () => pm.expect(h.toString()).to.equal('Content-Type: application/json\\r\\nSet-Cookie: a=1\\r\\nSet-Cookie: b=2\\r\\n'))
       pm.test('svc keeps its shape', () => svc.expect(svc.response.headers.toObject()['Content-Type']).to.equal('application/json'))`,
      {
        response: {
          body: '{}',
          headers: [
            ['Content-Type', 'application/json'],
            ['Set-Cookie', 'a=1'],
            ['Set-Cookie', 'b=2'],
          ],
        },
      },
    )
    expect(failures(result)).toEqual([])
  })
})

describe('the SDK wrapper', () => {
  it('declares only the names a script uses, and alpha works the same', async () => {
    const result = await runScript(
      `const pmx = 1; let alpha = 0.5
       pm.request.headers.add({ key: 'X-A', value: String(alpha) })`,
      { request },
    )
    expect(result.error).toBeNull()
    expect(result.changes.setHeaders).toEqual([['X-A', '0.5']])
    const viaAlpha = await runScript(`alpha.request.method = 'DELETE'`, { request })
    expect(viaAlpha.changes.method).toBe('DELETE')
  })
})

describe('pm.request before the send is the request as typed (newman)', () => {
  it('shows {{variables}} unsubstituted, and substitutes what a change sends', async () => {
    const result = await runScript(
      `pm.test('url as typed', () => pm.expect(pm.request.url.toString()).to.equal('{{base}}/x?q={{v}}'))
       pm.test('header as typed', () => pm.expect(pm.request.headers.get('X-T')).to.equal('{{v}}'))
       pm.request.url.query.add({ key: 'more', value: '{{v}}' })`,
      {
        request: {
          url: 'http://h.test/x?q=val',
          rawUrl: '{{base}}/x?q={{v}}',
          declaredHeaders: [{ key: 'X-T', value: '{{v}}' }],
        },
        layers: [
          {
            scope: 'environment',
            variables: [
              { key: 'base', value: 'http://h.test' },
              { key: 'v', value: 'val' },
            ],
          },
        ],
      },
    )
    expect(failures(result)).toEqual([])
    expect(result.changes.url).toBe('http://h.test/x?q=val&more=val')
    expect(result.changes.setHeaders).toEqual([])
  })
})

describe('a form-data body', () => {
  const form = {
    ...request,
    body: {
      type: 'form-data' as const,
      rows: [{ id: 'r1', key: 'a', value: '1', enabled: true, type: 'text' as const }],
    },
  }

  it('reads as a PropertyList, and reading it changes nothing', async () => {
    const result = await runScript(
      `pm.test('formdata', () => pm.expect(pm.request.body.formdata.get('a')).to.equal('1'))
       pm.request.headers.add({ key: 'X-A', value: '1' })`,
      { request: form },
    )
    expect(failures(result)).toEqual([])
  })

  it('rows added and removed become the body the pipeline builds, variables resolved after the script', async () => {
    const result = await runScript(
      `pm.request.body.formdata.add({ key: 'b', value: '{{late}}' })
       pm.request.body.formdata.remove('a')
       pm.environment.set('late', '2')`,
      { request: form },
    )
    expect(failures(result)).toEqual([])
    const body = result.changes.bodySpec
    expect(body?.type).toBe('form-data')
    expect(body?.type === 'form-data' && body.rows.map((r) => [r.key, r.value, r.type, r.enabled])).toEqual([
      ['b', '{{late}}', 'text', true],
    ])
  })

  it('update() switches the mode as newman does; without a mode it changes nothing', async () => {
    const switched = await runScript(
      `pm.request.body.update({ mode: 'urlencoded', urlencoded: 'p=1&q=2' })
       pm.test('mode', () => pm.expect(pm.request.body.mode).to.equal('urlencoded'))
       pm.test('formdata gone', () => pm.expect(pm.request.body.formdata).to.equal(undefined))`,
      { request: form },
    )
    expect(failures(switched)).toEqual([])
    const body = switched.changes.bodySpec
    expect(body?.type === 'urlencoded' && body.rows.map((r) => [r.key, r.value])).toEqual([
      ['p', '1'],
      ['q', '2'],
    ])
    const kept = await runScript(`pm.request.body.update({ formdata: [] })`, { request: form })
    expect(failures(kept)).toEqual([])
    expect(kept.changes.bodySpec).toBeUndefined()
    const raw = await runScript(`pm.request.body.update('text')`, { request: form })
    expect(raw.changes.bodySpec).toEqual({ type: 'raw', text: 'text', language: 'text' })
  })

  it("a file the request does not have stops the script with a message naming it, the request's own is kept", async () => {
    const withFile = {
      ...form,
      body: {
        type: 'form-data' as const,
        rows: [
          ...form.body.rows,
          {
            id: 'f',
            key: 'doc',
            value: '',
            enabled: true,
            type: 'file' as const,
            fileName: 'a.txt',
            fileRef: 'ref-1',
          },
        ],
      },
    }
    const added = await runScript(
      `pm.request.body.formdata.add({ key: 'up', src: '/etc/passwd', type: 'file' })`,
      {
        request: withFile,
      },
    )
    expect(added.error?.kind).toBe('unsupported')
    expect(added.error?.message).toContain('Adding the file "/etc/passwd" to a form-data body')
    const kept = await runScript(`pm.request.body.formdata.remove('a')`, { request: withFile })
    expect(failures(kept)).toEqual([])
    const body = kept.changes.bodySpec
    expect(body?.type === 'form-data' && body.rows).toEqual([withFile.body.rows[1]])
  })
})

describe('pm.request.auth as a RequestAuth', () => {
  const bearer = { ...request, auth: { type: 'bearer' as const, token: 'old' } }

  it('reads its type and parameters; reading changes nothing, and current() throws as the SDK does', async () => {
    const result = await runScript(
      `pm.test('type', () => pm.expect(pm.request.auth.type).to.equal('bearer'))
       pm.test('parameters', () => pm.expect(pm.request.auth.parameters().toObject()).to.eql({ token: 'old' }))
       pm.test('current', () => pm.expect(() => pm.request.auth.current()).to.throw('discontinued, use \`Request#parameters\`'))`,
      { request: bearer },
    )
    expect(failures(result)).toEqual([])
    expect(result.changes.auth).toBeUndefined()
  })

  it('update, use and authorizeUsing become the auth the pipeline applies', async () => {
    const updated = await runScript(`pm.request.auth.update({ token: 'new' })`, { request: bearer })
    expect(updated.changes.auth).toEqual({ type: 'bearer', token: 'new' })
    const used = await runScript(`pm.request.auth.use('basic', [{ key: 'username', value: 'u' }])`, {
      request: bearer,
    })
    expect(used.changes.auth).toEqual({ type: 'basic', username: 'u', password: '' })
    const none = await runScript(`pm.request.auth.use('noauth')`, { request: bearer })
    expect(none.changes.auth).toEqual({ type: 'none' })
    const inherited = await runScript(
      `pm.request.authorizeUsing('apikey', { key: 'k', value: 'v', in: 'query' })`,
      {
        request,
      },
    )
    expect(inherited.changes.auth).toEqual({ type: 'apikey', key: 'k', value: 'v', addTo: 'query' })
  })

  it('a type Sendbox lacks is kept as unsupported, so the send says why', async () => {
    const result = await runScript(`pm.request.auth.use('ntlm', { username: 'a' })`, { request: bearer })
    expect(failures(result)).toEqual([])
    expect(result.changes.auth).toMatchObject({ type: 'unsupported', name: 'ntlm' })
  })

  it("OAuth 1.0 and Hawk set by a script are applied with Postman's parameter names", async () => {
    const oauth = await runScript(
      `pm.request.authorizeUsing('oauth1', { consumerKey: 'ck', consumerSecret: 'cs', signatureMethod: 'HMAC-SHA256', addParamsToHeader: true })`,
      { request: bearer },
    )
    expect(failures(oauth)).toEqual([])
    expect(oauth.changes.auth).toMatchObject({
      type: 'oauth1',
      consumerKey: 'ck',
      signatureMethod: 'HMAC-SHA256',
      addTo: 'header',
    })
    const hawk = await runScript(`pm.request.auth.use('hawk', { authId: 'a', authKey: 'k' })`, {
      request: bearer,
    })
    expect(hawk.changes.auth).toMatchObject({ type: 'hawk', authId: 'a', authKey: 'k', algorithm: 'sha256' })
  })
})

describe('pm.request.url.variables', () => {
  const withPath = {
    ...request,
    url: 'http://127.0.0.1:9/users/:id/files/:name.json',
    rawUrl: '{{host}}/users/:id/files/:name.json',
  }

  it("holds the path's :variables, and a value set reaches the sent URL", async () => {
    const result = await runScript(
      `pm.test('keys', () => pm.expect(pm.request.url.variables.map((v) => v.key)).to.eql(['id', 'name']))
       pm.request.url.variables.upsert({ key: 'id', value: '7' })
       pm.request.url.variables.one('name').value = 'report'
       pm.test('resolved', () => pm.expect(pm.request.url.getPath()).to.equal('/users/7/files/report.json'))
       pm.test('unresolved', () => pm.expect(pm.request.url.getPath(true)).to.equal('/users/:id/files/:name.json'))`,
      {
        request: withPath,
        layers: [{ scope: 'environment', variables: [{ key: 'host', value: 'http://h.test' }] }],
      },
    )
    expect(failures(result)).toEqual([])
    expect(result.changes.url).toBe('http://h.test/users/7/files/report.json')
  })

  it('without values nothing changes', async () => {
    const result = await runScript(`pm.request.url.variables.count()`, { request: withPath })
    expect(failures(result)).toEqual([])
    expect(result.changes.url).toBeUndefined()
  })
})
