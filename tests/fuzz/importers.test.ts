/**
 * Collection and environment files, fuzzed: documents shaped like the real formats with any
 * field replaced, dropped or of the wrong type. Every one is either read (and what was read
 * survives a Sendbox export and re-import unchanged) or refused with an `ImportError` whose
 * message is one clear line.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { parseEnvironment } from '../../src/model/import/environment.ts'
import { ImportError } from '../../src/model/import/import-error.ts'
import { decodeText, parseJsonText } from '../../src/model/import/json-text.ts'
import { parsePostmanCollection } from '../../src/model/import/postman.ts'
import { parseSendboxCollection, serializeSendboxCollection } from '../../src/model/import/sendbox.ts'
import type { Collection } from '../../src/model/types.ts'
import { POSTMAN_SCHEMA } from '../helpers/postman.ts'
import { expectClearRejection, fuzzParams, FUZZ_TIMEOUT_MS, timed } from './fuzz.ts'

/** A value of any JSON type, small and cheap to make: what a wrong field holds. */
const anyJson: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.integer({ min: -2, max: 5 }),
  fc.boolean(),
  fc.string({ maxLength: 3 }),
  fc.constant([]),
  fc.constant({}),
  fc.array(fc.oneof(fc.integer(), fc.string({ maxLength: 2 })), { maxLength: 2 }),
  fc.dictionary(fc.string({ maxLength: 2 }), fc.integer(), { maxKeys: 2 }),
)
const text = fc.string({ maxLength: 12, unit: 'grapheme-ascii' })
const weird = fc.oneof(text, fc.string({ maxLength: 6, unit: 'binary' }))

/**
 * Documents shaped like the format. `wrong`: any field may hold a value of another type or be
 * left out; otherwise the required fields are there and each field has its type (values may still
 * be out of range: an unknown method, auth type or body mode).
 */
function shapes(wrong: boolean) {
  /** The right shape, or (when `wrong`) sometimes any JSON value instead. */
  const loose = <T>(valid: fc.Arbitrary<T>): fc.Arbitrary<T | unknown> =>
    wrong ? fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: anyJson }) : valid
  /** One of the names the format knows, or (rarely) any text, control characters included. */
  const named = (...names: string[]) =>
    fc.oneof({ weight: 12, arbitrary: fc.constantFrom(...names) }, { weight: 1, arbitrary: weird })
  const record = (required: string[], fields: Record<string, fc.Arbitrary<unknown>>) =>
    fc.record(fields, { requiredKeys: wrong ? [] : required })

  const method = named('GET', 'post', 'PUT', 'DELETE', 'BREW', '', 'patch')
  const row = record(['key'], {
    key: loose(weird),
    value: loose(weird),
    disabled: loose(fc.boolean()),
    enabled: loose(fc.boolean()),
    description: loose(text),
    type: loose(named('text', 'file', 'secret', 'string', 'any')),
    src: loose(fc.oneof(text, fc.array(text, { maxLength: 2 }))),
  })
  const rows = loose(fc.array(row, { maxLength: 2 }))
  const postmanAuth = record(['type'], {
    type: loose(named('noauth', 'inherit', 'bearer', 'basic', 'apikey', 'awsv4', 'oauth2', 'digest')),
    bearer: rows,
    basic: loose(fc.oneof(fc.array(row, { maxLength: 2 }), fc.dictionary(text, weird, { maxKeys: 2 }))),
    apikey: rows,
    oauth2: rows,
  })
  const postmanEvent = record(['listen', 'script'], {
    listen: loose(named('prerequest', 'test', 'other')),
    disabled: loose(fc.boolean()),
    script: loose(
      record([], { type: loose(text), exec: loose(fc.oneof(weird, fc.array(weird, { maxLength: 3 }))) }),
    ),
  })
  const postmanUrl = fc.oneof(
    weird,
    record([], {
      raw: loose(weird),
      protocol: loose(text),
      host: loose(fc.oneof(text, fc.array(text, { maxLength: 3 }))),
      port: loose(fc.oneof(text, fc.integer())),
      path: loose(fc.oneof(text, fc.array(text, { maxLength: 3 }))),
      query: rows,
      variable: rows,
    }),
  )
  const postmanBody = record(['mode'], {
    mode: loose(named('raw', 'urlencoded', 'formdata', 'graphql', 'file', 'none', 'binary')),
    disabled: loose(fc.boolean()),
    raw: loose(weird),
    urlencoded: rows,
    formdata: rows,
    options: loose(record([], { raw: loose(record([], { language: loose(text) })) })),
    graphql: loose(record([], { query: loose(weird), variables: loose(fc.oneof(text, anyJson)) })),
  })
  const postmanRequest = fc.oneof(
    weird,
    record(['url'], {
      method: loose(method),
      url: loose(postmanUrl),
      header: loose(fc.oneof(fc.array(row, { maxLength: 3 }), weird)),
      body: loose(postmanBody),
      auth: loose(postmanAuth),
    }),
  )
  /** Folders three levels deep at most: deep trees have their own test (tests/cli/input-shape.test.ts). */
  function nested<T>(
    leaf: fc.Arbitrary<T>,
    withChildren: (children: fc.Arbitrary<unknown>) => fc.Arbitrary<T>,
  ) {
    let level: fc.Arbitrary<T> = leaf
    for (let depth = 0; depth < 3; depth++) level = withChildren(loose(fc.array(level, { maxLength: 2 })))
    return level
  }
  const postmanFields = {
    name: loose(weird),
    request: loose(postmanRequest),
    event: loose(fc.array(postmanEvent, { maxLength: 2 })),
    auth: loose(postmanAuth),
    variable: rows,
  }
  const postmanItem = nested(record(['request'], postmanFields), (item) =>
    record(['item'], { ...postmanFields, item }),
  )
  const postmanCollection = record(['info', 'item'], {
    info: loose(fc.record({ name: loose(weird), schema: fc.constant(POSTMAN_SCHEMA) })),
    item: loose(fc.array(postmanItem, { maxLength: 3 })),
    auth: loose(postmanAuth),
    variable: rows,
    event: loose(fc.array(postmanEvent, { maxLength: 2 })),
  })

  const sendboxRow = record(['key'], {
    id: loose(text),
    key: loose(weird),
    value: loose(weird),
    enabled: loose(fc.boolean()),
  })
  const sendboxRows = loose(fc.array(sendboxRow, { maxLength: 2 }))
  const sendboxAuth = record(['type'], {
    type: loose(
      named('inherit', 'none', 'bearer', 'apikey', 'basic', 'oauth2', 'sigv4', 'digest', 'bearer', 'basic'),
    ),
    token: loose(text),
    key: loose(text),
    addTo: loose(named('header', 'query', 'cookie')),
    grant: loose(named('token', 'client-credentials', 'implicit')),
  })
  const sendboxScripts = record([], { preRequest: loose(weird), postResponse: loose(weird) })
  const sendboxVariables = loose(
    fc.array(record(['key'], { key: loose(weird), value: loose(weird), secret: loose(fc.boolean()) }), {
      maxLength: 3,
    }),
  )
  const sendboxBody = record(['type'], {
    type: loose(named('none', 'raw', 'form-data', 'urlencoded', 'graphql', 'binary')),
    language: loose(named('text', 'json', 'xml', 'yaml')),
    text: loose(weird),
    rows: sendboxRows,
    query: loose(weird),
    variables: loose(weird),
    operationName: loose(text),
  })
  const sendboxFields = {
    type: loose(named('folder', 'request', 'doc')),
    ...(wrong ? { id: loose(fc.oneof(fc.constantFrom('a', 'b', ''), weird)) } : {}),
    name: loose(weird),
    kind: loose(named('http', 'graphql', 'grpc')),
    method: loose(method),
    url: loose(weird),
    params: sendboxRows,
    headers: sendboxRows,
    cookies: sendboxRows,
    body: loose(sendboxBody),
    auth: loose(sendboxAuth),
    scripts: loose(sendboxScripts),
    variables: sendboxVariables,
  }
  const sendboxItem = nested(record(['type', 'url'], sendboxFields), (children) =>
    record(['type', 'name', 'children'], { ...sendboxFields, type: fc.constant('folder'), children }),
  )
  const sendboxCollection = record(['sendbox', 'collection'], {
    sendbox: loose(fc.oneof({ weight: 9, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: weird })),
    collection: loose(
      record(['name'], {
        name: loose(weird),
        auth: loose(sendboxAuth),
        variables: sendboxVariables,
        scripts: loose(sendboxScripts),
        children: loose(fc.array(sendboxItem, { maxLength: 3 })),
      }),
    ),
  })

  const environment = fc.oneof(
    record(['values'], { name: loose(weird), values: loose(fc.array(row, { maxLength: 4 })) }),
    record(['sendbox', 'environment'], {
      sendbox: loose(fc.constant(1)),
      environment: loose(
        record(['variables'], {
          name: loose(weird),
          variables: loose(fc.array(sendboxRow, { maxLength: 4 })),
        }),
      ),
    }),
    anyJson,
  )

  return { postmanCollection, sendboxCollection, environment }
}

const right = shapes(false)
const wrong = shapes(true)
const postmanCollection = fc.oneof(right.postmanCollection, wrong.postmanCollection)
const sendboxCollection = fc.oneof(right.sendboxCollection, wrong.sendboxCollection)
const environment = fc.oneof(right.environment, wrong.environment)

/** Parses, or checks the refusal; a parsed collection must survive a Sendbox export and re-import. */
function readOrRefuse(parse: () => Collection): void {
  let collection: Collection
  try {
    collection = timed(parse)
  } catch (error) {
    expectClearRejection(error, ImportError)
    return
  }
  const again = parseSendboxCollection(serializeSendboxCollection(collection))
  expect(again).toEqual(collection)
}

describe('fuzz: collection and environment importers', () => {
  it(
    'Postman collections',
    () => {
      fc.assert(
        fc.property(postmanCollection, (doc) => readOrRefuse(() => parsePostmanCollection(doc))),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'Sendbox collections (parsed and as text)',
    () => {
      fc.assert(
        fc.property(sendboxCollection, fc.boolean(), (doc, asText) =>
          readOrRefuse(() => parseSendboxCollection(asText ? JSON.stringify(doc) : doc)),
        ),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'environment files, Postman and Sendbox',
    () => {
      fc.assert(
        fc.property(environment, (doc) => {
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
    'file bytes: any bytes decode, and parse to JSON or one clear refusal',
    () => {
      const bytes = fc.oneof(
        fc.uint8Array({ maxLength: 64 }),
        fc.jsonValue({ maxDepth: 3 }).map((value) => new TextEncoder().encode(JSON.stringify(value))),
        fc
          .tuple(
            fc.constantFrom([0xef, 0xbb, 0xbf], [0xff, 0xfe], [0xfe, 0xff], []),
            fc.uint8Array({ maxLength: 32 }),
          )
          .map(([mark, rest]) => new Uint8Array([...mark, ...rest])),
      )
      fc.assert(
        fc.property(bytes, (input) => {
          const text = timed(() => decodeText(input))
          expect(typeof text).toBe('string')
          try {
            timed(() => parseJsonText(text))
          } catch (error) {
            expectClearRejection(error, ImportError)
          }
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
