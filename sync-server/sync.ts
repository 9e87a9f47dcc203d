/**
 * y-websocket rooms, one per workspace. Documents, awareness and broadcast are
 * @y/websocket-server's; the connection loop is ours because it has to promise more:
 *
 * - messages of a connection are handled strictly in order, after the room is loaded;
 * - a sync step 1 is answered only once every update applied to the room is on disk (the
 *   acknowledgement defined in sync-server/README.md);
 * - a malformed or hostile frame closes that connection (4400) and nothing else;
 * - a view-only connection's document updates are dropped (its awareness is relayed);
 * - rooms per process and connections per room are bounded (4429 with the reason).
 */
import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { docs, getPersistence, getYDoc, setPersistence, type WSSharedDoc } from '@y/websocket-server/utils'
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import { WebSocketServer, type RawData, type WebSocket } from 'ws'
import * as awarenessProtocol from 'y-protocols/awareness'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'
import type { Limits } from './config.ts'
import { fullState } from './full-state.ts'
import type { RoomStore } from './persistence.ts'
import { roomsOf } from './rooms.ts'

const MESSAGE_SYNC = 0
const MESSAGE_AWARENESS = 1
const MESSAGE_QUERY_AWARENESS = 3

/** Close codes 4400–4499 tell the y-websocket client not to reconnect; 4500 says "try again". */
export const CLOSE_MALFORMED = 4400
export const CLOSE_UNAUTHORIZED = 4401
export const CLOSE_FORBIDDEN = 4403
export const CLOSE_LIMIT = 4429
export const CLOSE_UNAVAILABLE = 4500

const PING_INTERVAL_MS = 30_000

/** What the server allowed a connection to do, decided before it is accepted. */
export interface Grant {
  /** View-only: its document updates (sync step 2, update) are dropped; awareness still passes. */
  readOnly: boolean
  /** Joined through an invite link: closed when the workspace's links are revoked. */
  viaLink: boolean
  /** Called once the connection is open in its room, and once when it closed. */
  onOpen?: () => void
  onClose?: () => void
}

export const OWNER: Grant = { readOnly: false, viaLink: false }

export interface SyncService {
  /** Takes over an upgrade the server has authorised for `room`, within the limits. */
  accept(req: IncomingMessage, socket: Duplex, head: Buffer, room: string, grant?: Grant): void
  /** Completes the handshake only to tell the client why it may not join (y-websocket stops retrying). */
  refuse(req: IncomingMessage, socket: Duplex, head: Buffer, code: number, reason: string): void
  /** Closes every connection to the workspace's rooms (root and collections) that joined through an invite link. */
  closeLinked(workspace: string, code: number, reason: string): void
  /**
   * The room's document, loaded, for reading on the server (the mock server). It stays open, as
   * if someone were connected, until the last connection of the room leaves or the service closes.
   */
  openRoom(room: string): Promise<Y.Doc>
  /**
   * The room's document, loaded, held open until `release()` (and its last connection left):
   * the split of an old room and the git mirror hold a workspace's collection rooms this way.
   */
  holdRoom(room: string): Promise<RoomHold>
  close(): Promise<void>
}

export interface RoomHold {
  doc: Y.Doc
  release(): void
}

/** The room could not be loaded or written: the client may retry, unlike after a bad frame. */
class StoreError extends Error {}

function expectEnd(decoder: decoding.Decoder) {
  if (decoding.hasContent(decoder)) throw new Error('trailing bytes')
}

/** @y/websocket-server keeps its rooms and persistence in module state: one service per process. */
let active = false

export function createSync(
  store: RoomStore,
  limits: Pick<Limits, 'maxSyncMessageBytes' | 'maxRooms' | 'maxConnectionsPerRoom'>,
): SyncService {
  if (active) throw new Error('a sync service is already running in this process')
  active = true
  const ready = new WeakMap<Y.Doc, Promise<void>>()
  const releases = new Set<Promise<unknown>>()
  const grants = new WeakMap<WebSocket, Grant>()
  /** Rooms held open by the server itself (holdRoom): not let go while held. */
  const holds = new WeakMap<Y.Doc, number>()
  const wss = new WebSocketServer({ noServer: true, maxPayload: limits.maxSyncMessageBytes })

  setPersistence({
    provider: store,
    bindState: (room: string, doc: WSSharedDoc) => {
      const loading = store.bind(room, doc)
      loading.catch(() => undefined)
      ready.set(doc, loading)
    },
    writeState: (room: string, doc: WSSharedDoc) => {
      const release = store.release(room, doc).catch(() => undefined)
      releases.add(release)
      return release.finally(() => releases.delete(release))
    },
  })

  function send(ws: WebSocket, message: Uint8Array) {
    if (ws.readyState === ws.OPEN) ws.send(message, (error) => error && ws.terminate())
  }

  function leave(doc: WSSharedDoc, ws: WebSocket) {
    const wasWaiting = waitingFor(doc).delete(ws)
    const controlled = doc.conns.get(ws) as Set<number> | undefined
    if (!controlled && !wasWaiting) return
    if (controlled) {
      doc.conns.delete(ws)
      awarenessProtocol.removeAwarenessStates(doc.awareness, [...controlled], null)
    }
    releaseIfUnused(doc)
  }

  /** The room's last connection left and nothing on the server holds it: written, compacted, let go. */
  function releaseIfUnused(doc: WSSharedDoc) {
    if (doc.conns.size > 0 || waitingFor(doc).size > 0 || (holds.get(doc) ?? 0) > 0) return
    if (docs.get(doc.name) !== doc) return
    docs.delete(doc.name)
    void getPersistence()
      ?.writeState(doc.name, doc)
      .then(() => doc.destroy())
  }

  async function handle(ws: WebSocket, doc: WSSharedDoc, message: Uint8Array) {
    const decoder = decoding.createDecoder(message)
    const type = decoding.readVarUint(decoder)
    if (type === MESSAGE_SYNC) {
      const step = decoding.readVarUint(decoder)
      const payload = decoding.readVarUint8Array(decoder)
      expectEnd(decoder)
      if (step === syncProtocol.messageYjsSyncStep1) {
        const has = Y.decodeStateVector(payload)
        await store.flushed(doc).catch((error: unknown) => {
          throw new StoreError('write failed', { cause: error })
        })
        const encoder = encoding.createEncoder()
        encoding.writeVarUint(encoder, MESSAGE_SYNC)
        if (has.size === 0) {
          // A joiner with nothing: the whole state, kept between joiners (full-state.ts).
          encoding.writeVarUint(encoder, syncProtocol.messageYjsSyncStep2)
          encoding.writeVarUint8Array(encoder, fullState(doc))
        } else {
          syncProtocol.writeSyncStep2(encoder, doc, payload)
        }
        send(ws, encoding.toUint8Array(encoder))
      } else if (step === syncProtocol.messageYjsSyncStep2 || step === syncProtocol.messageYjsUpdate) {
        if (!grants.get(ws)?.readOnly) Y.applyUpdate(doc, payload, ws)
      } else {
        throw new Error(`unknown sync step ${step}`)
      }
    } else if (type === MESSAGE_AWARENESS) {
      const update = decoding.readVarUint8Array(decoder)
      expectEnd(decoder)
      awarenessProtocol.applyAwarenessUpdate(doc.awareness, update, ws)
    } else if (type === MESSAGE_QUERY_AWARENESS) {
      expectEnd(decoder)
      sendAwareness(ws, doc)
    } else {
      throw new Error(`unknown message type ${type}`)
    }
  }

  function sendAwareness(ws: WebSocket, doc: WSSharedDoc) {
    const clients = [...doc.awareness.getStates().keys()]
    if (clients.length === 0) return
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, MESSAGE_AWARENESS)
    encoding.writeVarUint8Array(encoder, awarenessProtocol.encodeAwarenessUpdate(doc.awareness, clients))
    send(ws, encoding.toUint8Array(encoder))
  }

  /** Why a new connection to `room` would break a limit, checked right before it joins. */
  function overLimit(room: string): string | undefined {
    const open = docs.get(room) as WSSharedDoc | undefined
    if (!open && docs.size >= limits.maxRooms) return 'too many rooms on this server'
    if (open && open.conns.size + waitingFor(open).size >= limits.maxConnectionsPerRoom)
      return 'too many people in this workspace'
    return undefined
  }

  function closeWith(ws: WebSocket, code: number, reason: string) {
    ws.on('error', () => ws.terminate())
    ws.close(code, reason)
  }

  function connect(ws: WebSocket, room: string, grant: Grant) {
    const doc = getYDoc(room) as WSSharedDoc
    // In the room's connections (which get every update as it is applied) only once the room has
    // loaded: the load itself is one update, the whole state, and a joiner of a room not yet
    // open would get it twice, broadcast and again as the answer to its sync step 1.
    waitingFor(doc).add(ws)
    grants.set(ws, grant)
    grant.onOpen?.()
    const loaded = (ready.get(doc) ?? Promise.resolve()).catch((error: unknown) => {
      throw new StoreError('load failed', { cause: error })
    })
    let queue = loaded
    let failed = false
    const fail = (code: number, reason: string) => {
      if (failed) return
      failed = true
      ws.close(code, reason)
    }
    ws.on('message', (data: RawData, isBinary: boolean) => {
      if (failed) return
      if (!isBinary) return fail(CLOSE_MALFORMED, 'binary messages only')
      const bytes = toBytes(data)
      queue = queue
        .then(() => (failed ? undefined : handle(ws, doc, bytes)))
        .catch((error: unknown) => {
          // Anything else was thrown by lib0 or Yjs while decoding what the client sent.
          if (error instanceof StoreError) fail(CLOSE_UNAVAILABLE, 'room unavailable')
          else fail(CLOSE_MALFORMED, 'malformed message')
        })
    })
    // A frame over maxPayload: ws closes with 1009 itself; the error must not reach the process.
    ws.on('error', () => ws.terminate())
    let alive = true
    ws.on('pong', () => (alive = true))
    const ping = setInterval(() => {
      if (!alive) return void ws.terminate()
      alive = false
      ws.ping()
    }, PING_INTERVAL_MS)
    ws.on('close', () => {
      clearInterval(ping)
      failed = true
      leave(doc, ws)
      grant.onClose?.()
    })
    loaded.then(
      () => {
        if (!waitingFor(doc).delete(ws)) return // closed meanwhile
        doc.conns.set(ws, new Set<number>())
        const encoder = encoding.createEncoder()
        encoding.writeVarUint(encoder, MESSAGE_SYNC)
        syncProtocol.writeSyncStep1(encoder, doc)
        send(ws, encoding.toUint8Array(encoder))
        sendAwareness(ws, doc)
      },
      () => fail(CLOSE_UNAVAILABLE, 'room unavailable'),
    )
  }

  return {
    accept(req, socket, head, room, grant = OWNER) {
      wss.handleUpgrade(req, socket, head, (ws) => {
        const refusal = overLimit(room)
        if (refusal) closeWith(ws, CLOSE_LIMIT, refusal)
        else connect(ws, room, grant)
      })
    },
    refuse(req, socket, head, code, reason) {
      wss.handleUpgrade(req, socket, head, (ws) => closeWith(ws, code, reason))
    },
    closeLinked(workspace, code, reason) {
      for (const room of roomsOf(workspace, docs.keys())) {
        for (const ws of roomSockets(docs.get(room) as WSSharedDoc)) {
          if (grants.get(ws)?.viaLink) ws.close(code, reason)
        }
      }
    },
    async openRoom(room: string) {
      if (!docs.has(room) && docs.size >= limits.maxRooms)
        throw new StoreError('too many rooms on this server')
      const doc = getYDoc(room) as WSSharedDoc
      await (ready.get(doc) ?? Promise.resolve())
      return doc
    },
    async holdRoom(room: string) {
      if (!docs.has(room) && docs.size >= limits.maxRooms)
        throw new StoreError('too many rooms on this server')
      const doc = getYDoc(room) as WSSharedDoc
      holds.set(doc, (holds.get(doc) ?? 0) + 1)
      let held = true
      const release = () => {
        if (!held) return
        held = false
        holds.set(doc, (holds.get(doc) ?? 1) - 1)
        releaseIfUnused(doc)
      }
      try {
        await (ready.get(doc) ?? Promise.resolve())
      } catch (error) {
        release()
        throw error
      }
      return { doc, release }
    },
    async close() {
      // Rooms open for reading only (openRoom) have nothing to write: let them go with the service.
      for (const [name, doc] of docs) {
        if ((doc as WSSharedDoc).conns.size > 0) continue
        docs.delete(name)
        doc.destroy()
      }
      const closing = [...wss.clients].map((ws) => new Promise((resolve) => ws.once('close', resolve)))
      for (const ws of wss.clients) ws.terminate()
      await Promise.all(closing)
      await new Promise<void>((resolve) => wss.close(() => resolve()))
      await Promise.all(releases)
      await store.close()
      setPersistence(null)
      active = false
    },
  }
}

/** Every connection to a room whose write failed is closed, so clients resend after reloading it. */
export function dropRoom(doc: Y.Doc) {
  for (const ws of roomSockets(doc as WSSharedDoc)) ws.close(CLOSE_UNAVAILABLE, 'write failed')
}

/** Connections to a room that wait for it to load (not yet in its `conns`). */
const waiting = new WeakMap<Y.Doc, Set<WebSocket>>()
function waitingFor(doc: Y.Doc): Set<WebSocket> {
  let set = waiting.get(doc)
  if (!set) waiting.set(doc, (set = new Set()))
  return set
}

/** Every connection to a room: joined, or waiting for it to load. */
function roomSockets(doc: WSSharedDoc): WebSocket[] {
  return [...(doc.conns.keys() as Iterable<WebSocket>), ...waitingFor(doc)]
}

function toBytes(data: RawData): Uint8Array {
  if (Array.isArray(data)) return new Uint8Array(Buffer.concat(data))
  if (data instanceof ArrayBuffer) return new Uint8Array(data)
  return new Uint8Array(data.buffer, data.byteOffset, data.byteLength)
}
