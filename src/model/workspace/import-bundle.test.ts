import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeCollection, makeEnvironment, makeFolder, makeRequest, makeVariable } from '../factories.ts'
import {
  applyImport,
  createCollection,
  encodeImport,
  initWorkspace,
  listCollections,
  listEnvironments,
  readCollection,
  readSecret,
  subscribe,
} from './api.ts'

function imported() {
  const token = makeVariable({ key: 'token', value: 's3cret', secret: true })
  const base = makeVariable({ key: 'baseUrl', value: 'http://x' })
  return {
    collections: [
      makeCollection({
        name: 'Shop',
        variables: [token, base],
        children: [
          makeFolder({ name: 'Orders', children: [makeRequest({ name: 'List', url: '{{baseUrl}}/o' })] }),
        ],
      }),
    ],
    environments: [
      makeEnvironment({ name: 'Prod', variables: [makeVariable({ key: 'key', value: 'k', secret: true })] }),
    ],
  }
}

describe('an import built in a scratch doc and applied to the workspace', () => {
  it('lands in one transaction after the existing collections, with fresh ids and secrets on the device', () => {
    const doc = new Y.Doc()
    const device = new Y.Doc()
    initWorkspace(doc)
    createCollection(doc, { name: 'Mine' })
    const items = imported()
    const { update, written } = encodeImport(items)
    let transactions = 0
    subscribe(doc, () => transactions++)
    applyImport(doc, device, update, written)

    expect(transactions).toBe(1)
    expect(listCollections(doc).map((c) => c.name)).toEqual(['Mine', 'Shop'])
    expect(listEnvironments(doc).map((e) => e.name)).toEqual(['Prod'])
    const shop = readCollection(doc, written.collectionIds[0]!)!
    expect(shop.id).not.toBe(items.collections[0]!.id)
    expect(shop.children[0]!.type === 'folder' && shop.children[0]!.children[0]!.name).toBe('List')
    // The workspace holds the secret's row with an empty value; the device holds the value.
    const token = shop.variables.find((v) => v.key === 'token')!
    expect(token.value).toBe('')
    expect(readSecret(device, token.id)?.value).toBe('s3cret')
    expect(JSON.stringify(Y.encodeStateAsUpdate(doc))).not.toContain('s3cret')
    const env = listEnvironments(doc)[0]!
    expect(readSecret(device, env.variables[0]!.id)?.value).toBe('k')
  })

  it('applies twice as two separate copies', () => {
    const doc = new Y.Doc()
    const device = new Y.Doc()
    initWorkspace(doc)
    const first = encodeImport(imported())
    const second = encodeImport(imported())
    applyImport(doc, device, first.update, first.written)
    applyImport(doc, device, second.update, second.written)
    expect(listCollections(doc).map((c) => c.id)).toEqual([
      ...first.written.collectionIds,
      ...second.written.collectionIds,
    ])
  })
})
