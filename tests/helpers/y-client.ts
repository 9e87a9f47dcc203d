/**
 * A y-websocket client at the protocol level, for what the provider hides: asking the server
 * for an acknowledgement (sync step 1 → step 2) and sending frames a real client never would.
 */
import * as decoding from 'lib0/decoding'
import * as encoding from 'lib0/encoding'
import WebSocket from 'ws'
import * as syncProtocol from 'y-protocols/sync'
import * as Y from 'yjs'

export interface RawClient {
  ws: WebSocket
  doc: Y.Doc
  /** Resolves once the server's step 2 for our step 1 arrived: all we sent before is on disk. */
  ack(): Promise<void>
  closed: Promise<{ code: number; reason: string }>
  close(): void
}

export function syncStep1(doc: Y.Doc): Uint8Array {
  const encoder = encoding.createEncoder()
  encoding.writeVarUint(encoder, 0)
  syncProtocol.writeSyncStep1(encoder, doc)
  return encoding.toUint8Array(encoder)
}

export function openSocket(url: string): Promise<WebSocket> {
  const ws = new WebSocket(url)
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve(ws))
    ws.once('error', reject)
  })
}

export function closeEvent(ws: WebSocket): Promise<{ code: number; reason: string }> {
  return new Promise((resolve) =>
    ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
  )
}

export async function connectRaw(url: string, doc = new Y.Doc()): Promise<RawClient> {
  const ws = await openSocket(url)
  const closed = closeEvent(ws)
  const waiting: (() => void)[] = []
  ws.on('message', (data: Buffer) => {
    const decoder = decoding.createDecoder(new Uint8Array(data))
    if (decoding.readVarUint(decoder) !== 0) return
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, 0)
    const step = syncProtocol.readSyncMessage(decoder, encoder, doc, 'server')
    if (encoding.length(encoder) > 1) ws.send(encoding.toUint8Array(encoder))
    if (step === syncProtocol.messageYjsSyncStep2) waiting.shift()?.()
  })
  doc.on('update', (update: Uint8Array, origin: unknown) => {
    if (origin === 'server') return
    const encoder = encoding.createEncoder()
    encoding.writeVarUint(encoder, 0)
    syncProtocol.writeUpdate(encoder, update)
    ws.send(encoding.toUint8Array(encoder))
  })
  return {
    ws,
    doc,
    closed,
    ack() {
      return new Promise((resolve) => {
        waiting.push(resolve)
        ws.send(syncStep1(doc))
      })
    },
    close: () => ws.close(),
  }
}
