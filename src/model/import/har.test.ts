import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { ownRows } from '../default-headers.ts'
import type { KeyValueRow, RequestSpec } from '../types.ts'
import { parseHar, isHar } from './har.ts'
import { ImportError } from './import-error.ts'
import { parseJsonText } from './json-text.ts'
import { formatReport } from './report.ts'

const fixture = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/import/har', name), 'utf8')
/** The tree's items as requests (every item of a HAR import is one). */
const requests = (children: unknown[]) => children as RequestSpec[] as [RequestSpec, ...RequestSpec[]]
// The user's rows; the defaults a recording did not carry are switched off (auto rows).
const pairs = (rows: KeyValueRow[]) => ownRows(rows).map((row) => [row.key, row.value])

describe('HAR 1.2 import', () => {
  const json = parseJsonText(fixture('full.har'))
  const { value: collection, report } = parseHar(json)
  const [get, post, form, upload] = requests(collection.children) as RequestSpec[] as [
    RequestSpec,
    RequestSpec,
    RequestSpec,
    RequestSpec,
  ]

  it('is detected from its content', () => {
    expect(isHar(json)).toBe(true)
    expect(isHar({ info: {}, item: [] })).toBe(false)
  })

  it('names the collection after the first page and keeps entries in order', () => {
    expect(collection.name).toBe('Shop API')
    expect(collection.children).toHaveLength(4)
    expect(requests(collection.children).map((r) => r.name)).toEqual([
      'GET /anything/users/7',
      'POST /anything/orders',
      'POST /anything/login',
      'PUT /anything/upload',
    ])
  })

  it('keeps method, URL, query rows and the headers the user set, not pseudo or computed ones', () => {
    expect(get.method).toBe('GET')
    expect(get.url).toBe('https://shop.example/anything/users/7?expand=true&tag=a%20b')
    expect(pairs(get.params)).toEqual([
      ['expand', 'true'],
      ['tag', 'a%20b'],
    ])
    expect(get.headers.filter((row) => row.auto).map((row) => row.key)).toEqual(['Cache-Control'])
    expect(pairs(get.headers)).toEqual([
      ['accept', 'application/json'],
      ['x-trace', 't-1'],
    ])
    expect(get.body).toEqual({ type: 'none' })
  })

  it('reads raw, URL-encoded and multipart bodies; file rows keep their path', () => {
    expect(post.body).toEqual({ type: 'raw', language: 'json', text: '{"item":"book","qty":2}' })
    expect(pairs(post.headers)).toEqual([['Content-Type', 'application/json']])
    expect(form.method).toBe('POST')
    expect(form.body.type).toBe('urlencoded')
    if (form.body.type === 'urlencoded')
      expect(pairs(form.body.rows)).toEqual([
        ['user', 'ada'],
        ['note', '1 2'],
      ])
    expect(upload.body.type).toBe('form-data')
    if (upload.body.type === 'form-data') {
      expect(
        upload.body.rows.map((r) => [r.key, r.type, r.value, r.fileRef, r.fileName, r.contentType]),
      ).toEqual([
        ['title', 'text', 'Holiday', undefined, undefined, undefined],
        ['photo', 'file', '', 'photos/beach.png', 'beach.png', 'image/png'],
      ])
    }
    // The multipart boundary is made anew when sending, so the recorded one is not kept.
    expect(ownRows(upload.headers)).toEqual([])
  })

  it('lists what it left out instead of dropping it', () => {
    expect(report.skipped.map((s) => [s.path, s.reason])).toEqual([
      ['log.entries[4]', 'not supported'],
      ['log.entries[5]', 'only http and https URLs can be sent'],
    ])
    expect(formatReport(report)).toMatch(
      /^2 items skipped: WebSocket request "wss:\/\/shop\.example\/live" at log\.entries\[4\] \(not supported\); /,
    )
  })

  it('keeps unicode, and reads `__proto__` keys as plain data', () => {
    const { value } = parseHar(parseJsonText(fixture('hostile.har')))
    const [request] = requests(value.children)
    expect(value.name).toBe('Ünïcødé 🚀 API')
    expect(value.children).toHaveLength(1)
    expect(request.method).toBe('GET')
    expect(pairs(request.headers)).toEqual([
      ['X-Name', '名前 ✓'],
      ['__proto__', 'kept as a header'],
    ])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it('refuses a bad document naming the JSON path', () => {
    expect(() => parseHar(parseJsonText(fixture('wrong-types.har')))).toThrow(
      new ImportError('log.entries[0].request.headers[0].value', 'expected a string, found number 5'),
    )
    expect(() => parseJsonText(fixture('truncated.har'))).toThrow(/not valid JSON/)
    expect(() => parseHar({ log: {} })).toThrow('log.entries: missing: not a HAR file')
    expect(() => parseHar({ log: { entries: {} } })).toThrow('log.entries: expected a list, found an object')
    expect(() => parseHar({ log: { entries: [{ request: { url: 'http://a' } }] } })).toThrow(
      'log.entries[0].request.method: missing',
    )
    expect(() => parseHar({ log: { entries: [{ response: {} }] } })).toThrow(
      'log.entries[0].request: expected an object, found nothing',
    )
  })
})
