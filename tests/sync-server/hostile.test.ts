/** Malformed and hostile frames close that connection only; the room and the server go on. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as encoding from 'lib0/encoding'
import * as Y from 'yjs'
import { CLOSE_MALFORMED } from '../../sync-server/sync.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { closeEvent, connectRaw, openSocket, type RawClient } from '../helpers/y-client.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

let server: TestServer
let bystander: RawClient
const room = (name: string) =>
  `ws://127.0.0.1:${server.port}/sync/${name}?token=${server.secrets.accessToken}`

beforeAll(async () => {
  server = await startTestServer(
    { transport: unusedTransport },
    { args: ['--max-sync-message-bytes', '65536'] },
  )
  bystander = await connectRaw(room('shared'))
  bystander.doc.getMap('m').set('before', 1)
  await bystander.ack()
})

afterAll(async () => {
  bystander.close()
  await server.remove()
})

function message(...parts: ((e: encoding.Encoder) => void)[]): Uint8Array {
  const encoder = encoding.createEncoder()
  for (const part of parts) part(encoder)
  return encoding.toUint8Array(encoder)
}

const uint = (n: number) => (e: encoding.Encoder) => encoding.writeVarUint(e, n)
const bytes = (b: number[]) => (e: encoding.Encoder) => encoding.writeUint8Array(e, new Uint8Array(b))
const withLength = (b: number[]) => (e: encoding.Encoder) => encoding.writeVarUint8Array(e, new Uint8Array(b))

const hostile: [string, Uint8Array | string][] = [
  ['random garbage', new Uint8Array([0xff, 0xfe, 0x13, 0x37, 0x00, 0x42])],
  ['an empty frame', new Uint8Array(0)],
  ['a truncated varint', new Uint8Array([0x80])],
  ['a varint wider than 53 bits', new Uint8Array([0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f])],
  ['a huge length prefix', message(uint(0), uint(0), bytes([0xff, 0xff, 0xff, 0xff, 0x0f]))],
  ['a length prefix past the end', message(uint(0), uint(2), bytes([0x10, 1, 2, 3]))],
  ['an unknown message type', message(uint(7))],
  ['an unknown sync step', message(uint(0), uint(9), withLength([]))],
  ['a garbage update', message(uint(0), uint(2), withLength([5, 1, 2, 3, 4, 5]))],
  ['a garbage state vector', message(uint(0), uint(0), withLength([3, 0xff]))],
  ['awareness that is not JSON', message(uint(1), withLength([1, 1, 1, 3, 0x7b, 0x7b, 0x7b]))],
  ['trailing bytes after a valid message', message(uint(0), uint(0), withLength([0]), bytes([1, 2, 3]))],
  ['an auth message no client sends', message(uint(2), uint(0), bytes([1]))],
  ['a text frame', 'hello'],
]

describe('hostile frames', () => {
  it.each(hostile)('%s closes that connection with 4400', async (_name, frame) => {
    const ws = await openSocket(room('shared'))
    const closed = closeEvent(ws)
    ws.send(frame, { binary: typeof frame !== 'string' })
    expect((await closed).code).toBe(CLOSE_MALFORMED)
  })

  it('a frame over the size limit is closed by the socket layer (1009)', async () => {
    const ws = await openSocket(room('shared'))
    const closed = closeEvent(ws)
    ws.send(new Uint8Array(70_000))
    expect((await closed).code).toBe(1009)
  })

  it('after all of that, the room and its other client still work', async () => {
    expect(bystander.ws.readyState).toBe(bystander.ws.OPEN)
    const late = await connectRaw(room('shared'))
    late.doc.getMap('m').set('after', 2)
    await late.ack()
    await bystander.ack()
    const deadline = Date.now() + 5000
    while (bystander.doc.getMap('m').get('after') !== 2 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 10))
    }
    expect(bystander.doc.getMap('m').toJSON()).toEqual({ before: 1, after: 2 })
    const fresh = await connectRaw(room('shared'), new Y.Doc())
    await fresh.ack()
    expect(fresh.doc.getMap('m').toJSON()).toEqual({ before: 1, after: 2 })
    late.close()
    fresh.close()
  })
})
