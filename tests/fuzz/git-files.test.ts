/**
 * The git mirror's file format, fuzzed: any request or tree written as files reads back equal
 * (secrets aside), any name survives escaping, and any text is read or refused with one clear
 * `GitFileError` naming the file and line.
 */
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { escapeName, MAX_NAME_BYTES, unescapeName } from '../../src/model/git/file-names.ts'
import {
  GitFileError,
  requestToText,
  SECRET_AUTH_FIELDS,
  textToRequest,
} from '../../src/model/git/item-file.ts'
import { collectionsToFiles, filesToCollections } from '../../src/model/git/tree-files.ts'
import { MESSAGE_FORMATS } from '../../src/model/realtime/websocket.ts'
import {
  HTTP_METHODS,
  REQUEST_KINDS,
  type Auth,
  type Collection,
  type Folder,
  type RequestSpec,
  type TreeItem,
} from '../../src/model/types.ts'
import { expectClearRejection, fuzzParams, FUZZ_TIMEOUT_MS, timed } from './fuzz.ts'

const hostile = fc.oneof(
  fc.string({ maxLength: 12 }),
  fc.string({ maxLength: 6, unit: 'binary' }),
  fc.constantFrom(
    '',
    ' ',
    '---',
    'true',
    '123',
    'null',
    '~',
    '- x',
    'a: b',
    '#c',
    '|',
    '>',
    '"',
    "'",
    '\n',
    '\r\n',
    '\t',
    '  lead',
    'trail  \n',
    '{{x}}',
    '%00',
    '..',
    'CON',
    '_folder',
    '🚀',
    'مرحبا',
  ),
  fc
    .array(fc.constantFrom('a', ' ', '\n', '\t', '"', "'", ':', '#', '-', '\r', '\\', '%', '.'), {
      maxLength: 10,
    })
    .map((parts) => parts.join('')),
)
const id = fc.uuid()
/** A description, or none: the files leave out an empty one, as the workspace does. */
const description = fc.option(
  hostile.filter((text) => text !== ''),
  { nil: undefined },
)
const row = fc.record({ id, key: hostile, value: hostile, enabled: fc.boolean() })
const auth: fc.Arbitrary<Auth> = fc.oneof(
  fc.constant({ type: 'inherit' as const }),
  fc.constant({ type: 'none' as const }),
  fc.record({ type: fc.constant('bearer' as const), token: hostile }),
  fc.record({ type: fc.constant('basic' as const), username: hostile, password: hostile }),
  fc.record({
    type: fc.constant('apikey' as const),
    key: hostile,
    value: hostile,
    addTo: fc.constantFrom('header' as const, 'query' as const),
  }),
)
const body: fc.Arbitrary<RequestSpec['body']> = fc.oneof(
  fc.constant({ type: 'none' as const }),
  fc.record({
    type: fc.constant('raw' as const),
    language: fc.constantFrom('text' as const, 'json' as const, 'xml' as const),
    text: hostile,
  }),
  fc.record({ type: fc.constant('urlencoded' as const), rows: fc.array(row, { maxLength: 3 }) }),
  fc.record({ type: fc.constant('graphql' as const), query: hostile, variables: hostile }),
)
const message = fc.record({ format: fc.constantFrom(...MESSAGE_FORMATS), text: hostile })
const websocket = fc.record({
  message,
  saved: fc.array(
    fc.record({ id, name: hostile, format: fc.constantFrom(...MESSAGE_FORMATS), text: hostile }),
    {
      maxLength: 2,
    },
  ),
})
const grpc = fc.record({
  tls: fc.boolean(),
  source: fc.constantFrom('reflection' as const, 'proto' as const),
  protoFiles: fc.array(fc.record({ name: hostile.filter((name) => name.trim() !== ''), text: hostile }), {
    maxLength: 2,
  }),
  service: hostile,
  method: hostile,
  message: hostile,
  deadlineMs: fc.nat(),
})
const plainRequest: fc.Arbitrary<RequestSpec> = fc.record({
  type: fc.constant('request' as const),
  id,
  kind: fc.constantFrom(...REQUEST_KINDS),
  name: hostile,
  method: fc.constantFrom(...HTTP_METHODS),
  url: hostile,
  params: fc.array(row, { maxLength: 3 }),
  headers: fc.array(row, { maxLength: 3 }),
  cookies: fc.array(row, { maxLength: 2 }),
  body,
  auth,
  scripts: fc.record({ preRequest: hostile, postResponse: hostile }),
  description,
})
const request: fc.Arbitrary<RequestSpec> = fc
  .tuple(plainRequest, websocket, grpc)
  .map(([spec, settings, call]) =>
    spec.kind === 'websocket'
      ? { ...spec, websocket: settings }
      : spec.kind === 'grpc'
        ? { ...spec, grpc: call }
        : spec,
  )

function blankSecrets<T extends { auth: Auth }>(item: T): T {
  const copy: Record<string, unknown> = { ...item.auth }
  for (const field of SECRET_AUTH_FIELDS) if (field in copy) copy[field] = ''
  return { ...item, auth: copy as Auth }
}

const tree: fc.Arbitrary<TreeItem[]> = fc.letrec<{ items: TreeItem[] }>((tie) => ({
  items: fc.array(
    fc.oneof(
      { weight: 3, arbitrary: request.map(blankSecrets) },
      {
        weight: 1,
        arbitrary: fc.record({
          type: fc.constant('folder' as const),
          id,
          name: hostile,
          auth: fc.constant({ type: 'inherit' as const }),
          variables: fc.constant([] as Folder['variables']),
          scripts: fc.record({ preRequest: hostile, postResponse: fc.constant('') }),
          description,
          children: tie('items'),
        }),
      },
    ),
    { maxLength: 4, depthIdentifier: 'tree' },
  ),
})).items

describe('git files (fuzz)', () => {
  it(
    'any name escapes to a safe file name and back',
    () => {
      fc.assert(
        fc.property(hostile, fc.string({ maxLength: 80 }), (a, b) => {
          for (const name of [a, b, a + b]) {
            const file = escapeName(name)
            expect(file).not.toMatch(/[\\/:*?"<>|\u0000-\u001f]|^\.|[. ]$/u)
            if (new TextEncoder().encode(file).length < MAX_NAME_BYTES) expect(unescapeName(file)).toBe(name)
          }
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'any request reads back equal, secrets aside',
    () => {
      fc.assert(
        fc.property(request, (value) => {
          const read = timed(() => textToRequest(requestToText(value), 'r.yaml'))
          expect(read).toEqual(blankSecrets(value))
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'any tree of folders and requests reads back equal, order included',
    () => {
      fc.assert(
        fc.property(
          fc.array(fc.tuple(id, hostile, tree, description), { minLength: 1, maxLength: 3 }),
          (parts) => {
            const collections: Collection[] = parts.map(([collectionId, name, children, about]) => ({
              id: collectionId,
              name,
              description: about,
              auth: { type: 'none' },
              variables: [],
              scripts: { preRequest: '', postResponse: '' },
              children,
            }))
            const ids = new Set<string>()
            const unique = JSON.stringify(collections).match(/"id":"[^"]+"/g) ?? []
            fc.pre(unique.every((entry) => !ids.has(entry) && ids.add(entry)))
            const read = timed(() => filesToCollections(collectionsToFiles(collections)))
            const byId = (list: Collection[]) => [...list].sort((a, b) => (a.id < b.id ? -1 : 1))
            expect(byId(read)).toEqual(byId(collections))
          },
        ),
        fuzzParams(500),
      )
    },
    FUZZ_TIMEOUT_MS,
  )

  it(
    'any text is read or refused with one clear GitFileError',
    () => {
      const text = fc.oneof(
        fc.string({ maxLength: 60 }),
        request
          .map((value) => requestToText(value))
          .chain((valid) =>
            fc
              .tuple(fc.nat(valid.length), fc.nat(8), hostile)
              .map(([at, cut, insert]) => valid.slice(0, at) + insert + valid.slice(at + cut)),
          ),
      )
      fc.assert(
        fc.property(text, (value) => {
          try {
            timed(() => textToRequest(value, 'c/r.yaml'))
          } catch (error) {
            expectClearRejection(error, GitFileError)
            expect((error as Error).message).toMatch(/^c\/r\.yaml:\d+: /)
          }
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
