/**
 * Insomnia (v4 JSON, v5 YAML) and OpenAPI / Swagger files, fuzzed: documents shaped like the
 * formats with any field replaced, dropped or of the wrong type, `__proto__` keys and unicode,
 * and real exports cut short or with a byte changed, read through the one import entry point.
 * Each is read (what was read survives a Sendbox export and re-import unchanged, every skipped
 * item is one clear line) or refused with an `ImportError` whose message is one clear line.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { ImportError } from '../../src/model/import/import-error.ts'
import { importSource } from '../../src/model/import/import-source.ts'
import { parseInsomniaV4 } from '../../src/model/import/insomnia-v4.ts'
import { parseInsomniaV5 } from '../../src/model/import/insomnia-v5.ts'
import { parseOpenApi } from '../../src/model/import/openapi.ts'
import { parseYamlOrJson } from '../../src/model/import/yaml-text.ts'
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
  fc.constantFrom('__proto__', 'constructor', '{{ _.v }}', "{{ _['a b'] }}", '{% uuid %}', '‮x‬', '{x}'),
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
const url = named('https://a.example/p?q=1', '{{ _.base }}/users/:id', 'wss://a.example/ws', '', '/relative')
const method = named('GET', 'post', 'PUT', 'CONNECT', 'TRACE', '')

// Insomnia
const row = record({
  name: loose(text),
  value: loose(text),
  disabled: loose(fc.boolean()),
  type: loose(named('file', 'text')),
  fileName: loose(text),
})
const auth = record({
  type: loose(named('basic', 'bearer', 'apikey', 'oauth2', 'iam', 'ntlm', 'none', '')),
  disabled: loose(fc.boolean()),
  username: loose(text),
  token: loose(text),
  prefix: loose(named('Bearer', 'Token', '')),
  key: loose(text),
  value: loose(text),
  addTo: loose(named('header', 'queryParams')),
  grantType: loose(named('client_credentials', 'authorization_code', 'password', 'implicit')),
})
const body = record({
  mimeType: loose(
    named(
      'application/json',
      'multipart/form-data',
      'application/x-www-form-urlencoded',
      'application/graphql',
      'application/octet-stream',
      'text/plain',
      '',
    ),
  ),
  text: loose(fc.oneof(text, fc.constant('{"query":"{ a }","variables":{"n":1}}'))),
  params: list(row),
  fileName: loose(text),
})
const requestFields = {
  name: loose(text),
  method: loose(method),
  url: loose(url),
  parameters: list(row),
  headers: list(row),
  pathParameters: list(record({ name: loose(named('id')), value: loose(text) })),
  body: loose(body),
  authentication: loose(auth),
}
const environmentData = loose(
  fc.dictionary(text, fc.oneof(text, fc.integer(), fc.constant({ a: { b: 1 } }), fc.constant([1]))),
)
const kvPairs = list(
  record({
    name: loose(text),
    value: loose(text),
    type: loose(named('str', 'secret')),
    enabled: loose(fc.boolean()),
  }),
)
const ids = fc.constantFrom('w', 'g1', 'g2', 'r1', 'e', 'e2', '', 'missing')
const resource = record({
  _id: loose(ids),
  _type: loose(
    named(
      'workspace',
      'request_group',
      'request',
      'environment',
      'cookie_jar',
      'websocket_request',
      'grpc_request',
      'api_spec',
      'unit_test',
    ),
  ),
  parentId: loose(ids),
  metaSortKey: loose(fc.integer()),
  data: environmentData,
  kvPairData: kvPairs,
  environment: environmentData,
  preRequestScript: loose(text),
  afterResponseScript: loose(text),
  cookies: list(anyJson, 1),
  contents: loose(text),
  ...requestFields,
})
const insomniaV4 = fc.oneof(
  record({
    _type: loose(fc.constant('export')),
    __export_format: loose(fc.constant(4)),
    resources: list(resource, 8),
  }),
  anyJson,
)
const meta = record({ id: loose(text), sortKey: loose(fc.integer()) })
const scripts = record({ preRequest: loose(text), afterResponse: loose(text) })
let item: fc.Arbitrary<unknown> = fc.oneof(
  record({ meta: loose(meta), scripts: loose(scripts), ...requestFields }),
  record({ name: loose(text), url: loose(url), meta: loose(meta) }),
  record({ name: loose(text), url: loose(url), protoMethodName: loose(text) }),
)
for (let depth = 0; depth < 3; depth++) {
  item = fc.oneof(
    item,
    record({
      name: loose(text),
      meta: loose(meta),
      children: list(item, 3),
      environment: environmentData,
      authentication: loose(auth),
      scripts: loose(scripts),
    }),
  )
}
const insomniaV5 = fc.oneof(
  record({
    type: loose(
      named(
        'collection.insomnia.rest/5.0',
        'spec.insomnia.rest/5.0',
        'environment.insomnia.rest/5.0',
        'mock.insomnia.rest/5.0',
      ),
    ),
    name: loose(text),
    meta: loose(meta),
    collection: list(item, 4),
    environments: loose(
      record({
        name: loose(text),
        data: environmentData,
        kvPairData: kvPairs,
        subEnvironments: list(record({ name: loose(text), data: environmentData }), 2),
      }),
    ),
    cookieJar: loose(record({ cookies: list(anyJson, 1) })),
    spec: loose(record({ contents: loose(fc.oneof(text, fc.constant({ openapi: '3.1.0' }))) })),
    testSuites: list(record({ name: loose(text) }), 1),
  }),
  anyJson,
)

// OpenAPI
const schema: fc.Arbitrary<unknown> = fc.letrec((tie) => ({
  node: fc.oneof(
    { depthSize: 'small' },
    record({
      type: loose(named('string', 'integer', 'boolean', 'null', 'object', 'array')),
      format: loose(named('date', 'binary', 'uuid')),
      example: anyJson,
      enum: list(anyJson, 2),
    }),
    record({
      type: fc.constant('object'),
      properties: loose(fc.dictionary(text, tie('node'), { maxKeys: 3 })),
      required: list(text, 2),
    }),
    record({ type: fc.constant('array'), items: tie('node') }),
    record({ allOf: list(tie('node'), 2), oneOf: list(tie('node'), 2) }),
    fc.constantFrom({ $ref: '#/components/schemas/Node' }, { $ref: '#/components/schemas/Missing' }),
  ),
})).node
const parameter = record({
  name: loose(named('id', 'q', 'X-Key', '__proto__')),
  in: loose(named('path', 'query', 'header', 'cookie', 'body')),
  required: loose(fc.boolean()),
  schema: loose(schema),
  example: anyJson,
})
const operation = record({
  summary: loose(text),
  operationId: loose(text),
  tags: list(text, 2),
  parameters: list(parameter, 3),
  requestBody: loose(
    record({
      content: loose(
        fc.dictionary(
          named(
            'application/json',
            'multipart/form-data',
            'application/x-www-form-urlencoded',
            'text/plain',
            'application/xml',
          ),
          record({ schema: loose(schema), example: anyJson }),
          { maxKeys: 2 },
        ),
      ),
    }),
  ),
  security: list(
    fc.dictionary(named('key', 'basic', 'oauth', 'cookie', 'none'), fc.array(text, { maxLength: 1 }), {
      maxKeys: 2,
    }),
    2,
  ),
  responses: loose(fc.constant({ 200: { description: 'ok' } })),
})
const pathItem = record({
  get: loose(operation),
  post: loose(operation),
  trace: loose(operation),
  parameters: list(parameter, 1),
})
const securitySchemes = fc.constant({
  key: { type: 'apiKey', in: 'header', name: 'X-Key' },
  basic: { type: 'http', scheme: 'basic' },
  cookie: { type: 'apiKey', in: 'cookie', name: 'c' },
  oauth: { type: 'oauth2', flows: { implicit: { authorizationUrl: 'https://a.example', scopes: {} } } },
})
const openapi = fc.oneof(
  record({
    openapi: loose(named('3.0.3', '3.1.0', '3.2.0', '2.0')),
    info: loose(record({ title: loose(text), version: loose(text) })),
    servers: list(
      record({
        url: loose(named('https://a.example/{v}', '/api', '')),
        variables: loose(fc.constant({ v: { default: 'v1' } })),
      }),
      2,
    ),
    paths: loose(fc.dictionary(named('/a', '/a/{id}', '/b/{q}', 'nope'), pathItem, { maxKeys: 3 })),
    components: loose(
      record({ schemas: loose(fc.record({ Node: schema })), securitySchemes: loose(securitySchemes) }),
    ),
    security: list(fc.dictionary(named('key', 'basic'), fc.constant([]), { maxKeys: 1 }), 1),
    webhooks: loose(fc.dictionary(text, pathItem, { maxKeys: 1 })),
  }),
  record({
    swagger: fc.constant('2.0'),
    info: loose(record({ title: loose(text), version: loose(text) })),
    host: loose(text),
    basePath: loose(named('/v1', '')),
    paths: loose(fc.dictionary(named('/a', '/a/{id}'), pathItem, { maxKeys: 2 })),
  }),
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

const fixture = (name: string) =>
  readFileSync(resolve(import.meta.dirname, '../fixtures/import', name), 'utf8')

describe('fuzz: Insomnia and OpenAPI importers', () => {
  it(
    'Insomnia v4 exports',
    () => {
      fc.assert(
        fc.property(insomniaV4, (doc) =>
          readOrRefuse(() => {
            const { value, report } = parseInsomniaV4(doc)
            return { report, collections: value.collections }
          }),
        ),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'Insomnia v5 YAML',
    () => {
      fc.assert(
        // One case in four goes through YAML text and the entry point (YAML parsing is the slow part).
        fc.property(
          insomniaV5,
          fc.nat(3).map((n) => n === 0),
          (doc, asText) =>
            readOrRefuse(() => {
              if (asText) {
                const bundle = importSource({ kind: 'file', name: 'x.yaml', text: stringify(doc) })
                return { report: bundle.report, collections: bundle.collections }
              }
              const { value, report } = parseInsomniaV5(doc)
              return { report, collections: value.collections }
            }),
        ),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'OpenAPI and Swagger documents',
    () => {
      // The validator compiles its schemas on first use: that is not a case's time.
      for (const name of ['petstore-3.0.yaml', 'swagger-2.0.json', 'circular-3.1.json'])
        parseOpenApi(parseYamlOrJson(fixture(`openapi/${name}`)))
      parseOpenApi({ ...(parseYamlOrJson(fixture('openapi/circular-3.1.json')) as object), openapi: '3.2.0' })
      fc.assert(
        fc.property(openapi, (doc) =>
          readOrRefuse(() => {
            const { value, report } = parseOpenApi(doc)
            return { report, collections: [value] }
          }),
        ),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'real files cut short or with a byte changed: read as detected, or one clear refusal',
    () => {
      const sources = [
        'insomnia/v4-full.json',
        'insomnia/v5-full.yaml',
        'openapi/petstore-3.0.yaml',
        'openapi/swagger-2.0.json',
        'openapi/circular-3.1.json',
      ].map(fixture)
      const damaged = fc
        .tuple(fc.constantFrom(...sources), fc.nat(), fc.boolean(), fc.string({ maxLength: 2 }))
        .map(([source, at, cut, insert]) => {
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
        // Whole real files, YAML parsed each time (about 20 ms a case here): a fifth of the cases
        // of the shaped properties above, which reach the same parsers 10,000 times each.
        fuzzParams(Math.ceil(FUZZ_RUNS / 5)),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
