/**
 * The mirror's export is incremental: an edit of one request in a large workspace reads one
 * entity, serialises one file, writes one file and stages one path; and after any mix of edits
 * (renames of folders, moves, deletes, restores, updates from another replica) the repository
 * holds exactly what a full export of the workspace writes.
 */
import { mkdtemp, readdir, rm, stat } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRow } from '../../src/model/factories.ts'
import { collectionsToFiles } from '../../src/model/git/tree-files.ts'
import {
  createFolder,
  createRequest,
  deleteItem,
  listCollections,
  moveItem,
  readCollection,
  renameItem,
  restoreItem,
  updateRequest,
} from '../../src/model/workspace/api.ts'
import { createGitMirrors, readCollections, type GitMirrors } from '../../sync-server/git/mirror.ts'
import { Repo } from '../../sync-server/git/repo.ts'
import { makeBigWorkspace } from '../fixtures/big-workspace.ts'
import { git } from '../helpers/git-cli.ts'

const FAST = { settleMs: 40, maxWaitMs: 200, pollMs: 40 }
let root: string
let mirrors: GitMirrors

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sendbox-git-inc-'))
  mirrors = createGitMirrors(root, async () => 'Large', FAST)
})

afterEach(async () => {
  await mirrors.close()
  await rm(root, { recursive: true, force: true })
})

async function repoDir(): Promise<string> {
  const [entry] = await readdir(root)
  return path.join(root, entry!)
}

async function nextCommit(dir: string, before: string): Promise<string> {
  const end = Date.now() + 10_000
  for (;;) {
    const head = git(dir, 'rev-parse', 'HEAD').trim()
    if (head !== before || Date.now() > end) return head
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function bigDoc(collections: number, requests: number): Y.Doc {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, makeBigWorkspace(collections, requests))
  return doc
}

async function mtimes(dir: string, files: Iterable<string>): Promise<Map<string, number>> {
  const times = new Map<string, number>()
  for (const file of files) times.set(file, (await stat(path.join(dir, file))).mtimeMs)
  return times
}

describe('git mirror: incremental export', () => {
  it('an edit of one request in a large workspace writes and commits one file, and rewrites no other', async () => {
    const doc = bigDoc(10, 50)
    await mirrors.attach('room-large-1', doc)
    const dir = await repoDir()
    const first = mirrors.lastExport('room-large-1')!
    expect(first.written.length).toBe(10 * 51)
    const all = collectionsToFiles(readCollections(doc))
    const before = await mtimes(dir, all.keys())
    const head = git(dir, 'rev-parse', 'HEAD').trim()

    const [collection] = listCollections(doc)
    const target = readCollection(doc, collection!.id)!.children[7]!
    updateRequest(doc, target.id, { url: 'https://edited.test/one', headers: [makeRow({ key: 'A' })] })
    expect(await nextCommit(dir, head)).not.toBe(head)
    await mirrors.idle()

    const file = 'Collection 1/Request 1.8.yaml'
    expect(git(dir, 'show', '--name-only', '--format=%s', 'HEAD').trim().split('\n')).toEqual([
      'Edit GET Request 1.8: url, headers',
      '',
      file,
    ])
    expect(mirrors.lastExport('room-large-1')).toEqual({ read: 1, serialised: 1, written: [file] })
    const after = await mtimes(dir, all.keys())
    const rewritten = [...after].filter(([name, time]) => before.get(name) !== time).map(([name]) => name)
    expect(rewritten).toEqual([file])
    expect(git(dir, 'status', '--porcelain')).toBe('')
    // The first export of 510 files takes seconds on a loaded machine.
  }, 60_000)

  it('after renames, moves, deletes, restores and remote updates the repository equals a full export', async () => {
    const doc = bigDoc(4, 6)
    await mirrors.attach('room-large-2', doc)
    const dir = await repoDir()
    const [one, two, three] = listCollections(doc)
    const requestsOf = (id: string) => readCollection(doc, id)!.children.map((child) => child.id)
    const folder = createFolder(doc, { parentId: one!.id }, { name: 'Nested: a/b' })
    moveItem(doc, requestsOf(one!.id)[0]!, { parentId: folder, index: 0 })
    createRequest(doc, { parentId: folder }, { name: 'New one', url: 'https://new.test/' })
    renameItem(doc, folder, 'Renamed folder')
    renameItem(doc, two!.id, 'Second (renamed)')
    moveItem(doc, requestsOf(two!.id)[1]!, { parentId: three!.id, index: 2 })
    const deleted = requestsOf(three!.id)[3]!
    deleteItem(doc, deleted)
    deleteItem(doc, requestsOf(three!.id)[0]!)
    restoreItem(doc, deleted)
    // Someone else's edit, arriving as an update from another replica.
    const other = new Y.Doc()
    Y.applyUpdate(other, Y.encodeStateAsUpdate(doc))
    updateRequest(other, requestsOf(one!.id)[2]!, { url: 'https://remote.test/' })
    renameItem(other, requestsOf(two!.id)[0]!, 'Remote rename')
    Y.applyUpdate(doc, Y.encodeStateAsUpdate(other, Y.encodeStateVector(doc)), 'remote')

    const expected = collectionsToFiles(readCollections(doc))
    const repo = await Repo.open(dir)
    const end = Date.now() + 10_000
    let files = await repo.filesAt((await repo.head())!)
    while (Date.now() < end && !sameFiles(files, expected)) {
      await new Promise((resolve) => setTimeout(resolve, 50))
      await mirrors.idle()
      files = await repo.filesAt((await repo.head())!)
    }
    expect(Object.fromEntries(files)).toEqual(Object.fromEntries(expected))
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })
})

describe('git mirror: a file in place of a folder', () => {
  it('commits a request file where a folder of the same file name was deleted in the same commit', async () => {
    const doc = bigDoc(1, 2)
    const [only] = listCollections(doc)
    const folder = createFolder(doc, { parentId: only!.id }, { name: 'Thing.yaml' })
    createRequest(doc, { parentId: folder }, { name: 'Inside' })
    await mirrors.attach('room-df-1', doc)
    const dir = await repoDir()
    expect(git(dir, 'ls-files')).toContain('Collection 1/Thing.yaml/Inside.yaml')
    const head = git(dir, 'rev-parse', 'HEAD').trim()
    deleteItem(doc, folder)
    createRequest(doc, { parentId: only!.id }, { name: 'Thing', url: 'https://thing.test/' })
    expect(await nextCommit(dir, head)).not.toBe(head)
    await mirrors.idle()
    const files = git(dir, 'ls-files').trim().split('\n')
    expect(files).toContain('Collection 1/Thing.yaml')
    expect(files.filter((file) => file.startsWith('Collection 1/Thing.yaml/'))).toEqual([])
    expect(git(dir, 'show', 'HEAD:Collection 1/Thing.yaml')).toContain('url: https://thing.test/')
    expect(git(dir, 'status', '--porcelain')).toBe('')
  })
})

function sameFiles(a: Map<string, string>, b: Map<string, string>): boolean {
  return a.size === b.size && [...a].every(([file, text]) => b.get(file) === text)
}
