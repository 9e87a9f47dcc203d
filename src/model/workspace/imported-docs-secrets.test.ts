/**
 * What an import leaves in the workspace doc (the synced one): descriptions, and never a secret's
 * value (it goes to the device doc), read from the doc's bytes rather than from its reads.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeCollection, makeEnvironment, makeFolder, makeRequest, makeVariable } from '../factories.ts'
import { requestToText, textToRequest } from '../git/item-file.ts'
import type { RequestSpec } from '../types.ts'
import {
  applyImport,
  encodeImport,
  initWorkspace,
  listEnvironments,
  readCollection,
  createCollection,
  createRequest,
  readRequest,
  readSecret,
  setDescription,
  updateRequest,
} from './api.ts'

const SECRETS = ['collection-secret-4f2a', 'folder-secret-9c1b', 'environment-secret-7d3e']

function imported() {
  const request = makeRequest({ name: 'List', url: 'https://h/', description: 'All of them, **paged**' })
  return {
    collections: [
      makeCollection({
        name: 'Shop',
        description: '# Shop\n\nThe shop API.',
        variables: [makeVariable({ key: 'token', value: SECRETS[0], secret: true })],
        children: [
          makeFolder({
            name: 'Orders',
            description: 'Orders of the user',
            variables: [makeVariable({ key: 'pin', value: SECRETS[1], secret: true })],
            children: [request],
          }),
        ],
      }),
    ],
    environments: [
      makeEnvironment({
        name: 'Prod',
        variables: [makeVariable({ key: 'key', value: SECRETS[2], secret: true })],
      }),
    ],
  }
}

describe('an import in the workspace doc', () => {
  const doc = new Y.Doc()
  const device = new Y.Doc()
  initWorkspace(doc)
  const { update, written } = encodeImport(imported())
  applyImport(doc, device, update, written)
  const shop = readCollection(doc, written.collectionIds[0]!)!

  it('keeps the descriptions of the collection, its folders and requests', () => {
    expect(shop.description).toBe('# Shop\n\nThe shop API.')
    const orders = shop.children[0]!
    expect(orders.description).toBe('Orders of the user')
    expect(orders.type === 'folder' && orders.children[0]!.description).toBe('All of them, **paged**')
  })

  it('holds no secret value in its bytes (the synced document); the device doc holds them all', () => {
    const bytes = Buffer.from(Y.encodeStateAsUpdate(doc)).toString('latin1')
    for (const secret of SECRETS) expect(bytes).not.toContain(secret)
    // The scratch doc's update the worker hands the page carries none either.
    for (const secret of SECRETS) expect(Buffer.from(update).toString('latin1')).not.toContain(secret)
    const orders = shop.children[0]!
    const ids = [
      shop.variables[0]!.id,
      orders.type === 'folder' ? orders.variables[0]!.id : '',
      listEnvironments(doc)[0]!.variables[0]!.id,
    ]
    expect(ids.map((id) => readSecret(device, id)?.value)).toEqual(SECRETS)
  })

  it('a request file of the git mirror keeps the description', () => {
    const orders = shop.children[0]!
    const request = (orders.type === 'folder' ? orders.children[0] : undefined) as RequestSpec
    const back = textToRequest(requestToText(request), 'List.yml')
    expect(back.description).toBe('All of them, **paged**')
  })
})

describe('setDescription', () => {
  it('sets, replaces and (with blank text) removes the description of a collection, folder or request', () => {
    const doc = new Y.Doc()
    const device = new Y.Doc()
    initWorkspace(doc)
    const { update, written } = encodeImport(imported())
    applyImport(doc, device, update, written)
    const id = written.collectionIds[0]!
    const folder = readCollection(doc, id)!.children[0]!
    const request = folder.type === 'folder' ? folder.children[0]! : folder
    for (const target of [id, folder.id, request.id]) setDescription(doc, target, 'New text')
    let shop = readCollection(doc, id)!
    const inner = (c: typeof shop) => c.children[0]!
    const leaf = (c: typeof shop) => {
      const f = inner(c)
      return f.type === 'folder' ? f.children[0]! : f
    }
    expect([shop.description, inner(shop).description, leaf(shop).description]).toEqual(
      Array(3).fill('New text'),
    )
    for (const target of [id, folder.id, request.id]) setDescription(doc, target, '  ')
    shop = readCollection(doc, id)!
    expect([shop.description, inner(shop).description, leaf(shop).description]).toEqual(
      Array(3).fill(undefined),
    )
  })
})

describe("a request's description through Save (updateRequest with the draft's base)", () => {
  function saved() {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const collection = createCollection(doc, { name: 'Shop' })
    const id = createRequest(doc, { parentId: collection }, { name: 'List', description: 'Old notes' })
    const base = readRequest(doc, id)!
    return { doc, id, base }
  }

  it('writes an edited description; an untouched one leaves what another person wrote meanwhile', () => {
    const { doc, id, base } = saved()
    updateRequest(doc, id, { description: 'Theirs' })
    updateRequest(doc, id, { url: 'https://mine/', description: 'Old notes' }, undefined, base)
    expect(readRequest(doc, id)).toMatchObject({ url: 'https://mine/', description: 'Theirs' })
    updateRequest(doc, id, { description: 'Mine' }, undefined, base)
    expect(readRequest(doc, id)!.description).toBe('Mine')
  })

  it('a description cleared in the draft (blank text) is removed, not kept as an empty string', () => {
    const { doc, id, base } = saved()
    updateRequest(doc, id, { description: ' \n' }, undefined, base)
    expect(readRequest(doc, id)).not.toHaveProperty('description')
    expect(requestToText(readRequest(doc, id)!)).not.toContain('description')
  })
})
