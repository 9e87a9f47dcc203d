/**
 * Two peers edit the same workspace offline, then exchange updates (both orders). Every case
 * must end with both peers reading the same tree, each item at most once, no cycle, and
 * nothing lost that neither peer deleted.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRow, makeVariable } from '../factories.ts'
import type { TreeItem } from '../types.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  deleteItem,
  initWorkspace,
  listTree,
  moveItem,
  readCollection,
  readRequest,
  readVariables,
  renameItem,
  setVariables,
  updateRequest,
} from './api.ts'

interface Fixture {
  api: string
  f1: string
  f2: string
  r1: string
  r2: string
  r3: string
}

/** `API` → [`F1` → [`R1`, `R2`], `F2` → [], `R3`]. */
function base(): { doc: Y.Doc; ids: Fixture } {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const api = createCollection(doc, { name: 'API' })
  const f1 = createFolder(doc, { parentId: api }, { name: 'F1' })
  const f2 = createFolder(doc, { parentId: api }, { name: 'F2' })
  const r1 = createRequest(doc, { parentId: f1 }, { name: 'R1' })
  const r2 = createRequest(doc, { parentId: f1 }, { name: 'R2' })
  const r3 = createRequest(doc, { parentId: api }, { name: 'R3' })
  return { doc, ids: { api, f1, f2, r1, r2, r3 } }
}

function fork(doc: Y.Doc): Y.Doc {
  const copy = new Y.Doc()
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
  return copy
}

function exchange(a: Y.Doc, b: Y.Doc): void {
  const fromA = Y.encodeStateAsUpdate(a, Y.encodeStateVector(b))
  const fromB = Y.encodeStateAsUpdate(b, Y.encodeStateVector(a))
  Y.applyUpdate(b, fromA)
  Y.applyUpdate(a, fromB)
}

/** Every item's name, path-qualified, in tree order. */
function paths(items: TreeItem[], prefix = ''): string[] {
  return items.flatMap((item) => {
    const path = `${prefix}${item.name}`
    return item.type === 'folder' ? [`${path}/`, ...paths(item.children, `${path}/`)] : [path]
  })
}

type Step = (doc: Y.Doc, ids: Fixture) => void

const cases: { name: string; a: Step; b: Step; check: (tree: string[], doc: Y.Doc, ids: Fixture) => void }[] =
  [
    {
      name: 'both rename the same request',
      a: (doc, ids) => renameItem(doc, ids.r1, 'From A'),
      b: (doc, ids) => renameItem(doc, ids.r1, 'From B'),
      check: (tree) => expect(tree.filter((path) => /From [AB]$/.test(path))).toHaveLength(1),
    },
    {
      name: 'both move the same request to different folders',
      a: (doc, ids) => moveItem(doc, ids.r1, { parentId: ids.f2 }),
      b: (doc, ids) => moveItem(doc, ids.r1, { parentId: ids.api }),
      check: (tree) => expect(tree.filter((path) => path.endsWith('R1'))).toHaveLength(1),
    },
    {
      name: 'both reorder the same request',
      a: (doc, ids) => moveItem(doc, ids.r2, { parentId: ids.f1, index: 0 }),
      b: (doc, ids) => moveItem(doc, ids.r1, { parentId: ids.f1, index: 1 }),
      check: (tree) => expect(tree.filter((path) => path.startsWith('F1/R'))).toEqual(['F1/R2', 'F1/R1']),
    },
    {
      name: 'each moves one folder into the other',
      a: (doc, ids) => moveItem(doc, ids.f1, { parentId: ids.f2 }),
      b: (doc, ids) => moveItem(doc, ids.f2, { parentId: ids.f1 }),
      check: (tree) => {
        expect(tree.filter((path) => path.endsWith('R1') || path.endsWith('R2'))).toHaveLength(2)
        expect(tree.filter((path) => /F1\/$/.test(path) || /F2\/$/.test(path))).toHaveLength(2)
      },
    },
    {
      name: 'both delete the same folder',
      a: (doc, ids) => deleteItem(doc, ids.f1),
      b: (doc, ids) => deleteItem(doc, ids.f1),
      check: (tree) => expect(tree).toEqual(['F2/', 'R3']),
    },
    {
      name: 'one deletes a request the other renames',
      a: (doc, ids) => deleteItem(doc, ids.r1),
      b: (doc, ids) => renameItem(doc, ids.r1, 'Renamed'),
      check: (tree) => expect(tree).toEqual(['F1/', 'F1/R2', 'F2/', 'R3']),
    },
    {
      name: 'one deletes a folder while the other moves a request into it',
      a: (doc, ids) => deleteItem(doc, ids.f2),
      b: (doc, ids) => moveItem(doc, ids.r3, { parentId: ids.f2 }),
      check: (tree) => expect(tree).toEqual(['F1/', 'F1/R1', 'F1/R2', 'R3']),
    },
    {
      name: 'one deletes a folder while the other creates a request in it',
      a: (doc, ids) => deleteItem(doc, ids.f2),
      b: (doc, ids) => createRequest(doc, { parentId: ids.f2 }, { name: 'New' }),
      check: (tree) => expect(tree).toEqual(['F1/', 'F1/R1', 'F1/R2', 'R3', 'New']),
    },
    {
      name: 'both create requests in the same folder',
      a: (doc, ids) => createRequest(doc, { parentId: ids.f2 }, { name: 'From A' }),
      b: (doc, ids) => createRequest(doc, { parentId: ids.f2 }, { name: 'From B' }),
      check: (tree) =>
        expect(tree.filter((path) => path.startsWith('F2/From')).sort()).toEqual(['F2/From A', 'F2/From B']),
    },
    {
      name: 'each edits a different field of one request',
      a: (doc, ids) => updateRequest(doc, ids.r1, { url: 'https://a.example' }),
      b: (doc, ids) => updateRequest(doc, ids.r1, { headers: [makeRow({ key: 'X-B', value: '1' })] }),
      check: (_tree, doc, ids) => {
        const request = readRequest(doc, ids.r1)!
        expect(request.url).toBe('https://a.example')
        expect(request.headers.map((row) => row.key)).toEqual(['X-B'])
      },
    },
    {
      // Ctrl+S writes every field of the draft: only the changed ones may reach the doc.
      name: 'one saves the whole request with a new URL while the other edits its headers',
      a: (doc, ids) => {
        const { type: _type, id: _id, ...fields } = readRequest(doc, ids.r1)!
        updateRequest(doc, ids.r1, { ...fields, url: 'https://a.example' })
      },
      b: (doc, ids) => updateRequest(doc, ids.r1, { headers: [makeRow({ key: 'X-B', value: '1' })] }),
      check: (_tree, doc, ids) => {
        const request = readRequest(doc, ids.r1)!
        expect(request.url).toBe('https://a.example')
        expect(request.headers.map((row) => row.key)).toEqual(['X-B'])
      },
    },
    {
      name: 'one moves a folder while the other moves a request out of it',
      a: (doc, ids) => moveItem(doc, ids.f1, { parentId: ids.f2 }),
      b: (doc, ids) => moveItem(doc, ids.r1, { parentId: ids.api, index: 0 }),
      check: (tree) => expect(tree).toEqual(['R1', 'F2/', 'F2/F1/', 'F2/F1/R2', 'R3']),
    },
  ]

describe('concurrent edits converge', () => {
  it.each(cases)('$name', ({ a, b, check }) => {
    for (const order of ['a-first', 'b-first']) {
      const { doc, ids } = base()
      const peerA = fork(doc)
      const peerB = fork(doc)
      a(peerA, ids)
      b(peerB, ids)
      if (order === 'a-first') exchange(peerA, peerB)
      else exchange(peerB, peerA)
      const treeA = paths(readCollection(peerA, ids.api)!.children)
      const treeB = paths(readCollection(peerB, ids.api)!.children)
      expect(treeB).toEqual(treeA)
      expect(new Set(treeA.map((path) => path.split('/').filter(Boolean).at(-1))).size).toBe(treeA.length)
      const everything = new Set([ids.api, ids.f1, ids.f2])
      const rowsA = listTree(peerA, everything)
      expect(rowsA).toEqual(listTree(peerB, everything))
      expect(new Set(rowsA.map((row) => row.id)).size).toBe(rowsA.length)
      check(treeA, peerA, ids)
    }
  })

  it('keeps a cycle broken the same way after more edits on top', () => {
    const { doc, ids } = base()
    const peerA = fork(doc)
    const peerB = fork(doc)
    moveItem(peerA, ids.f1, { parentId: ids.f2 })
    moveItem(peerB, ids.f2, { parentId: ids.f1 })
    exchange(peerA, peerB)
    // After the merge, moving the folders again is refused or works like on any tree.
    const [top, inner] = ids.f1 < ids.f2 ? [ids.f1, ids.f2] : [ids.f2, ids.f1]
    expect(() => moveItem(peerA, top, { parentId: inner })).toThrow()
    moveItem(peerA, inner, { parentId: ids.api, index: 0 })
    exchange(peerA, peerB)
    const tree = paths(readCollection(peerB, ids.api)!.children)
    expect(tree.filter((path) => path.endsWith('/') && path.split('/').length === 2)).toHaveLength(2)
    expect(paths(readCollection(peerA, ids.api)!.children)).toEqual(tree)
  })
})

describe('variable tables', () => {
  it('keeps rows added and edited by both peers at once', () => {
    const { doc, ids } = base()
    const device = new Y.Doc()
    const owner = { scope: 'collection', id: ids.api } as const
    const shared = makeVariable({ key: 'base', value: 'http://127.0.0.1' })
    setVariables(doc, device, owner, [shared])
    const peerA = fork(doc)
    const peerB = fork(doc)
    setVariables(peerA, device, owner, [
      { ...shared, value: 'http://127.0.0.1:8080' },
      makeVariable({ key: 'a' }),
    ])
    setVariables(peerB, device, owner, [shared, makeVariable({ key: 'b' })])
    exchange(peerA, peerB)
    const keys = (d: Y.Doc) => readVariables(d, owner).map((variable) => `${variable.key}=${variable.value}`)
    expect(keys(peerA)).toEqual(keys(peerB))
    expect([...keys(peerA)].sort()).toEqual(['a=', 'b=', 'base=http://127.0.0.1:8080'])
  })

  it('keeps a row deleted by one peer deleted when the other edits another', () => {
    const { doc } = base()
    const device = new Y.Doc()
    const owner = { scope: 'workspace' } as const
    const [one, two] = [makeVariable({ key: 'one' }), makeVariable({ key: 'two' })]
    setVariables(doc, device, owner, [one, two])
    const peerA = fork(doc)
    const peerB = fork(doc)
    setVariables(peerA, device, owner, [two])
    setVariables(peerB, device, owner, [one, { ...two, value: 'edited' }])
    exchange(peerA, peerB)
    expect(readVariables(peerA, owner)).toEqual([{ ...two, value: 'edited' }])
    expect(readVariables(peerB, owner)).toEqual(readVariables(peerA, owner))
  })
})

describe('a second collection', () => {
  it('keeps collections apart when both peers add one', () => {
    const { doc } = base()
    const peerA = fork(doc)
    const peerB = fork(doc)
    createCollection(peerA, { name: 'A' })
    createCollection(peerB, { name: 'B' })
    exchange(peerA, peerB)
    const names = (d: Y.Doc) => listTree(d, new Set()).map((row) => row.name)
    expect(names(peerA)).toEqual(names(peerB))
    expect([...names(peerA)].sort()).toEqual(['A', 'API', 'B'])
  })
})
