import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeCollection, makeEnvironment, makeRow, makeVariable } from '../factories.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  exportCollection,
  importCollection,
  initDevice,
  initWorkspace,
  readCollection,
  setAuth,
  setVariables,
} from '../workspace/api.ts'
import type { Collection, Folder, RequestSpec, TreeItem } from '../types.ts'
import { parseEnvironment } from './environment.ts'
import { ImportError } from './import-error.ts'
import { importSource } from './import-source.ts'
import {
  parseSendboxCollection,
  SendboxFormatError,
  serializeSendboxCollection,
  serializeSendboxEnvironment,
} from './sendbox.ts'

function file(collection: unknown): string {
  return JSON.stringify({ sendbox: 1, collection })
}

const request = (fields: object = {}) => ({
  type: 'request',
  name: 'R',
  method: 'GET',
  url: 'http://127.0.0.1/',
  ...fields,
})

describe('parseSendboxCollection: the first problem, named by path and reason', () => {
  it.each([
    ['not JSON', '{"sendbox": 1,', /^\$: not valid JSON/],
    ['not an object', '[1]', /^\$: expected an object, got an array$/],
    ['another format', '{"info": {}}', /^sendbox: missing: not a Sendbox collection file$/],
    [
      'a newer version',
      '{"sendbox": 2, "collection": {}}',
      /^sendbox: unsupported version 2 \(expected 1\)$/,
    ],
    ['no collection', '{"sendbox": 1}', /^collection: missing$/],
    [
      'a version with an invisible character',
      '{"sendbox": "1\u200B"}',
      /^sendbox: unsupported version "1U\+200B" \(expected 1\)$/,
    ],
    [
      'a duplicate id with an invisible character',
      JSON.stringify({
        sendbox: 1,
        collection: { id: 'a\u2028', name: 'C', variables: [{ id: 'a\u2028', key: 'k' }] },
      }),
      /^collection\.variables\[0\]\.id: duplicate id "aU\+2028"$/,
    ],
    ['no collection name', file({ children: [] }), /^collection\.name: missing$/],
    ['a name of the wrong type', file({ name: 5 }), /^collection\.name: expected a string, got number 5$/],
    [
      'children not an array',
      file({ name: 'C', children: {} }),
      /^collection\.children: expected an array, got an object$/,
    ],
    [
      'an unknown item type',
      file({ name: 'C', children: [{ type: 'doc' }] }),
      /^collection\.children\[0\]\.type: expected one of folder, request, got string "doc"$/,
    ],
    [
      'a bad method deep down',
      file({
        name: 'C',
        children: [request(), { type: 'folder', name: 'F', children: [request({ method: 'FETCH' })] }],
      }),
      /^collection\.children\[1\]\.children\[0\]\.method: expected one of GET, POST, PUT, PATCH, DELETE, HEAD, OPTIONS, got string "FETCH"$/,
    ],
    [
      'a request without url',
      file({ name: 'C', children: [request({ url: undefined })] }),
      /^collection\.children\[0\]\.url: missing$/,
    ],
    [
      'a header row without key',
      file({ name: 'C', children: [request({ headers: [{ value: 'x' }] })] }),
      /^collection\.children\[0\]\.headers\[0\]\.key: missing$/,
    ],
    [
      'an unknown auth type',
      file({ name: 'C', auth: { type: 'ntlm' } }),
      /^collection\.auth\.type: expected one of inherit, none, bearer, apikey, basic, oauth2, sigv4, digest, oauth1, hawk, unsupported, got string "ntlm"$/,
    ],
    [
      'a bad body',
      file({ name: 'C', children: [request({ body: { type: 'raw', language: 'yaml' } })] }),
      /^collection\.children\[0\]\.body\.language: expected one of text, json, xml, got string "yaml"$/,
    ],
    [
      'a variable flag of the wrong type',
      file({ name: 'C', variables: [{ key: 'a', secret: 'yes' }] }),
      /^collection\.variables\[0\]\.secret: expected true or false, got string "yes"$/,
    ],
    [
      'a duplicate id',
      file({ name: 'C', children: [request({ id: 'x' }), request({ id: 'x' })] }),
      /^collection\.children\[1\]\.id: duplicate id "x"$/,
    ],
  ])('%s', (_case, input, message) => {
    let caught: unknown
    try {
      parseSendboxCollection(input)
    } catch (error) {
      caught = error
    }
    expect(caught).toBeInstanceOf(SendboxFormatError)
    expect(caught).toBeInstanceOf(ImportError)
    expect((caught as SendboxFormatError).message).toMatch(message)
    expect((caught as SendboxFormatError).message).not.toContain('\n')
  })

  it('fills defaults for what a hand-written file leaves out', () => {
    const collection = parseSendboxCollection({
      sendbox: 1,
      collection: {
        name: 'Minimal',
        children: [
          { type: 'request', url: 'http://127.0.0.1/get' },
          { type: 'request', kind: 'graphql', url: 'http://127.0.0.1/graphql' },
        ],
      },
    })
    const [plain, graphql] = collection.children as RequestSpec[]
    expect(collection.auth).toEqual({ type: 'none' })
    expect(plain).toMatchObject({
      kind: 'http',
      method: 'GET',
      auth: { type: 'inherit' },
      body: { type: 'none' },
      headers: [],
    })
    expect(graphql).toMatchObject({
      kind: 'graphql',
      method: 'POST',
      body: { type: 'graphql', query: '', variables: '' },
    })
    expect(plain!.id).not.toBe(graphql!.id)
  })
})

/** The tree without ids, to compare a copy with its original. */
function withoutIds(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutIds)
  if (value === null || typeof value !== 'object') return value
  return Object.fromEntries(
    Object.entries(value)
      .filter(([key]) => key !== 'id')
      .map(([key, field]) => [key, withoutIds(field)]),
  )
}

describe('export and import', () => {
  it('round-trips a collection through the file', () => {
    const doc = new Y.Doc()
    const device = new Y.Doc()
    initWorkspace(doc)
    initDevice(device)
    const id = createCollection(doc, { name: 'Shop' })
    setAuth(doc, id, { type: 'apikey', key: 'X-Key', value: '{{key}}', addTo: 'header' })
    setVariables(doc, device, { scope: 'collection', id }, [
      makeVariable({ key: 'base', value: 'http://127.0.0.1' }),
      makeVariable({ key: 'key', value: 'never-exported', secret: true }),
    ])
    const folder = createFolder(doc, { parentId: id }, { name: 'Orders' })
    createRequest(
      doc,
      { parentId: folder },
      {
        name: 'Create',
        method: 'POST',
        url: '{{base}}/orders',
        headers: [makeRow({ key: 'Accept', value: 'application/json', description: 'why' })],
        body: {
          type: 'form-data',
          rows: [{ ...makeRow({ key: 'file' }), type: 'file', fileName: 'a.txt', fileRef: 'idb:1' }],
        },
      },
    )
    createRequest(
      doc,
      { parentId: id },
      {
        name: 'Query',
        kind: 'graphql',
        body: { type: 'graphql', query: '{ a }', variables: '{}', operationName: 'A' },
      },
    )

    const text = serializeSendboxCollection(exportCollection(doc, id)!.collection)
    expect(text).not.toContain('never-exported')
    const parsed = parseSendboxCollection(text)
    expect(parsed).toEqual(readCollection(doc, id))

    const copyId = importCollection(doc, parsed)
    const copy = readCollection(doc, copyId) as Collection
    expect(copyId).not.toBe(id)
    expect(withoutIds(copy)).toEqual(withoutIds(readCollection(doc, id)))
    const ids = (items: TreeItem[]): string[] =>
      items.flatMap((item) => [item.id, ...('children' in item ? ids((item as Folder).children) : [])])
    const originalIds = new Set(ids(parsed.children))
    expect(ids(copy.children).filter((itemId) => originalIds.has(itemId))).toEqual([])
  })
})

describe('environment files', () => {
  it('writes what the environment reader reads, without secret values', () => {
    const environment = {
      id: 'e1',
      name: 'Dev',
      variables: [
        makeVariable({ key: 'base', value: 'http://127.0.0.1' }),
        makeVariable({ key: 'pw', value: 'hidden', secret: true }),
      ],
    }
    const text = serializeSendboxEnvironment(environment)
    expect(text).not.toContain('hidden')
    const parsed = parseEnvironment(JSON.parse(text))
    expect(parsed.name).toBe('Dev')
    expect(parsed.variables.map(({ key, value, secret }) => ({ key, value, secret }))).toEqual([
      { key: 'base', value: 'http://127.0.0.1', secret: false },
      { key: 'pw', value: '', secret: true },
    ])
  })
})

describe('Sendbox collection file with environments', () => {
  it('writes the environments beside the collection and reads them back; a bad one names its path', () => {
    const collection = makeCollection({ name: 'C' })
    const environment = makeEnvironment({
      name: 'Prod',
      variables: [makeVariable({ key: 'k', value: 'v', secret: true })],
    })
    const text = serializeSendboxCollection(collection, [environment])
    const bundle = importSource({ kind: 'file', name: 'c.json', text })
    expect(bundle.collections).toEqual([collection])
    expect(
      bundle.environments.map((e) => [e.name, e.variables.map((v) => [v.key, v.value, v.secret])]),
    ).toEqual([['Prod', [['k', 'v', true]]]])
    expect(JSON.parse(serializeSendboxCollection(collection))).not.toHaveProperty('environments')
    const bad = JSON.parse(text) as { environments: { variables: { key: unknown }[] }[] }
    bad.environments[0]!.variables[0]!.key = 5
    expect(() => importSource({ kind: 'file', name: 'c.json', text: JSON.stringify(bad) })).toThrow(
      'Sendbox collection export: environments[0].variables[0].key: expected a string, found number 5',
    )
  })
})
