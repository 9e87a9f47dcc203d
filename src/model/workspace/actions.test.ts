import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRow, makeVariable } from '../factories.ts'
import type { Folder, RequestSpec, TreeItem } from '../types.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  duplicateItem,
  findAncestors,
  initWorkspace,
  itemType,
  listCollections,
  listTree,
  moveItem,
  readCollection,
  readRequest,
  renameItem,
  setAuth,
  setScripts,
  setVariables,
  subscribe,
  TreeError,
  updateRequest,
  type WorkspaceChange,
} from './api.ts'
import { copyName } from './actions.ts'

/** A workspace with `API` → [`Users` → [`Get user`, `Admin` → [`Delete user`]], `Health`]. */
function sample() {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const api = createCollection(doc, { name: 'API' })
  const users = createFolder(doc, { parentId: api }, { name: 'Users' })
  const getUser = createRequest(doc, { parentId: users }, { name: 'Get user', url: '{{base}}/users/1' })
  const admin = createFolder(doc, { parentId: users }, { name: 'Admin' })
  const deleteUser = createRequest(doc, { parentId: admin }, { name: 'Delete user', method: 'DELETE' })
  const health = createRequest(doc, { parentId: api }, { name: 'Health' })
  return { doc, api, users, getUser, admin, deleteUser, health }
}

/** The tree as nested names, the shape a reader checks at a glance. */
function shape(items: TreeItem[]): unknown[] {
  return items.map((item) => (item.type === 'folder' ? { [item.name]: shape(item.children) } : item.name))
}

function names(doc: Y.Doc, collectionId: string): unknown[] {
  return shape(readCollection(doc, collectionId)!.children)
}

describe('creating and reading', () => {
  it('builds the plain tree of a collection in order', () => {
    const { doc, api } = sample()
    expect(names(doc, api)).toEqual([{ Users: ['Get user', { Admin: ['Delete user'] }] }, 'Health'])
    expect(readCollection(doc, api)!.name).toBe('API')
  })

  it('keeps request fields and fills the defaults', () => {
    const { doc, getUser } = sample()
    const request = readRequest(doc, getUser)!
    expect(request).toMatchObject({
      type: 'request',
      id: getUser,
      kind: 'http',
      method: 'GET',
      url: '{{base}}/users/1',
    })
    expect(request.auth).toEqual({ type: 'inherit' })
    expect(request.body).toEqual({ type: 'none' })
  })

  it('creates a GraphQL request with its preset', () => {
    const { doc, api } = sample()
    const id = createRequest(doc, { parentId: api }, { kind: 'graphql', name: 'Query' })
    const request = readRequest(doc, id)!
    expect(request.method).toBe('POST')
    expect(request.headers.map((row) => [row.key, row.value])).toEqual([['Content-Type', 'application/json']])
  })

  it('inserts at an index among the children', () => {
    const { doc, api } = sample()
    createRequest(doc, { parentId: api, index: 0 }, { name: 'First' })
    createRequest(doc, { parentId: api, index: 2 }, { name: 'Third' })
    expect(names(doc, api).map((item) => (typeof item === 'string' ? item : 'Users'))).toEqual([
      'First',
      'Users',
      'Third',
      'Health',
    ])
  })

  it('rejects a parent that does not exist', () => {
    const { doc } = sample()
    expect(() => createRequest(doc, { parentId: 'nope' })).toThrow(TreeError)
    expect(() => createFolder(doc, { parentId: 'nope' })).toThrow(TreeError)
  })

  it('does not let callers change the doc through returned or passed objects', () => {
    const { doc, getUser } = sample()
    const headers = [makeRow({ key: 'A', value: '1' })]
    updateRequest(doc, getUser, { headers })
    headers[0]!.value = 'changed'
    readRequest(doc, getUser)!.headers[0]!.value = 'changed too'
    expect(readRequest(doc, getUser)!.headers[0]!.value).toBe('1')
  })

  it('lists collections in sidebar order and tells item types apart', () => {
    const { doc, api, users, getUser } = sample()
    const second = createCollection(doc, { name: 'Second' })
    expect(listCollections(doc)).toEqual([
      { id: api, name: 'API' },
      { id: second, name: 'Second' },
    ])
    expect([itemType(doc, api), itemType(doc, users), itemType(doc, getUser), itemType(doc, 'x')]).toEqual([
      'collection',
      'folder',
      'request',
      undefined,
    ])
  })
})

describe('listTree', () => {
  it('lists only what is expanded, with depth and methods', () => {
    const { doc, api, users, admin } = sample()
    expect(
      listTree(doc, new Set()).map((row) => [row.name, row.depth, row.hasChildren, row.expanded]),
    ).toEqual([['API', 0, true, false]])
    const rows = listTree(doc, new Set([api, users, admin]))
    expect(rows.map((row) => [row.type, row.name, row.depth, row.method ?? null])).toEqual([
      ['collection', 'API', 0, null],
      ['folder', 'Users', 1, null],
      ['request', 'Get user', 2, 'GET'],
      ['folder', 'Admin', 2, null],
      ['request', 'Delete user', 3, 'DELETE'],
      ['request', 'Health', 1, 'GET'],
    ])
    expect(rows[1]).toMatchObject({ parentId: api, expanded: true, hasChildren: true })
  })

  it('marks an empty folder as having no children', () => {
    const { doc, api } = sample()
    createFolder(doc, { parentId: api }, { name: 'Empty' })
    const empty = listTree(doc, new Set([api])).find((row) => row.name === 'Empty')!
    expect(empty.hasChildren).toBe(false)
  })
})

describe('renaming, updating, auth and scripts', () => {
  it.each([
    ['collection', 'api'],
    ['folder', 'users'],
    ['request', 'getUser'],
  ] as const)('renames a %s', (_type, key) => {
    const fixture = sample()
    renameItem(fixture.doc, fixture[key], 'Renamed')
    const rows = listTree(fixture.doc, new Set([fixture.api, fixture.users]))
    expect(rows.find((row) => row.id === fixture[key])!.name).toBe('Renamed')
  })

  it('updates only the fields of the patch', () => {
    const { doc, getUser } = sample()
    updateRequest(doc, getUser, { method: 'PUT', body: { type: 'raw', language: 'json', text: '{"a":1}' } })
    const request = readRequest(doc, getUser)!
    expect(request).toMatchObject({ name: 'Get user', method: 'PUT', url: '{{base}}/users/1' })
    expect(request.body).toEqual({ type: 'raw', language: 'json', text: '{"a":1}' })
  })

  it('sets auth and scripts of collections, folders and requests', () => {
    const { doc, api, users, getUser } = sample()
    setAuth(doc, api, { type: 'bearer', token: '{{token}}' })
    setAuth(doc, users, { type: 'basic', username: 'u', password: 'p' })
    setAuth(doc, getUser, { type: 'none' })
    setScripts(doc, users, { preRequest: 'svc.variables.set("a", 1)' })
    setScripts(doc, users, { postResponse: 'svc.test("ok", () => {})' })
    const collection = readCollection(doc, api)!
    const folder = collection.children[0] as Folder
    expect(collection.auth).toEqual({ type: 'bearer', token: '{{token}}' })
    expect(folder.auth).toEqual({ type: 'basic', username: 'u', password: 'p' })
    expect(folder.scripts).toEqual({
      preRequest: 'svc.variables.set("a", 1)',
      postResponse: 'svc.test("ok", () => {})',
    })
    expect(readRequest(doc, getUser)!.auth).toEqual({ type: 'none' })
  })

  it('throws for an id that does not exist', () => {
    const { doc } = sample()
    expect(() => renameItem(doc, 'missing', 'x')).toThrow(TreeError)
    expect(() => updateRequest(doc, 'missing', { url: 'x' })).toThrow(TreeError)
  })
})

describe('duplicating', () => {
  it('copies a folder deeply with new ids right after the original', () => {
    const { doc, api, users } = sample()
    const { id, idMap } = duplicateItem(doc, users)
    const collection = readCollection(doc, api)!
    expect(shape(collection.children)).toEqual([
      { Users: ['Get user', { Admin: ['Delete user'] }] },
      { 'Users Copy': ['Get user', { Admin: ['Delete user'] }] },
      'Health',
    ])
    const ids = (items: TreeItem[]): string[] =>
      items.flatMap((item) => [item.id, ...(item.type === 'folder' ? ids(item.children) : [])])
    const original = ids([collection.children[0]!])
    const copy = ids([collection.children[1]!])
    expect(copy[0]).toBe(id)
    expect(copy.filter((copyId) => original.includes(copyId))).toEqual([])
    expect(original.map((originalId) => idMap.get(originalId))).toEqual(copy)
  })

  it('copies a request with its fields and new row ids', () => {
    const { doc, getUser, users } = sample()
    updateRequest(doc, getUser, { headers: [makeRow({ key: 'X', value: '1' })] })
    const { id } = duplicateItem(doc, getUser)
    const [original, copy] = [readRequest(doc, getUser)!, readRequest(doc, id)!]
    expect(copy.name).toBe('Get user Copy')
    expect(copy.url).toBe(original.url)
    expect(copy.headers[0]!.id).not.toBe(original.headers[0]!.id)
    expect(findAncestors(doc, id)!.folders[0]!.id).toBe(users)
  })

  it('a Server-Sent Events request keeps its kind when renamed, edited and duplicated', () => {
    const { doc, api } = sample()
    const id = createRequest(
      doc,
      { parentId: api },
      { name: 'Ticks', kind: 'sse', url: 'https://s.test/events' },
    )
    renameItem(doc, id, 'Live ticks')
    updateRequest(doc, id, { url: 'https://s.test/events?since=1' })
    const copy = readRequest(doc, duplicateItem(doc, id).id)!
    expect(readRequest(doc, id)).toMatchObject({
      kind: 'sse',
      name: 'Live ticks',
      url: 'https://s.test/events?since=1',
    })
    expect(copy).toMatchObject({ kind: 'sse', name: 'Live ticks Copy', url: 'https://s.test/events?since=1' })
    expect(listTree(doc, new Set([api])).find((row) => row.id === id)).toMatchObject({ kind: 'sse' })
  })

  it('numbers copies so two duplicates never share a name', () => {
    const { doc, api, getUser } = sample()
    const first = duplicateItem(doc, getUser).id
    const second = duplicateItem(doc, getUser).id
    expect([readRequest(doc, first)!.name, readRequest(doc, second)!.name]).toEqual([
      'Get user Copy',
      'Get user Copy 2',
    ])
    duplicateItem(doc, api)
    duplicateItem(doc, api)
    expect(listCollections(doc).map((collection) => collection.name)).toEqual([
      'API',
      'API Copy 2',
      'API Copy',
    ])
    expect(copyName('A', ['A Copy', 'A Copy 2', 'A Copy 4'])).toBe('A Copy 3')
  })

  it('copies a collection after the original', () => {
    const { doc, api } = sample()
    const { id } = duplicateItem(doc, api)
    expect(listCollections(doc).map((collection) => collection.name)).toEqual(['API', 'API Copy'])
    expect(names(doc, id)).toEqual(names(doc, api))
  })
})

describe('moving', () => {
  it('reorders within a parent', () => {
    const { doc, api, health } = sample()
    moveItem(doc, health, { parentId: api, index: 0 })
    expect(names(doc, api)).toEqual(['Health', { Users: ['Get user', { Admin: ['Delete user'] }] }])
  })

  it('moves a request and a folder to other parents', () => {
    const { doc, api, admin, health } = sample()
    moveItem(doc, health, { parentId: admin })
    moveItem(doc, admin, { parentId: api, index: 0 })
    expect(names(doc, api)).toEqual([{ Admin: ['Delete user', 'Health'] }, { Users: ['Get user'] }])
  })

  it('moves a folder to another collection and keeps its inheritance right', () => {
    const { doc, users, deleteUser } = sample()
    const other = createCollection(doc, { name: 'Other' })
    moveItem(doc, users, { parentId: other })
    expect(names(doc, other)).toEqual([{ Users: ['Get user', { Admin: ['Delete user'] }] }])
    expect(findAncestors(doc, deleteUser)!.collection.name).toBe('Other')
  })

  it.each([
    ['into itself', 'users'],
    ['into its child', 'admin'],
  ] as const)('refuses to move a folder %s', (_case, target) => {
    const fixture = sample()
    expect(() => moveItem(fixture.doc, fixture.users, { parentId: fixture[target] })).toThrow(TreeError)
    expect(names(fixture.doc, fixture.api)).toEqual([
      { Users: ['Get user', { Admin: ['Delete user'] }] },
      'Health',
    ])
  })

  it('reorders collections', () => {
    const { doc } = sample()
    const second = createCollection(doc, { name: 'Second' })
    moveItem(doc, second, { parentId: '', index: 0 })
    expect(listCollections(doc).map((collection) => collection.name)).toEqual(['Second', 'API'])
  })
})

describe('findAncestors', () => {
  it('lists folders nearest first, then the collection, with their settings', () => {
    const { doc, api, users, admin, deleteUser, health } = sample()
    setAuth(doc, admin, { type: 'bearer', token: 't' })
    const chain = findAncestors(doc, deleteUser)!
    expect(chain.folders.map((folder) => folder.id)).toEqual([admin, users])
    expect(chain.folders[0]!.auth).toEqual({ type: 'bearer', token: 't' })
    expect(chain.collection).toMatchObject({ id: api, name: 'API', auth: { type: 'none' } })
    expect(findAncestors(doc, health)!.folders).toEqual([])
    expect(findAncestors(doc, 'missing')).toBeUndefined()
  })
})

describe('subscribe', () => {
  it('fires once per action with the ids it touched', () => {
    const { doc, api, users, getUser, health } = sample()
    const changes: WorkspaceChange[] = []
    const unsubscribe = subscribe(doc, (change) => changes.push(change))
    updateRequest(doc, getUser, { url: 'a', method: 'POST', name: 'b' })
    moveItem(doc, health, { parentId: users })
    renameItem(doc, users, 'People')
    unsubscribe()
    renameItem(doc, users, 'Unseen')
    expect(changes.map((change) => [[...change.ids].sort(), change.structure, change.local])).toEqual([
      [[getUser], false, true],
      [[api, health, users].sort(), true, true],
      [[users], false, true],
    ])
    expect(changes[0]!.origin).toBe('sendbox-local')
    expect(changes.some((change) => change.variables)).toBe(false)
  })

  it('reports variable changes apart from the tree', () => {
    const { doc, users } = sample()
    const device = new Y.Doc()
    const changes: WorkspaceChange[] = []
    subscribe(doc, (change) => changes.push(change))
    setVariables(doc, device, { scope: 'folder', id: users }, [makeVariable({ key: 'a' })])
    setVariables(doc, device, { scope: 'global' }, [makeVariable({ key: 'b' })])
    setVariables(doc, device, { scope: 'global' }, [makeVariable({ key: 'c' })])
    expect(changes.map((change) => [[...change.ids], change.variables, change.structure])).toEqual([
      [[users], true, false],
      [[], true, false],
      [[], true, false],
    ])
  })

  it('reports remote updates as not local', () => {
    const { doc, getUser } = sample()
    const replica = new Y.Doc()
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc))
    const changes: WorkspaceChange[] = []
    subscribe(replica, (change) => changes.push(change))
    const before = Y.encodeStateVector(doc)
    updateRequest(doc, getUser, { url: 'remote' })
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc, before), 'provider')
    expect(changes).toHaveLength(1)
    expect(changes[0]).toMatchObject({ local: false, origin: 'provider', structure: false })
    expect([...changes[0]!.ids]).toEqual([getUser])
    expect((readRequest(replica, getUser) as RequestSpec).url).toBe('remote')
  })

  it('lets a subscriber read the tree as the change left it, local or remote', () => {
    const { doc, api, users, health } = sample()
    const replica = new Y.Doc()
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc))
    const expanded = new Set([api, users])
    const seen: string[][] = []
    for (const target of [doc, replica]) {
      listTree(target, expanded)
      subscribe(target, () => seen.push(listTree(target, expanded).map((row) => row.name)))
    }
    const before = Y.encodeStateVector(doc)
    moveItem(doc, health, { parentId: users, index: 0 })
    Y.applyUpdate(replica, Y.encodeStateAsUpdate(doc, before))
    const moved = ['API', 'Users', 'Health', 'Get user', 'Admin']
    expect(seen).toEqual([moved, moved])
    renameItem(doc, health, 'Ping')
    expect(listTree(doc, expanded).map((row) => row.name)).toEqual([
      'API',
      'Users',
      'Ping',
      'Get user',
      'Admin',
    ])
  })
})
