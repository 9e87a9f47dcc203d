import { describe, expect, it } from 'vitest'
import { parse } from 'curlconverter/dist/src/parse.js'
import { curlToRequest, CurlImportError, looksLikeCurl, type CurlParser } from './curl.ts'

const parser = parse as unknown as CurlParser
const read = (command: string) => curlToRequest(command, parser)
const pairs = (rows: { key: string; value: string }[]) => rows.map((r) => [r.key, r.value])

describe('curlToRequest', () => {
  it('reads a plain GET with a query into URL and parameters', () => {
    const r = read(`curl 'https://api.github.com/repos/nodejs/node/issues?state=open&per_page=5'`)
    expect(r.method).toBe('GET')
    expect(r.url).toBe('https://api.github.com/repos/nodejs/node/issues?state=open&per_page=5')
    expect(pairs(r.params)).toEqual([
      ['state', 'open'],
      ['per_page', '5'],
    ])
    expect(r.body).toEqual({ type: 'none' })
  })

  it('reads -X, -H and a JSON --data-raw across line continuations', () => {
    const r = read(`curl -X POST https://api.stripe.example/v1/things \\
  -H "Content-Type: application/json" \\
  -H 'Accept: application/json' \\
  --data-raw '{"name":"x","tags":["a","b"]}'`)
    expect(r.method).toBe('POST')
    expect(pairs(r.headers)).toEqual([
      ['Content-Type', 'application/json'],
      ['Accept', 'application/json'],
    ])
    expect(r.body).toEqual({ type: 'raw', language: 'json', text: '{"name":"x","tags":["a","b"]}' })
  })

  it('keeps a -d body raw, as curl sends it, with the Content-Type curl adds, and implies POST', () => {
    const r = read(`curl https://example.com/login -d 'user=ann%20b&pass=a%26b'`)
    expect(r.method).toBe('POST')
    expect(r.body).toEqual({ type: 'raw', language: 'text', text: 'user=ann%20b&pass=a%26b' })
    expect(pairs(r.headers)).toEqual([['Content-Type', 'application/x-www-form-urlencoded']])
  })

  it('joins several -d options with & and encodes nothing, as curl does', () => {
    const r = read(`curl https://example.com/form -d 'a=1' -d 'b=two words'`)
    expect(r.body).toEqual({ type: 'raw', language: 'text', text: 'a=1&b=two words' })
  })

  it('keeps the headers as given, a charset included', () => {
    const r = read(
      `curl https://example.com/login -H 'Content-Type: application/x-www-form-urlencoded; charset=UTF-8' --data-raw 'user=zo%C3%AB&remember=1'`,
    )
    expect(pairs(r.headers)).toEqual([['Content-Type', 'application/x-www-form-urlencoded; charset=UTF-8']])
    expect(r.body).toEqual({ type: 'raw', language: 'text', text: 'user=zo%C3%AB&remember=1' })
  })

  it('refuses a body read from a file (-d @file), naming the file, rather than sending its name', () => {
    expect(() => read(`curl https://example.com/up -d @body.json`)).toThrow(/body\.json/)
    expect(() => read(`curl https://example.com/up --data-binary @body.json`)).toThrow(CurlImportError)
  })

  it('keeps JSON posted with -d and no Content-Type as raw JSON', () => {
    const r = read(`curl -d '{"a":1}' https://example.com/j`)
    expect(r.body).toEqual({ type: 'raw', language: 'json', text: '{"a":1}' })
  })

  it('reads an XML body by its Content-Type', () => {
    const r = read(`curl -H 'Content-Type: text/xml' --data '<a>1</a>' https://example.com/soap`)
    expect(r.body).toEqual({ type: 'raw', language: 'xml', text: '<a>1</a>' })
  })

  it('reads --data-binary as raw text', () => {
    const r = read(`curl --data-binary 'line one' -H 'Content-Type: text/plain' https://example.com/t`)
    expect(r.body).toEqual({ type: 'raw', language: 'text', text: 'line one' })
  })

  it('reads -F text and file parts into form-data rows and drops the multipart Content-Type', () => {
    const r = read(
      `curl -F 'title=Hello world' -F 'file=@/tmp/photo.jpg;type=image/jpeg' -H 'Content-Type: multipart/form-data' https://example.com/upload`,
    )
    expect(r.method).toBe('POST')
    if (r.body.type !== 'form-data') throw new Error(r.body.type)
    expect(r.body.rows.map((row) => [row.key, row.type, row.value, row.fileName])).toEqual([
      ['title', 'text', 'Hello world', undefined],
      ['file', 'file', '', 'photo.jpg'],
    ])
    expect(r.body.rows[1]!.contentType).toBe('image/jpeg')
    expect(r.headers).toEqual([])
  })

  it('reads -b cookies into the cookies table, not a header', () => {
    const r = read(`curl -b 'session=abc123; theme=dark' https://example.com/me`)
    expect(pairs(r.cookies)).toEqual([
      ['session', 'abc123'],
      ['theme', 'dark'],
    ])
    expect(r.headers).toEqual([])
  })

  it('reads a Cookie header as cookies', () => {
    const r = read(`curl -H 'Cookie: a=1; b=2' https://example.com/`)
    expect(pairs(r.cookies)).toEqual([
      ['a', '1'],
      ['b', '2'],
    ])
  })

  it('reads -u as Basic Auth', () => {
    const r = read(`curl -u 'admin:p@ss:word' https://example.com/admin`)
    expect(r.auth).toEqual({ type: 'basic', username: 'admin', password: 'p@ss:word' })
  })

  it('reads --oauth2-bearer as a Bearer Token', () => {
    const r = read(`curl --oauth2-bearer tok123 https://example.com/api`)
    expect(r.auth).toEqual({ type: 'bearer', token: 'tok123' })
  })

  it('keeps an Authorization header as a header', () => {
    const r = read(`curl https://api.openai.example/v1/models -H "Authorization: Bearer $OPENAI_API_KEY"`)
    expect(pairs(r.headers)).toEqual([['Authorization', 'Bearer $OPENAI_API_KEY']])
  })

  it('reads a browser "Copy as cURL" command with many headers and --compressed', () => {
    const r = read(`curl 'https://www.example.com/api/search?q=caf%C3%A9' \\
  -H 'accept: */*' \\
  -H 'accept-language: de-DE,de;q=0.9' \\
  -H 'user-agent: Mozilla/5.0 (X11; Linux x86_64)' \\
  -b 'consent=yes' \\
  --compressed`)
    expect(r.url).toBe('https://www.example.com/api/search?q=caf%C3%A9')
    expect(r.headers.map((h) => h.key)).toEqual(['accept', 'accept-language', 'user-agent'])
    expect(pairs(r.cookies)).toEqual([['consent', 'yes']])
  })

  it('reads -X PUT, -X DELETE, -I (HEAD) and --request PATCH', () => {
    expect(read(`curl -X PUT https://e.com/x -d 'a=1'`).method).toBe('PUT')
    expect(read(`curl -X DELETE https://e.com/x/1`).method).toBe('DELETE')
    expect(read(`curl -I https://e.com/`).method).toBe('HEAD')
    expect(
      read(`curl --request PATCH https://e.com/x -H 'Content-Type: application/json' -d '{}'`).method,
    ).toBe('PATCH')
  })

  it('handles double quotes with escapes and $-quoted strings', () => {
    const r = read(`curl "https://e.com/q" -H "X-Note: say \\"hi\\"" --data $'a\\tb'`)
    expect(pairs(r.headers)).toEqual([
      ['X-Note', 'say "hi"'],
      ['Content-Type', 'application/x-www-form-urlencoded'],
    ])
    expect(r.body).toEqual({ type: 'raw', language: 'text', text: 'a\tb' })
  })

  it('reads a URL without a scheme and with -G data into the query', () => {
    const r = read(`curl -G localhost:8080/search --data-urlencode 'q=a b' -d limit=3`)
    expect(r.method).toBe('GET')
    expect(r.url).toContain('localhost:8080/search?')
    expect(pairs(r.params)).toEqual([
      ['q', 'a+b'],
      ['limit', '3'],
    ])
  })

  it('throws a CurlImportError for a command it cannot read', () => {
    expect(() => read(`curl`)).toThrow(CurlImportError)
    expect(() => read(`curl -X FROB https://e.com`)).toThrow(/FROB/)
  })

  it('tells a cURL command from a URL', () => {
    expect(looksLikeCurl('curl https://a')).toBe(true)
    expect(looksLikeCurl('  curl\t-X GET x')).toBe(true)
    expect(looksLikeCurl('https://curl.se')).toBe(false)
  })
})
