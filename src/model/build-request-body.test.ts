import { describe, expect, it } from 'vitest'
import { utf8 } from './encoding.ts'
import { makeRow } from './factories.ts'
import type { FormDataRow } from './types.ts'
import { build, text } from './build-request.fixture.ts'

describe('bodies', () => {
  it.each([
    ['text', 'text/plain'],
    ['json', 'application/json'],
    ['xml', 'application/xml'],
  ] as const)('raw %s sets %s', async (language, type) => {
    const request = await build({
      method: 'POST',
      url: 'http://h/',
      body: { type: 'raw', language, text: 'id={{id}}' },
    })
    expect(request.headers).toContainEqual(['Content-Type', type])
    expect(text(request.body)).toBe('id=42')
  })

  it('keeps a user Content-Type', async () => {
    const request = await build({
      method: 'POST',
      url: 'http://h/',
      headers: [makeRow({ key: 'content-type', value: 'application/vnd.api+json' })],
      body: { type: 'raw', language: 'json', text: '{}' },
    })
    expect(request.headers.filter(([n]) => n.toLowerCase() === 'content-type')).toEqual([
      ['content-type', 'application/vnd.api+json'],
    ])
  })

  it('replaces a hand-written type for a form, as newman does, unless it is a form type', async () => {
    const form = { type: 'urlencoded' as const, rows: [makeRow({ key: 'a', value: 'b' })] }
    const typed = async (value: string) =>
      (
        await build({
          method: 'POST',
          url: 'http://h/',
          headers: [makeRow({ key: 'Content-Type', value })],
          body: form,
        })
      ).headers.filter(([n]) => n.toLowerCase() === 'content-type')
    expect(await typed('text/plain')).toEqual([['Content-Type', 'application/x-www-form-urlencoded']])
    const charset = 'application/x-www-form-urlencoded; charset=utf-8'
    expect(await typed(charset)).toEqual([['Content-Type', charset]])
  })

  it('sends a header written twice alike twice, and of two in another case the later value once', async () => {
    const request = await build({
      url: 'http://h/',
      headers: [
        makeRow({ key: 'X-Same', value: 'one' }),
        makeRow({ key: 'Cache-Control', value: 'no-cache' }),
        makeRow({ key: 'X-Same', value: 'two' }),
        makeRow({ key: 'cache-control', value: 'max-age=0' }),
      ],
    })
    const own = request.headers.filter(([n]) => /^(x-same|cache-control)$/i.test(n))
    expect(own).toEqual([
      ['X-Same', 'one'],
      ['Cache-Control', 'max-age=0'],
      ['X-Same', 'two'],
    ])
  })

  it('formats JSON before sending when the setting is on, and leaves invalid JSON alone', async () => {
    const body = { type: 'raw', language: 'json', text: '{"a":[1,{"b":"{{id}}"}]}' } as const
    expect(text((await build({ method: 'POST', url: 'http://h/', body }, { formatJson: true })).body)).toBe(
      '{\n  "a": [\n    1,\n    {\n      "b": "42"\n    }\n  ]\n}',
    )
    expect(text((await build({ method: 'POST', url: 'http://h/', body })).body)).toBe('{"a":[1,{"b":"42"}]}')
    const broken = { type: 'raw', language: 'json', text: '{"a": {{unquoted}} }' } as const
    expect(
      text((await build({ method: 'POST', url: 'http://h/', body: broken }, { formatJson: true })).body),
    ).toBe('{"a": {{unquoted}} }')
  })

  it('sends a form without an enabled row as no body and no Content-Type, as Postman does', async () => {
    for (const body of [
      { type: 'urlencoded' as const, rows: [makeRow({ key: 'x', value: 'y', enabled: false })] },
      { type: 'form-data' as const, rows: [] },
    ]) {
      const request = await build({ method: 'POST', url: 'http://h/', body })
      expect(text(request.body)).toBe('')
      expect(request.headers.some(([name]) => name.toLowerCase() === 'content-type')).toBe(false)
    }
  })

  it('URL-encodes enabled rows', async () => {
    const request = await build({
      method: 'POST',
      url: 'http://h/',
      body: {
        type: 'urlencoded',
        rows: [
          makeRow({ key: 'q', value: '{{q}}' }),
          makeRow({ key: 'x', value: 'y', enabled: false }),
          makeRow({ key: 'ü', value: '+' }),
        ],
      },
    })
    expect(text(request.body)).toBe('q=a+b%26c&%C3%BC=%2B')
    expect(request.headers).toContainEqual(['Content-Type', 'application/x-www-form-urlencoded'])
  })

  it('sends GraphQL as JSON {query, variables}', async () => {
    const request = await build({
      kind: 'graphql',
      url: 'http://h/graphql',
      body: { type: 'graphql', query: 'query { user(id: {{id}}) { name } }', variables: '{"n": {{id}}}' },
    })
    expect(request.method).toBe('POST')
    expect(JSON.parse(text(request.body)!)).toEqual({
      query: 'query { user(id: 42) { name } }',
      variables: { n: 42 },
    })
    expect(request.headers.filter(([n]) => n.toLowerCase() === 'content-type')).toEqual([
      ['Content-Type', 'application/json'],
    ])
  })

  it('sends GraphQL without variables as {query} alone, as Postman does', async () => {
    const request = await build({
      kind: 'graphql',
      url: 'http://h/graphql',
      body: { type: 'graphql', query: '{ viewer { name } }', variables: ' ' },
    })
    expect(text(request.body)).toBe('{"query":"{ viewer { name } }"}')
  })

  it('rejects GraphQL variables that are not JSON with a clear message', async () => {
    await expect(
      build({
        kind: 'graphql',
        url: 'http://h/',
        body: { type: 'graphql', query: '{a}', variables: '{oops' },
      }),
    ).rejects.toThrow(/GraphQL variables are not valid JSON/)
  })

  it('encodes multipart text and file rows', async () => {
    const rows: FormDataRow[] = [
      { ...makeRow({ key: 'name', value: '{{user}}' }), type: 'text' },
      {
        ...makeRow({ key: 'doc', value: '' }),
        type: 'file',
        fileName: 'a.txt',
        contentType: 'text/plain',
        fileRef: 'f1',
      },
      { ...makeRow({ key: 'skip', value: 'x', enabled: false }), type: 'text' },
    ]
    const request = await build(
      { method: 'POST', url: 'http://h/', body: { type: 'form-data', rows } },
      { resolveFile: async (row) => utf8(`content of ${row.fileRef}`) },
    )
    expect(request.headers).toContainEqual(['Content-Type', 'multipart/form-data; boundary=BOUNDARY'])
    expect(text(request.body)).toBe(
      '--BOUNDARY\r\nContent-Disposition: form-data; name="name"\r\n\r\nada\r\n' +
        '--BOUNDARY\r\nContent-Disposition: form-data; name="doc"; filename="a.txt"\r\nContent-Type: text/plain\r\n\r\ncontent of f1\r\n' +
        '--BOUNDARY--\r\n',
    )
  })
})
