/**
 * HAR and Hoppscotch files, fuzzed: documents shaped like the formats with any field replaced,
 * dropped or of the wrong type, `__proto__` keys and unicode, and real exports cut short. Each is
 * read (what was read survives a Sendbox export and re-import unchanged, and every skipped item
 * is one clear line) or refused with an `ImportError` whose message is one clear line.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { detectCollectionFormat, parseCollectionAs } from '../../src/model/import/detect.ts'
import { parseEnvironment } from '../../src/model/import/environment.ts'
import { parseHar } from '../../src/model/import/har.ts'
import { parseHoppscotchCollection } from '../../src/model/import/hoppscotch.ts'
import { ImportError } from '../../src/model/import/import-error.ts'
import { parseJsonText } from '../../src/model/import/json-text.ts'
import { formatReport, type ImportResult } from '../../src/model/import/report.ts'
import { parseSendboxCollection, serializeSendboxCollection } from '../../src/model/import/sendbox.ts'
import type { Collection } from '../../src/model/types.ts'
import { expectClearMessage, expectClearRejection, fuzzParams, FUZZ_TIMEOUT_MS, timed } from './fuzz.ts'

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -2, max: 5 }),
  fc.boolean(),
  fc.string({ maxLength: 3 }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 2 })), { maxLength: 2 }),
)
const text = fc.oneof(
  fc.string({ maxLength: 12, unit: 'grapheme-ascii' }),
  fc.string({ maxLength: 6, unit: 'grapheme' }),
  fc.string({ maxLength: 6, unit: 'binary' }),
  fc.constantFrom('__proto__', 'constructor', '<<v>>', '{{v}}', '‮x‬'),
)
/** The right value, or sometimes a value of any type. */
const loose = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: anyJson })
const named = (...names: string[]) =>
  fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: text })
/**
 * An object with any of the fields, and sometimes a `__proto__` key as `JSON.parse` makes it (an own
 * property, not the prototype).
 */
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(anyJson, { freq: 8 }))
    .map(([object, proto]) =>
      proto === null
        ? object
        : JSON.parse(
            JSON.stringify({ ...object, ['__proto__x']: proto }).replace('"__proto__x"', '"__proto__"'),
          ),
    )
const list = <T>(item: fc.Arbitrary<T>, max = 3) => loose(fc.array(item, { maxLength: max }))
const url = named(
  'https://a.example/p?q=1',
  'http://127.0.0.1:1/x',
  'wss://a.example/ws',
  'data:text/plain,hi',
  'ftp://a/b',
  '{{baseUrl}}/p',
  '',
)
const method = named('GET', 'post', 'PUT', 'CONNECT', 'TRACE', '')

const harHeader = record({ name: loose(text), value: loose(text) })
const harParam = record({
  name: loose(text),
  value: loose(text),
  fileName: loose(text),
  contentType: loose(text),
})
const harEntry = record({
  _resourceType: loose(named('websocket', 'xhr', 'fetch')),
  _webSocketMessages: loose(fc.constant([])),
  request: loose(
    record({
      method: loose(method),
      url: loose(url),
      headers: list(harHeader),
      queryString: list(harParam),
      postData: loose(
        record({
          mimeType: loose(
            named(
              'application/json',
              'multipart/form-data; boundary=x',
              'application/x-www-form-urlencoded',
              'text/xml',
            ),
          ),
          text: loose(text),
          params: list(harParam),
        }),
      ),
    }),
  ),
})
const har = fc.oneof(
  record({
    log: loose(
      record({
        version: loose(fc.constant('1.2')),
        creator: loose(record({ name: loose(text) })),
        pages: list(record({ title: loose(text) }), 2),
        entries: list(harEntry, 4),
      }),
    ),
  }),
  anyJson,
)

const hoppRow = record({ key: loose(text), value: loose(text), active: loose(fc.boolean()) })
const hoppAuth = record({
  authType: loose(
    named('none', 'inherit', 'basic', 'bearer', 'api-key', 'aws-signature', 'oauth-2', 'digest', 'hawk'),
  ),
  authActive: loose(fc.boolean()),
  username: loose(text),
  token: loose(text),
  key: loose(text),
  value: loose(text),
  addTo: loose(named('HEADERS', 'QUERY_PARAMS')),
  grantTypeInfo: loose(
    record({ grantType: loose(named('CLIENT_CREDENTIALS', 'IMPLICIT')), token: loose(text) }),
  ),
})
const hoppBody = record({
  contentType: loose(
    named(
      'application/json',
      'text/plain',
      'application/x-www-form-urlencoded',
      'multipart/form-data',
      'application/octet-stream',
    ),
  ),
  body: loose(
    fc.oneof(
      text,
      fc.array(
        record({
          key: loose(text),
          value: loose(text),
          active: loose(fc.boolean()),
          isFile: loose(fc.boolean()),
        }),
        {
          maxLength: 2,
        },
      ),
    ),
  ),
})
const hoppRequest = fc.oneof(
  record({
    name: loose(text),
    method: loose(method),
    endpoint: loose(url),
    params: list(hoppRow),
    headers: list(hoppRow),
    body: loose(hoppBody),
    auth: loose(hoppAuth),
    preRequestScript: loose(text),
    testScript: loose(text),
    requestVariables: list(hoppRow, 1),
  }),
  record({
    name: loose(text),
    url: loose(url),
    query: loose(text),
    variables: loose(text),
    headers: list(hoppRow),
  }),
)
const hoppVariable = record({
  key: loose(text),
  initialValue: loose(text),
  value: loose(text),
  secret: loose(fc.boolean()),
})
let hoppFolder: fc.Arbitrary<unknown> = record({ name: loose(text), requests: list(hoppRequest) })
for (let depth = 0; depth < 3; depth++) {
  hoppFolder = record({
    name: loose(text),
    auth: loose(hoppAuth),
    headers: list(hoppRow, 1),
    variables: list(hoppVariable, 2),
    folders: list(hoppFolder, 2),
    requests: list(hoppRequest, 2),
  })
}
const hoppscotch = fc.oneof(hoppFolder, fc.array(hoppFolder, { maxLength: 2 }), anyJson)
const hoppEnvironment = fc.oneof(
  record({ name: loose(text), variables: list(hoppVariable) }),
  fc.array(record({ name: loose(text), variables: list(hoppVariable) }), { maxLength: 2 }),
)

/** Parses, or checks the refusal; what was read survives a Sendbox export and re-import. */
function readOrRefuse(parse: () => ImportResult<Collection>): void {
  let result: ImportResult<Collection>
  try {
    result = timed(parse)
  } catch (error) {
    expectClearRejection(error, ImportError)
    return
  }
  for (const item of result.report.skipped)
    expectClearMessage(`${item.what} at ${item.path} (${item.reason})`)
  if (result.report.skipped.length > 0) expect(formatReport(result.report)).toMatch(/^\d+ items? skipped: /)
  const again = parseSendboxCollection(serializeSendboxCollection(result.value))
  expect(again).toEqual(result.value)
}

const fixture = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../fixtures/import', name), 'utf8')

describe('fuzz: HAR and Hoppscotch importers', () => {
  it(
    'HAR files',
    () => {
      fc.assert(
        fc.property(har, (doc) => readOrRefuse(() => parseHar(doc))),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'Hoppscotch collections',
    () => {
      fc.assert(
        fc.property(hoppscotch, (doc) => readOrRefuse(() => parseHoppscotchCollection(doc))),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'Hoppscotch environments',
    () => {
      fc.assert(
        fc.property(hoppEnvironment, (doc) => {
          try {
            const env = timed(() => parseEnvironment(doc))
            for (const variable of env.variables) expect(typeof variable.value).toBe('string')
          } catch (error) {
            expectClearRejection(error, ImportError)
          }
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'real exports cut short or with a byte changed: read as detected, or one clear refusal',
    () => {
      const sources = ['har/full.har', 'hoppscotch/collections.json', 'hoppscotch/hostile.json'].map(fixture)
      const damaged = fc
        .tuple(fc.constantFrom(...sources), fc.nat(), fc.boolean(), fc.string({ maxLength: 2 }))
        .map(([source, at, cut, insert]) => {
          const i = at % (source.length + 1)
          return cut ? source.slice(0, i) : source.slice(0, i) + insert + source.slice(i + 1)
        })
      fc.assert(
        fc.property(damaged, (input) => {
          let json: unknown
          try {
            json = timed(() => parseJsonText(input))
          } catch (error) {
            expectClearRejection(error, ImportError)
            return
          }
          const format = detectCollectionFormat(json)
          if (format === 'har' || format === 'hoppscotch') readOrRefuse(() => parseCollectionAs(json, format))
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
