/**
 * Saved responses through every path that keeps them: the workspace doc (and two people adding
 * examples at once), the Sendbox file, and Postman's format as newman's own SDK reads it.
 */
import { createRequire } from 'node:module'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { postmanCollectionText } from '../../src/model/export/postman.ts'
import { requestToText, textToRequest } from '../../src/model/git/item-file.ts'
import { makeCollection, makeRequest } from '../../src/model/factories.ts'
import { importSource } from '../../src/model/import/import-source.ts'
import { serializeSendboxCollection } from '../../src/model/import/sendbox.ts'
import type { Collection, RequestSpec, SavedResponse } from '../../src/model/types.ts'
import { importCollection, updateRequest } from '../../src/model/workspace/actions.ts'
import { readCollection, readRequest } from '../../src/model/workspace/read.ts'

const sdk = createRequire(import.meta.url)('postman-collection') as {
  Collection: new (json: unknown) => {
    forEachItem(
      fn: (item: {
        name: string
        responses: {
          all(): {
            name: string
            code: number
            status: string
            text(): string
            headers: { get(name: string): string }
          }[]
        }
      }) => void,
    ): void
  }
}

const example = (id: string, fields: Partial<SavedResponse> = {}): SavedResponse => ({
  id,
  name: `Example ${id}`,
  status: 200,
  statusText: 'OK',
  headers: [{ key: 'Content-Type', value: 'application/json' }],
  body: '{"ok": true, "text": "ü \\" \\n"}',
  request: {
    method: 'POST',
    url: '{{baseUrl}}/items/:id',
    headers: [{ key: 'X-Trace', value: '1' }],
    body: '{"a":1}',
  },
  ...fields,
})

const withExamples = () =>
  makeCollection({
    name: 'Items',
    children: [
      makeRequest({
        name: 'Create',
        method: 'POST',
        url: 'http://x/items',
        examples: [example('a'), example('b', { status: 422, statusText: 'Unprocessable', body: 'no' })],
      }),
    ],
  })

function firstRequest(collection: Collection): RequestSpec {
  return collection.children[0] as RequestSpec
}

describe('examples in the workspace doc', () => {
  it('are stored and read back in order, edited and deleted one by one', () => {
    const doc = new Y.Doc()
    const id = importCollection(doc, withExamples())
    const request = firstRequest(readCollection(doc, id)!)
    expect(request.examples!.map((e) => e.id)).toEqual(['a', 'b'])
    expect(request.examples![0]).toEqual(example('a'))
    updateRequest(doc, request.id, { examples: [example('b', { name: 'Renamed' })] })
    expect(readRequest(doc, request.id)!.examples).toEqual([example('b', { name: 'Renamed' })])
    updateRequest(doc, request.id, { examples: [] })
    expect(readRequest(doc, request.id)).not.toHaveProperty('examples')
  })

  it('two people adding and deleting examples at once both keep what they did', () => {
    const a = new Y.Doc()
    const id = importCollection(a, withExamples())
    const b = new Y.Doc()
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    const requestId = firstRequest(readCollection(a, id)!).id
    const base = readRequest(a, requestId)!.examples!
    // A adds one; B deletes "a". Each saves its draft against the same base.
    updateRequest(a, requestId, { examples: [...base, example('c')] }, undefined, { examples: base })
    updateRequest(b, requestId, { examples: base.slice(1) }, undefined, { examples: base })
    Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
    Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
    expect(readRequest(a, requestId)!.examples!.map((e) => e.id)).toEqual(['b', 'c'])
    expect(readRequest(b, requestId)!.examples).toEqual(readRequest(a, requestId)!.examples)
  })
})

describe('examples in files', () => {
  it('round-trip through the Sendbox file', () => {
    const text = serializeSendboxCollection(withExamples())
    const back = importSource({ kind: 'file', name: 'items.json', text }).collections[0]!
    expect(firstRequest(back).examples).toEqual(firstRequest(withExamples()).examples)
  })

  it("are written to Postman's format as newman's SDK reads them, and read back unchanged", () => {
    const text = postmanCollectionText(withExamples(), { includeSecrets: false })
    const names: string[] = []
    new sdk.Collection(JSON.parse(text)).forEachItem((item) => {
      for (const response of item.responses.all())
        names.push(
          `${response.name} ${response.code} ${response.status} ${response.headers.get('Content-Type')} ${response.text()}`,
        )
    })
    expect(names).toEqual([
      'Example a 200 OK application/json {"ok": true, "text": "ü \\" \\n"}',
      'Example b 422 Unprocessable application/json no',
    ])
    const back = importSource({ kind: 'file', name: 'items.postman_collection.json', text }).collections[0]!
    expect(firstRequest(back).examples).toEqual(firstRequest(withExamples()).examples)
  })

  it("are kept in the git mirror's request file and read back unchanged", () => {
    const request = firstRequest(withExamples())
    const text = requestToText(request)
    expect(text).toContain('examples:\n  - id: a\n    name: Example a\n    status: 200')
    expect(textToRequest(text, 'Items/Create.yaml').examples).toEqual(request.examples)
  })
})
