/**
 * The git mirror over a split workspace (docs/collection-docs.md) against the real `git`: one
 * repository per workspace holding the same files as the one-doc workspace did; edits in a
 * collection doc become commits; a commit made in git is applied to the collection docs it
 * touches (and to the root's `collectionIndex` for a rename, a new or a removed collection).
 * Then end to end in the sync-server with real y-websocket clients on the root and collection rooms.
 */
import { mkdtemp, readFile, readdir, rm, writeFile, mkdir } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import {
  createCollection,
  createFolder,
  createRequest,
  initWorkspace,
  listIndex,
  readCollection,
  readIndexEntry,
  readRequest,
  splitWorkspace,
  updateRequest,
} from '../../src/model/workspace/api.ts'
import { createGitMirrors, type GitMirrors } from '../../sync-server/git/mirror.ts'
import type { RoomHold } from '../../sync-server/sync.ts'
import { git, gitOrEmpty } from '../helpers/git-cli.ts'
import { startTestServer, tempDir, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

const FAST = { settleMs: 40, maxWaitMs: 200, pollMs: 40 }
let root: string
let mirrors: GitMirrors
/** The collection rooms the mirror opened, as the sync-server would hold them. */
let rooms: Map<string, Y.Doc>
let held: Map<string, number>

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 8000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > end) throw new Error(`condition not met in time (last: ${String(value).slice(0, 300)})`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

async function holdRoom(room: string): Promise<RoomHold> {
  let doc = rooms.get(room)
  if (!doc) rooms.set(room, (doc = new Y.Doc()))
  held.set(room, (held.get(room) ?? 0) + 1)
  return { doc, release: () => held.set(room, held.get(room)! - 1) }
}

/** A one-doc workspace of two collections. */
function oneDoc() {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const shop = createCollection(doc, { name: 'Shop' })
  const users = createRequest(doc, { parentId: shop }, { name: 'Users', url: 'https://api.test/users' })
  const admin = createFolder(doc, { parentId: shop }, { name: 'Admin' })
  createRequest(doc, { parentId: admin }, { name: 'Audit', url: 'https://api.test/audit' })
  const blog = createCollection(doc, { name: 'Blog' })
  const posts = createRequest(doc, { parentId: blog }, { name: 'Posts', url: 'https://api.test/posts' })
  return { doc, shop, users, blog, posts }
}

/** The same workspace split, its collection docs in `rooms` under `<room>/c/<id>`. */
function split(doc: Y.Doc, room: string): Y.Doc {
  const copy = new Y.Doc()
  Y.applyUpdate(copy, Y.encodeStateAsUpdate(doc))
  splitWorkspace(copy, (id) => {
    const collection = new Y.Doc()
    rooms.set(`${room}/c/${id}`, collection)
    return collection
  })
  return copy
}

function files(dir: string): Map<string, string> {
  const names = git(dir, 'ls-files').trim().split('\n')
  return new Map(names.map((name) => [name, git(dir, 'show', `HEAD:${name}`)]))
}

async function repoOf(prefix: string): Promise<string> {
  const entry = (await readdir(root)).find((name) => name.endsWith(prefix))
  return path.join(root, entry!)
}

describe('git mirror of a split workspace', () => {
  beforeEach(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'sendbox-git-'))
    rooms = new Map()
    held = new Map()
    mirrors = createGitMirrors(root, async () => 'Team', FAST, holdRoom)
  })

  afterEach(async () => {
    await mirrors.close()
    await rm(root, { recursive: true, force: true })
  })

  it('writes the same files as the one-doc workspace, and commits an edit made in a collection doc', async () => {
    const { doc, blog, posts } = oneDoc()
    await mirrors.attach('oneroom', doc)
    const rootDoc = split(doc, 'splitroom')
    await mirrors.attach('splitroom', rootDoc)
    const before = files(await repoOf('splitroom'))
    expect([...before.keys()].sort()).toEqual([...files(await repoOf('oneroom')).keys()].sort())
    expect(before).toEqual(files(await repoOf('oneroom')))
    expect([...held.values()].every((count) => count === 1)).toBe(true)

    const blogDoc = rooms.get(`splitroom/c/${blog}`)!
    updateRequest(blogDoc, posts, { url: 'https://api.test/v2/posts' })
    const dir = await repoOf('splitroom')
    await until(
      () => git(dir, 'log', '-1', '--format=%s'),
      (subject) => subject.startsWith('Edit GET Posts'),
    )
    expect(git(dir, 'show', '--name-only', '--format=', 'HEAD').trim()).toBe('Blog/Posts.yaml')

    await mirrors.detach('splitroom')
    expect([...held.values()].every((count) => count === 0)).toBe(true)
  })

  it('applies a commit to the collection docs it touches, and renames, adds and removes collections in the index', async () => {
    const { doc, shop, users, blog } = oneDoc()
    const rootDoc = split(doc, 'r2')
    await mirrors.attach('r2', rootDoc)
    const dir = await repoOf('r2')
    const shopDoc = rooms.get(`r2/c/${shop}`)!
    const blogDoc = rooms.get(`r2/c/${blog}`)!
    const blogState = Y.encodeStateVector(blogDoc)

    const file = path.join(dir, 'Shop/Users.yaml')
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('https://api.test/users', 'https://git/users'),
    )
    git(dir, 'commit', '-qam', 'Users from git')
    await until(
      () => readRequest(shopDoc, users)?.url,
      (url) => url === 'https://git/users',
    )
    // The other collection's doc was not written to.
    expect(Y.encodeStateVector(blogDoc)).toEqual(blogState)

    // A renamed collection: its doc and the root's index entry.
    git(dir, 'mv', 'Blog', 'Journal')
    const settings = path.join(dir, 'Journal/_collection.yaml')
    await writeFile(settings, (await readFile(settings, 'utf8')).replace(/^name: .*$/m, 'name: Journal'))
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'Rename Blog')
    await until(
      () => readIndexEntry(rootDoc, blog)?.name,
      (name) => name === 'Journal',
    )
    expect(readCollection(blogDoc, blog)!.name).toBe('Journal')

    // A new collection: its own collection doc, listed in the root's index and order.
    await mkdir(path.join(dir, 'Extra'))
    await writeFile(path.join(dir, 'Extra/_collection.yaml'), 'id: extra-1\nname: Extra\n')
    await writeFile(path.join(dir, 'Extra/Ping.yaml'), 'name: Ping\nmethod: GET\nurl: https://ping.test/\n')
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'Add Extra')
    const extraDoc = await until(
      () => rooms.get('r2/c/extra-1'),
      (found) => found !== undefined && readCollection(found, 'extra-1') !== undefined,
    )
    expect(readCollection(extraDoc!, 'extra-1')!.children.map((child) => child.name)).toEqual(['Ping'])
    expect(listIndex(rootDoc).map((entry) => entry.name)).toEqual(['Shop', 'Journal', 'Extra'])
    expect(extraDoc!.getMap('meta').get('schemaVersion')).toBe(6)
    expect(rootDoc.getMap('collections').size).toBe(0)
    // The mirror may write Ping.yaml back in its own format (with its id), a commit of its own:
    // let it settle so the next commit made in git does not race it.
    await new Promise((resolve) => setTimeout(resolve, FAST.maxWaitMs + 100))
    await mirrors.idle()

    // A removed collection: soft-deleted in its doc, marked in the index.
    git(dir, 'rm', '-rq', 'Shop')
    git(dir, 'commit', '-qm', 'Drop Shop')
    await until(
      () => readIndexEntry(rootDoc, shop)?.deleted,
      (deleted) => deleted !== undefined,
    )
    expect(readCollection(shopDoc, shop)).toBeUndefined()
    expect(listIndex(rootDoc).map((entry) => entry.name)).toEqual(['Journal', 'Extra'])
  })
})

describe('sync-server --git with collection rooms', () => {
  let server: TestServer
  let gitDir: string
  const providers: WebsocketProvider[] = []

  beforeEach(async () => {
    gitDir = await tempDir('sendbox-git-')
    server = await startTestServer({ transport: unusedTransport }, { args: ['--git', gitDir] })
  })

  afterEach(async () => {
    for (const p of providers.splice(0)) p.destroy()
    await server.remove()
    await rm(gitDir, { recursive: true, force: true })
  })

  function join(room: string, doc: Y.Doc) {
    const p = new WebsocketProvider(`ws://127.0.0.1:${server.port}/sync`, room, doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
      params: { token: server.secrets.accessToken, workspace: 'Team Space' },
    })
    providers.push(p)
    return p
  }

  it('mirrors the root and its collection rooms; a commit in git reaches the collection room', async () => {
    rooms = new Map()
    const { doc, shop, users } = oneDoc()
    const rootDoc = split(doc, 'wsgit')
    const shopDoc = rooms.get(`wsgit/c/${shop}`)!
    const collectionProviders = [...rooms].map(([room, collection]) => join(room, collection))
    await Promise.all(
      collectionProviders.map(
        (p) => new Promise((resolve) => (p.synced ? resolve(0) : p.once('sync', resolve))),
      ),
    )
    const shopProvider = collectionProviders.find((p) => p.doc === shopDoc)!
    shopProvider.awareness.setLocalStateField('user', { name: 'Ada Lovelace' })
    join('wsgit', rootDoc)

    const dir = path.join(gitDir, await until(async () => (await readdir(gitDir))[0] ?? '', Boolean))
    expect(path.basename(dir)).toBe('team-space-wsgit')
    const file = path.join(dir, 'Shop/Users.yaml')
    await until(
      () => readFile(file, 'utf8').catch(() => ''),
      (text) => text.includes('https://api.test/users'),
      15_000,
    )
    // Each collection room is written once it is loaded: the second may land a moment later.
    await until(
      () => readFile(path.join(dir, 'Blog/Posts.yaml'), 'utf8').catch(() => ''),
      (text) => text.includes('https://api.test/posts'),
      15_000,
    )

    updateRequest(shopDoc, users, { url: 'https://api.test/b' })
    await until(
      () => gitOrEmpty(dir, 'log', '--format=%an|%s'),
      (log) => log.includes('Ada Lovelace|Edit GET Users: url'),
      15_000,
    )

    await writeFile(file, (await readFile(file, 'utf8')).replace('https://api.test/b', 'https://api.test/c'))
    git(dir, 'commit', '-qam', 'From git')
    await until(
      () => readRequest(shopDoc, users)!.url,
      (url) => url === 'https://api.test/c',
      15_000,
    )
  })
})
