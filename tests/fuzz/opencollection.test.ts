/**
 * OpenCollection YAML, fuzzed: bundled documents and collection folders shaped like the format with
 * any field replaced, dropped or of the wrong type, `__proto__` keys and unicode, and the real
 * corpus file cut short or with a byte changed. Each is read (what was read survives a Sendbox
 * export and re-import unchanged, every skipped item is one clear line) or refused with an
 * `ImportError` whose message is one clear line.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { ImportError } from '../../src/model/import/import-error.ts'
import { importSource } from '../../src/model/import/import-source.ts'
import { readOpenCollection } from '../../src/model/import/opencollection.ts'
import { formatReport, type ImportReport } from '../../src/model/import/report.ts'
import { parseSendboxCollection, serializeSendboxCollection } from '../../src/model/import/sendbox.ts'
import type { Collection } from '../../src/model/types.ts'
import {
  expectClearMessage,
  expectClearRejection,
  fuzzParams,
  FUZZ_RUNS,
  FUZZ_TIMEOUT_MS,
  timed,
} from './fuzz.ts'

const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -2, max: 5 }),
  fc.boolean(),
  fc.string({ maxLength: 3 }),
  fc.constant([]),
  fc.constant({}),
)
const text = fc.oneof(
  fc.string({ maxLength: 12, unit: 'grapheme-ascii' }),
  fc.string({ maxLength: 6, unit: 'grapheme' }),
  fc.constantFrom('__proto__', 'constructor', '{{baseUrl}}', '‮x‬', ':id', '\u200b'),
)
const loose = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<unknown> =>
  fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: anyJson })
const named = (...names: string[]) =>
  fc.oneof({ weight: 10, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: text })
const record = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(fc.record(fields, { requiredKeys: [] }), fc.option(anyJson, { freq: 8 }))
    .map(([object, proto]) =>
      proto === null
        ? object
        : JSON.parse(JSON.stringify({ ...object, __proto__x: proto }).replace('"__proto__x"', '"__proto__"')),
    )
const list = <T>(item: fc.Arbitrary<T>, max = 3) => loose(fc.array(item, { maxLength: max }))

const row = record({
  name: loose(text),
  value: loose(fc.oneof(text, fc.array(text, { maxLength: 2 }))),
  disabled: loose(fc.boolean()),
  enabled: loose(fc.boolean()),
  type: loose(named('query', 'path', 'text', 'file')),
  contentType: loose(text),
})
const variable = record({
  name: loose(text),
  value: loose(
    fc.oneof(
      text,
      record({ type: loose(named('string', 'number')), data: loose(text) }),
      fc.array(record({ title: loose(text), selected: loose(fc.boolean()), value: loose(text) }), {
        maxLength: 2,
      }),
    ),
  ),
  secret: loose(fc.boolean()),
  disabled: loose(fc.boolean()),
})
const auth = fc.oneof(
  named('inherit', 'none'),
  record({
    type: loose(named('basic', 'bearer', 'apikey', 'awsv4', 'digest', 'oauth2', 'ntlm', 'wsse', 'none')),
    username: loose(text),
    password: loose(text),
    token: loose(text),
    key: loose(text),
    value: loose(text),
    placement: loose(named('header', 'query')),
    flow: loose(
      named('client_credentials', 'authorization_code', 'implicit', 'resource_owner_password_credentials'),
    ),
    credentials: loose(record({ clientId: loose(text), clientSecret: loose(text) })),
    basic: loose(record({ username: loose(text) })),
  }),
)
const scripts = list(
  record({ type: loose(named('before-request', 'after-response', 'tests', 'hooks')), code: loose(text) }),
)
const body = record({
  type: loose(named('json', 'text', 'xml', 'sparql', 'form-urlencoded', 'multipart-form', 'file')),
  data: loose(fc.oneof(text, fc.array(row, { maxLength: 2 }))),
  query: loose(text),
  variables: loose(text),
})
const details = record({
  method: loose(named('GET', 'post', 'PUT', 'CONNECT', 'TRACE', '')),
  url: loose(named('https://a.example/p?q=1', '{{baseUrl}}/users/:id', 'wss://a.example/ws', '')),
  params: list(row),
  headers: list(row),
  body: loose(
    fc.oneof(
      body,
      fc.array(record({ title: loose(text), selected: loose(fc.boolean()), body }), { maxLength: 2 }),
    ),
  ),
  auth: loose(auth),
})
const info = record({
  name: loose(text),
  type: loose(named('http', 'graphql', 'grpc', 'websocket', 'folder', 'app')),
  seq: loose(fc.oneof(fc.integer({ min: -1, max: 9 }), fc.constantFrom('3', 'x'))),
  tags: list(text, 2),
})
const defaults = record({ headers: list(row), auth: loose(auth), variables: list(variable), scripts })
let item: fc.Arbitrary<unknown> = fc.oneof(
  record({
    info: loose(info),
    http: loose(details),
    runtime: loose(
      record({
        scripts,
        variables: list(variable),
        assertions: list(record({ expression: loose(text) }), 1),
        actions: list(anyJson, 1),
      }),
    ),
    examples: list(anyJson, 1),
    docs: loose(fc.oneof(text, record({ content: loose(text), type: loose(text) }))),
  }),
  record({ info: loose(info), graphql: loose(details) }),
  record({ info: loose(info), grpc: loose(record({ url: loose(text) })) }),
  record({ type: loose(named('script')), script: loose(text) }),
)
for (let depth = 0; depth < 3; depth++)
  item = fc.oneof(
    item,
    record({ info: loose(info), items: list(item, 3), request: loose(defaults), docs: loose(text) }),
  )
const environment = record({ name: loose(text), variables: list(variable), extends: loose(text) })
const document = fc.oneof(
  record({
    opencollection: loose(named('1.0.0')),
    info: loose(record({ name: loose(text), type: loose(named('collection', 'workspace')) })),
    config: loose(record({ environments: list(environment, 2) })),
    request: loose(defaults),
    items: list(item, 4),
    docs: loose(text),
  }),
  anyJson,
)

function check(report: ImportReport, collections: Collection[]): void {
  for (const skipped of report.skipped)
    expectClearMessage(`${skipped.what} at ${skipped.path} (${skipped.reason})`)
  if (report.skipped.length > 0) expect(formatReport(report)).toMatch(/^\d+ items? skipped: /)
  for (const collection of collections)
    expect(parseSendboxCollection(serializeSendboxCollection(collection))).toEqual(collection)
}

function readOrRefuse(parse: () => { report: ImportReport; collections: Collection[] }): void {
  let result
  try {
    result = timed(parse)
  } catch (error) {
    expectClearRejection(error, ImportError)
    return
  }
  check(result.report, result.collections)
}

describe('fuzz: OpenCollection YAML importer', () => {
  it(
    'bundled documents (one case in four through YAML text and the entry point)',
    () => {
      fc.assert(
        fc.property(
          document,
          fc.nat(3).map((n) => n === 0),
          (doc, asText) =>
            readOrRefuse(() => {
              if (!asText) return readOpenCollection(doc, 'fuzz')
              const text = stringify({ opencollection: '1.0.0', ...(typeof doc === 'object' ? doc : {}) })
              const bundle = importSource({ kind: 'file', name: 'x.yml', text })
              return { report: bundle.report, collections: bundle.collections }
            }),
        ),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'collection folders: opencollection.yml, folder.yml, request and environment files',
    () => {
      const files = fc.array(
        fc.tuple(
          fc.constantFrom('a.yml', 'f/folder.yml', 'f/b.yml', 'f/g/c.yaml', 'environments/e.yml', 'x.bru'),
          fc.oneof(item, environment, anyJson),
        ),
        { maxLength: 5 },
      )
      fc.assert(
        fc.property(document, files, (root, rest) =>
          readOrRefuse(() => {
            const source = {
              kind: 'folder' as const,
              name: 'fuzz',
              files: [
                { path: 'opencollection.yml', text: stringify(root) },
                ...rest.map(([path, value]) => ({ path, text: stringify(value) })),
              ],
            }
            const bundle = importSource(source, 'opencollection')
            return { report: bundle.report, collections: bundle.collections }
          }),
        ),
        // YAML written and parsed for up to six files a case: a fifth of the cases above.
        fuzzParams(Math.ceil(FUZZ_RUNS / 5)),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'the real file cut short or with a byte changed: read as detected, or one clear refusal',
    () => {
      const source = readFileSync(
        resolve(import.meta.dirname, '../fixtures/import/opencollection/shop.yml'),
        'utf8',
      )
      const damaged = fc
        .tuple(fc.nat(), fc.boolean(), fc.string({ maxLength: 2 }))
        .map(([at, cut, insert]) => {
          const i = at % (source.length + 1)
          return cut ? source.slice(0, i) : source.slice(0, i) + insert + source.slice(i + 1)
        })
      fc.assert(
        fc.property(damaged, (input) =>
          readOrRefuse(() => {
            const bundle = importSource({ kind: 'file', name: 'damaged', text: input })
            return { report: bundle.report, collections: bundle.collections }
          }),
        ),
        fuzzParams(Math.ceil(FUZZ_RUNS / 5)),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
