/**
 * Splitting a one-doc workspace into a root and one doc per collection, from a document saved by
 * the current release (tests/fixtures/release-workspace): nothing is lost.
 */
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeVariable } from '../factories.ts'
import type { Id } from '../types.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  deleteItem,
  initDevice,
  initWorkspace,
  listDeleted,
  listEnvironments,
  readCollection,
  readRequest,
  readSecret,
  readVariables,
  saveExample,
  setVariables,
} from './api.ts'
import { isSplit, listIndex, SPLIT_SCHEMA_VERSION } from './collection-index.ts'
import {
  copyIntoCollectionDocs,
  finishSplit,
  initRoot,
  migrateRoot,
  planSplit,
  splitWorkspace,
} from './split.ts'
import { roots } from './workspace-doc.ts'
import { SchemaTooNewError } from './migrations/index.ts'

const release = readFileSync(
  new URL('../../../tests/fixtures/release-workspace/workspace.bin', import.meta.url),
)

/** The release's doc, with what the fixture lacks: secret variables, an example, a deleted folder. */
function releaseWorkspace() {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, release)
  initWorkspace(doc)
  const device = new Y.Doc()
  initDevice(device)
  const { collections, requests } = roots(doc)
  const [api] = [...collections.keys()].filter((id) => String(collections.get(id)!.get('name')) === 'API')
  const secret = makeVariable({ key: 'token', value: 's3cret', secret: true })
  setVariables(doc, device, { scope: 'collection', id: api! }, [secret, makeVariable({ key: 'base' })])
  const folder = createFolder(doc, { parentId: api! }, { name: 'Old' })
  createRequest(doc, { parentId: folder }, { name: 'Inside old' })
  const someRequest = [...requests.keys()].sort()[0]!
  saveExample(doc, someRequest, { id: 'ex1', name: 'OK', status: 200, headers: [], body: '{}' })
  deleteItem(doc, folder)
  return { doc, device, api: api!, secret, folder }
}

/**
 * Every entity of the kinds that move, as JSON, by id; `children` left out (only order, checked
 * by reading the collections: an id two concurrent moves left in two arrays stays in its own).
 */
function entities(docs: Y.Doc[]): Record<string, unknown> {
  const all: Record<string, unknown> = {}
  for (const doc of docs) {
    const r = roots(doc)
    for (const map of [r.collections, r.folders, r.requests])
      map.forEach((entity, id) => {
        const json = entity.toJSON()
        delete json.children
        all[id] = json
      })
  }
  return all
}

function split(root: Y.Doc): Map<Id, Y.Doc> {
  const docs = new Map<Id, Y.Doc>()
  splitWorkspace(root, (id) => docs.get(id) ?? docs.set(id, new Y.Doc()).get(id)!)
  return docs
}

describe('splitting the release workspace', () => {
  it('keeps every request, folder, variable, example, secret link and deletion', () => {
    const { doc, device, api, secret, folder } = releaseWorkspace()
    const before = new Y.Doc()
    Y.applyUpdate(before, Y.encodeStateAsUpdate(doc))
    const collectionIds = [...roots(before).collections.keys()]
    const requestIds = [...roots(before).requests.keys()]
    expect(requestIds.length).toBe(61)
    expect(planSplit(before).unreachable).toEqual([])

    const docs = split(doc)

    expect([...docs.keys()].sort()).toEqual([...collectionIds].sort())
    expect(entities([...docs.values()])).toEqual(entities([before]))
    for (const id of collectionIds) {
      const own = docs.get(id)!
      expect(readCollection(own, id)).toEqual(readCollection(before, id))
      expect([...roots(own).collections.keys()]).toEqual([id])
    }
    for (const id of requestIds) {
      const own = [...docs.values()].find((d) => roots(d).requests.has(id))!
      expect(readRequest(own, id)).toEqual(readRequest(before, id))
    }
    const apiDoc = docs.get(api)!
    expect(readVariables(apiDoc, { scope: 'collection', id: api }, device)).toEqual(
      readVariables(before, { scope: 'collection', id: api }, device),
    )
    expect(readSecret(device, secret.id)?.value).toBe('s3cret')
    expect(readVariables(apiDoc, { scope: 'collection', id: api }, device)[0]!.value).toBe('s3cret')
    expect(listDeleted(apiDoc).map((item) => item.id)).toContain(folder)
    const deleted = [...docs.values()].flatMap((d) => listDeleted(d))
    expect(deleted.sort((x, y) => (x.id < y.id ? -1 : 1))).toEqual(
      listDeleted(before).sort((x, y) => (x.id < y.id ? -1 : 1)),
    )
    expect(deleted.length).toBeGreaterThan(1)

    // The root: no entities, the index, environments and order as they were.
    const r = roots(doc)
    expect(r.collections.size + r.folders.size + r.requests.size).toBe(0)
    expect(doc.getMap('meta').get('schemaVersion')).toBe(SPLIT_SCHEMA_VERSION)
    expect(isSplit(doc)).toBe(true)
    expect(listIndex(doc).map((entry) => entry.name)).toEqual(
      r.collectionOrder.toArray().map((id) => String(roots(before).collections.get(id)!.get('name'))),
    )
    expect(listEnvironments(doc)).toEqual(listEnvironments(before))
  })

  it('copies again after an interruption without copying twice', () => {
    const { doc } = releaseWorkspace()
    const docs = new Map<Id, Y.Doc>()
    const docFor = (id: Id) => docs.get(id) ?? docs.set(id, new Y.Doc()).get(id)!
    copyIntoCollectionDocs(doc, docFor)
    expect(isSplit(doc)).toBe(false)
    const vectors = [...docs.values()].map((d) => Y.encodeStateVector(d))
    copyIntoCollectionDocs(doc, docFor)
    expect([...docs.values()].map((d) => Y.encodeStateVector(d))).toEqual(vectors)
    finishSplit(doc)
    expect(copyIntoCollectionDocs(doc, docFor)).toEqual([])
  })

  it('two peers splitting at once converge', () => {
    const peers = [0, 1].map(() => {
      const root = new Y.Doc()
      Y.applyUpdate(root, release)
      return { root, docs: split(root) }
    })
    const [a, b] = peers as [(typeof peers)[0], (typeof peers)[0]]
    Y.applyUpdate(a.root, Y.encodeStateAsUpdate(b.root))
    Y.applyUpdate(b.root, Y.encodeStateAsUpdate(a.root))
    for (const [id, docA] of a.docs) {
      const docB = b.docs.get(id)!
      Y.applyUpdate(docA, Y.encodeStateAsUpdate(docB))
      Y.applyUpdate(docB, Y.encodeStateAsUpdate(docA))
      expect(readCollection(docA, id)).toEqual(readCollection(docB, id))
      expect(entities([docA])).toEqual(entities([docB]))
    }
    expect(listIndex(a.root)).toEqual(listIndex(b.root))
    expect(roots(a.root).requests.size).toBe(0)
  })
})

describe('planSplit', () => {
  it('follows parents through deleted folders, and by collectionId where the chain breaks', () => {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const one = createCollection(doc, { name: 'One' })
    const two = createCollection(doc, { name: 'Two' })
    const gone = createFolder(doc, { parentId: one }, { name: 'Gone' })
    const inside = createRequest(doc, { parentId: gone }, { name: 'Inside' })
    deleteItem(doc, gone)
    const orphan = createRequest(doc, { parentId: two }, { name: 'Orphan' })
    roots(doc).requests.get(orphan)!.set('parentId', 'missing-folder')
    const lost = createRequest(doc, { parentId: two }, { name: 'Lost' })
    roots(doc).requests.get(lost)!.set('parentId', 'missing-folder')
    roots(doc).requests.get(lost)!.set('collectionId', 'missing-collection')
    const plan = planSplit(doc)
    expect(plan.members.get(one)!.sort()).toEqual([gone, inside].sort())
    expect(plan.members.get(two)).toEqual([orphan])
    expect(plan.unreachable).toEqual([lost])
  })
})

describe('opening a root', () => {
  it('stamps a new workspace split at once, and refuses a newer one', () => {
    const fresh = new Y.Doc()
    initRoot(fresh)
    expect(isSplit(fresh)).toBe(true)
    initRoot(fresh)
    const newer = new Y.Doc()
    newer.getMap('meta').set('schemaVersion', SPLIT_SCHEMA_VERSION + 1)
    expect(() => migrateRoot(newer)).toThrow(SchemaTooNewError)
  })

  it('leaves a one-doc workspace with collections to the split', () => {
    const doc = new Y.Doc()
    Y.applyUpdate(doc, release)
    initRoot(doc)
    expect(isSplit(doc)).toBe(false)
    expect(roots(doc).requests.size).toBe(60)
  })
})
