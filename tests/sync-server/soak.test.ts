/**
 * Convergence soak: three people edit one workspace through the real sync-server with the
 * model's own actions, 1,000 random edits each (the same requests' names, URLs, header rows added
 * and removed by 3-way saves, bodies and scripts; creates, duplicates, moves, deletes, restores
 * and permanent deletes), while each of them drops offline and
 * comes back several times. In the end every peer, and a newcomer, reads the same workspace.
 *
 * Seeded (SOAK_SEED to replay a failure); the seed is in every failure message.
 */
import { docs } from '@y/websocket-server/utils'
import { afterEach, describe, expect, it } from 'vitest'
import type { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import { HTTP_METHODS, type Id } from '../../src/model/types.ts'
import {
  createFolder,
  createRequest,
  deleteItem,
  duplicateItem,
  exportCollection,
  initWorkspace,
  listCollections,
  listDeleted,
  listTree,
  moveItem,
  purgeItem,
  readRequest,
  renameItem,
  restoreItem,
  setScripts,
  TreeError,
  updateRequest,
  createCollection,
  type TreeRow,
} from '../../src/model/workspace/api.ts'
import { provider, synced, until } from '../helpers/share.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

const EDITS_PER_PEER = 1000
const PEERS = 3
const SEED = Number(process.env.SOAK_SEED ?? 20261125)

let server: TestServer | undefined
const providers: WebsocketProvider[] = []

afterEach(async () => {
  for (const p of providers.splice(0)) p.destroy()
  await server?.remove()
})

/** mulberry32: small, fast, and the same sequence everywhere for one seed. */
function random(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  const int = (n: number) => Math.floor(next() * n)
  const pick = <T>(items: readonly T[]): T | undefined =>
    items.length ? items[int(items.length)] : undefined
  return { next, int, pick }
}

const everything: ReadonlySet<Id> = { has: () => true } as unknown as ReadonlySet<Id>
const rows = (doc: Y.Doc): TreeRow[] => listTree(doc, everything)

/** The whole workspace as the model reads it: every collection exported, in order. */
function snapshot(doc: Y.Doc): string {
  return JSON.stringify([listCollections(doc).map(({ id }) => exportCollection(doc, id)), listDeleted(doc)])
}

type Rng = ReturnType<typeof random>

/** One random edit with the model's actions; false when it did not apply (its target is gone). */
function edit(doc: Y.Doc, rng: Rng, hot: Id[], peer: number, step: number): boolean {
  const tree = rows(doc)
  const requests = tree.filter((row) => row.type === 'request').map((row) => row.id)
  const containers = tree.filter((row) => row.type !== 'request').map((row) => row.id)
  const anyItem = tree.filter((row) => row.type !== 'collection').map((row) => row.id)
  // Half the field edits go to a few requests every peer edits: the same fields, concurrently.
  const request = rng.next() < 0.5 ? rng.pick(hot.filter((id) => requests.includes(id))) : rng.pick(requests)
  const tag = `p${peer}s${step}`
  try {
    const roll = rng.int(100)
    if (roll < 15 && request) renameItem(doc, request, `Request ${tag}`)
    else if (roll < 30 && request) updateRequest(doc, request, { url: `https://api.example.com/${tag}` })
    else if (roll < 38 && request) updateRequest(doc, request, { method: rng.pick(HTTP_METHODS)! })
    else if (roll < 46 && request) {
      // A save of a draft that added or removed a header row, merged 3-way against its base.
      const headers = readRequest(doc, request)!.headers
      const added = { id: `h-${tag}`, key: 'X-Peer', value: tag, enabled: rng.next() < 0.8 }
      const next =
        headers.length === 0 || rng.next() < 0.6
          ? [...headers.slice(0, 1), added, ...headers.slice(1)]
          : headers.filter((_, i) => i !== rng.int(headers.length))
      updateRequest(doc, request, { headers: next }, undefined, { headers })
    } else if (roll < 54 && request)
      updateRequest(doc, request, { body: { type: 'raw', language: 'json', text: `{"by":"${tag}"}` } })
    else if (roll < 60 && request) setScripts(doc, request, { preRequest: `// ${tag}` })
    else if (roll < 70) createRequest(doc, { parentId: rng.pick(containers)! }, { name: `New ${tag}` })
    else if (roll < 75) createFolder(doc, { parentId: rng.pick(containers)! }, { name: `Folder ${tag}` })
    else if (roll < 87) {
      const item = rng.pick(anyItem)
      if (!item) return false
      moveItem(doc, item, { parentId: rng.pick(containers)!, index: rng.int(4) })
    } else if (roll < 92) {
      const item = rng.pick(anyItem)
      if (!item) return false
      duplicateItem(doc, item)
    } else if (roll < 97) {
      // Deletes mostly hit leaves, sometimes a folder: the hot requests are deleted too.
      const item = rng.next() < 0.8 ? rng.pick(requests) : rng.pick(anyItem)
      if (!item || tree.length < 8) return false
      deleteItem(doc, item)
    } else {
      // Restores bring back deletions, also ones whose items others kept editing.
      const deleted = rng.pick(listDeleted(doc))
      if (!deleted) return false
      if (rng.next() < 0.2) purgeItem(doc, deleted.id)
      else restoreItem(doc, deleted.id)
    }
    return true
  } catch (error) {
    if (error instanceof TreeError) return false
    throw error
  }
}

const vector = (doc: Y.Doc) =>
  [...Y.decodeStateVector(Y.encodeStateVector(doc))]
    .sort(([a], [b]) => a - b)
    .map(([client, clock]) => `${client}:${clock}`)
    .join(' ')

/**
 * Where the peers stand against the server's room: converged once every peer has synced and
 * holds exactly the room's state (equal state vectors). Cheap to read, so polling it does not
 * starve the server, which shares this process (it answers a reconnecting peer only once its
 * writes are on disk, and those need the event loop).
 */
function standing(peers: WebsocketProvider[]): { converged: boolean; report: string } {
  const room = docs.get('ws-soak') as Y.Doc | undefined
  const server = room ? vector(room) : 'no room'
  const lines = peers.map((p, i) => {
    const pending = p.doc.store.pendingStructs || p.doc.store.pendingDs ? ', waiting for missing updates' : ''
    return `peer ${i} (${p.wsconnected ? 'connected' : 'offline'}, ${p.synced ? 'synced' : 'not synced'}${pending}): ${vector(p.doc)}`
  })
  const converged = room !== undefined && peers.every((p, i) => p.synced && lines[i]!.endsWith(`: ${server}`))
  return { converged, report: [`server: ${server}`, ...lines].join('\n') }
}

/** Every item appears once across the exported trees. */
function itemIds(doc: Y.Doc): Id[] {
  return rows(doc).map((row) => row.id)
}

describe('convergence soak', () => {
  it(
    `${PEERS} peers, ${EDITS_PER_PEER} random concurrent edits each, with disconnects: all end identical`,
    {
      timeout: 240_000,
    },
    async () => {
      server = await startTestServer({ transport: unusedTransport })
      const token = server.secrets.accessToken
      const peers = Array.from({ length: PEERS }, () => {
        const p = provider(server!.url, 'ws-soak', { token })
        providers.push(p)
        return p
      })
      await Promise.all(peers.map(synced))

      const seedDoc = peers[0]!.doc
      initWorkspace(seedDoc)
      const api = createCollection(seedDoc, { name: 'API' })
      const other = createCollection(seedDoc, { name: 'Other' })
      const folder = createFolder(seedDoc, { parentId: api }, { name: 'Users' })
      const hot = [
        createRequest(seedDoc, { parentId: api }, { name: 'Hot 1' }),
        createRequest(seedDoc, { parentId: folder }, { name: 'Hot 2' }),
        createRequest(seedDoc, { parentId: other }, { name: 'Hot 3' }),
      ]
      const seeded = snapshot(seedDoc)
      await until(() => peers.every((p) => snapshot(p.doc) === seeded), 10_000)

      const rngs = peers.map((_, i) => random(SEED + i))
      const schedule = random(SEED * 7)
      const offlineUntil = peers.map(() => -1)
      let applied = 0
      let disconnects = 0
      for (let step = 0; step < EDITS_PER_PEER; step++) {
        for (let i = 0; i < PEERS; i++) {
          const p = peers[i]!
          if (offlineUntil[i]! === step) p.connect()
          if (offlineUntil[i]! < step && schedule.next() < 0.004) {
            offlineUntil[i] = step + 20 + schedule.int(150)
            p.disconnect()
            disconnects++
          }
          if (edit(p.doc, rngs[i]!, hot, i, step)) applied++
        }
        // Let the sockets carry edits between rounds, so edits cross in flight as well as offline.
        if (step % 5 === 0) await new Promise((resolve) => setTimeout(resolve, schedule.int(3)))
      }
      for (const p of peers) if (!p.wsconnected) p.connect()

      const context = `seed ${SEED}: ${applied} edits applied, ${disconnects} disconnects`
      // Converged means every update reached everyone: all state vectors equal the server's.
      // (Comparing whole exports every few ms here starved the in-process server for minutes.)
      await new Promise<void>((resolve, reject) => {
        const end = Date.now() + 120_000
        const poll = () => {
          const { converged, report } = standing(peers)
          if (converged) resolve()
          else if (Date.now() > end) reject(new Error(`peers did not converge (${context})\n${report}`))
          else setTimeout(poll, 50)
        }
        poll()
      })
      const first = snapshot(peers[0]!.doc)
      const reads = peers.map((p) => snapshot(p.doc))
      expect(
        reads.map((read) => read === first),
        `same state, same workspace (${context}; sizes ${reads.map((read) => read.length).join(', ')})`,
      ).toEqual(peers.map(() => true))
      expect(disconnects, context).toBeGreaterThanOrEqual(3)
      expect(applied, context).toBeGreaterThan(PEERS * EDITS_PER_PEER * 0.8)

      const final = peers[0]!.doc
      const ids = itemIds(final)
      expect(new Set(ids).size, `each item shows once (${context})`).toBe(ids.length)
      expect(
        rows(final).some((row) => row.type === 'request'),
        context,
      ).toBe(true)

      const newcomer = provider(server.url, 'ws-soak', { token })
      providers.push(newcomer)
      await synced(newcomer)
      expect(snapshot(newcomer.doc), context).toBe(snapshot(final))
    },
  )
})
