/**
 * Migration of a room saved by the current release (tests/fixtures/release-room: one document,
 * schema 6, stored in LevelDB as y-leveldb stores it), opened by the sync-server as it runs by
 * default: the room is split on load, every collection, folder and request lands in its
 * collection's room with every field unchanged, the root keeps the environments, the variables
 * and the order, and the git mirror writes the same files as the release's mirror did.
 */
import { readFileSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import { isDeepStrictEqual } from 'node:util'
import { afterEach, describe, expect, it } from 'vitest'
import type { WebsocketProvider } from 'y-websocket'
import { LeveldbPersistence } from 'y-leveldb'
import * as Y from 'yjs'
import {
  isSplit,
  listIndex,
  planSplit,
  readCollection,
  SPLIT_SCHEMA_VERSION,
} from '../../src/model/workspace/api.ts'
import { roots } from '../../src/model/workspace/workspace-doc.ts'
import { gitOrEmpty } from '../helpers/git-cli.ts'
import { provider, synced, until } from '../helpers/share.ts'
import { startTestServer, tempDir, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

const FIXTURE = new URL('../fixtures/release-room/', import.meta.url)
const saved = readFileSync(new URL('room.bin', FIXTURE))
const mirrorFiles = JSON.parse(readFileSync(new URL('mirror-files.json', FIXTURE), 'utf8')) as Record<
  string,
  string
>

let server: TestServer | undefined
let gitDir: string | undefined
const providers: WebsocketProvider[] = []

afterEach(async () => {
  for (const p of providers.splice(0)) p.destroy()
  await server?.remove()
  if (gitDir) await rm(gitDir, { recursive: true, force: true })
})

/** The release's document as it was saved. */
function releaseDoc(): Y.Doc {
  const doc = new Y.Doc()
  Y.applyUpdate(doc, saved)
  return doc
}

/** An entity's fields as JSON; `children` apart (a split keeps only the collection's own ids). */
function fields(entity: Y.Map<unknown>): Record<string, unknown> {
  const json = entity.toJSON() as Record<string, unknown>
  delete json.children
  return json
}

/** What stays in the root: everything but the collections, folders and requests. */
function rootRest(doc: Y.Doc): Record<string, unknown> {
  const json = Object.fromEntries(
    [...doc.share.keys()].map((key) => [key, doc.get(key).toJSON() as unknown]),
  ) as Record<string, unknown>
  for (const key of ['meta', 'collections', 'folders', 'requests', 'collectionIndex']) delete json[key]
  return Object.fromEntries(Object.entries(json).filter(([, value]) => JSON.stringify(value) !== '{}'))
}

function files(dir: string): Record<string, string> {
  if (!gitOrEmpty(dir, 'rev-parse', '-q', '--verify', 'HEAD')) return {}
  const names = gitOrEmpty(dir, 'ls-files').trim().split('\n').filter(Boolean)
  return Object.fromEntries(names.sort().map((name) => [name, gitOrEmpty(dir, 'show', `HEAD:${name}`)]))
}

describe('a room saved by the current release', () => {
  it(
    'is split on load: every entity and field in its collection room, and the same git files',
    { timeout: 60_000 },
    async () => {
      const old = releaseDoc()
      expect(old.getMap('meta').get('schemaVersion')).toBe(6)
      const plan = planSplit(old)
      expect(plan.unreachable).toEqual([])
      const r = roots(old)
      const byCollection = [...plan.members].map(([id, members]) => ({ id, members }))
      expect(byCollection.length).toBe(4)

      // Stored as the release's server stored it: y-leveldb's updates under the room's name.
      const dataDir = await tempDir('sendbox-release-')
      const ldb = new LeveldbPersistence(path.join(dataDir, 'sync'))
      await ldb.storeUpdate('ws-release', saved)
      await ldb.destroy()
      gitDir = await tempDir('sendbox-release-git-')
      server = await startTestServer({ transport: unusedTransport }, { dataDir, args: ['--git', gitDir] })
      const params = { token: server.secrets.accessToken }
      const join = (room: string) => {
        const p = provider(server!.url, room, params)
        providers.push(p)
        return p
      }

      const root = join('ws-release')
      await synced(root)
      expect(isSplit(root.doc)).toBe(true)
      expect(root.doc.getMap('meta').get('schemaVersion')).toBe(SPLIT_SCHEMA_VERSION)
      for (const name of ['collections', 'folders', 'requests']) expect(root.doc.getMap(name).size).toBe(0)
      expect(listIndex(root.doc, true)).toEqual(
        [...r.collections.entries()]
          .sort(([a], [b]) => {
            const order = r.collectionOrder.toArray()
            const at = (id: string) => (order.includes(id) ? order.indexOf(id) : order.length)
            return at(a) - at(b) || a.localeCompare(b)
          })
          .map(([id, entity]) => ({
            id,
            name: entity.get('name')!.toString(),
            ...(entity.has('deleted') ? { deleted: entity.get('deleted') } : {}),
          })),
      )
      expect(rootRest(root.doc)).toEqual(rootRest(old))
      expect(Object.keys(rootRest(old))).toEqual(
        expect.arrayContaining([
          'environments',
          'environmentOrder',
          'collectionOrder',
          'workspaceVariableRows',
        ]),
      )

      for (const { id, members } of byCollection) {
        const room = join(`ws-release/c/${id}`)
        await synced(room)
        const c = roots(room.doc)
        expect([...c.collections.keys()]).toEqual([id])
        expect(fields(c.collections.get(id)!)).toEqual(fields(r.collections.get(id)!))
        expect([...c.folders.keys(), ...c.requests.keys()].sort()).toEqual([...members].sort())
        for (const member of members) {
          const [mine, theirs] = r.folders.has(member)
            ? [c.folders.get(member), r.folders.get(member)!]
            : [c.requests.get(member), r.requests.get(member)!]
          expect(mine, member).toBeDefined()
          expect(fields(mine!)).toEqual(fields(theirs))
        }
        expect(readCollection(room.doc, id)).toEqual(readCollection(old, id))
      }

      const dir = path.join(gitDir, await until(async () => (await readdir(gitDir!))[0] ?? '', 10_000))
      // The mirror settles for a moment after the last room loaded before it writes.
      await until(() => isDeepStrictEqual(files(dir), mirrorFiles), 30_000).catch(() => undefined)
      expect(files(dir)).toEqual(mirrorFiles)
    },
  )
})
