/**
 * The relay transport hands out the response head before the body (`onHead`), and the body as it
 * arrives (`response.arrival`): the response viewer paints from it. Real sockets on 127.0.0.1.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { WireResponse } from '../../src/model/wire.ts'
import type { Transport } from '../../src/runtime/transport/types.ts'
import type { EchoServer } from '../fixtures/echo-server.ts'
import { startRelayStack, type RelayStack } from '../helpers/sync-server.ts'

let stack: RelayStack
let echo: EchoServer
let relay: Transport

beforeAll(async () => {
  stack = await startRelayStack()
  ;({ echo, relay } = stack)
})

afterAll(() => stack.close())

describe('relay: a body as it arrives', () => {
  it('gives the head and the first pieces while the rest is on its way, and the same bytes whole', async () => {
    const path = '/json/200000?pieces=4&pause=300'
    const expected = new Uint8Array(await (await fetch(`${echo.url}${path}`)).arrayBuffer())
    const pieces: Uint8Array[] = []
    let head: WireResponse | undefined
    let ended: boolean | undefined
    let receivedBeforeEnd = 0
    const started = Date.now()
    let headAfter = 0
    let firstPieceAt = 0
    const response = await relay.send(
      { method: 'GET', url: `${echo.url}${path}`, headers: [], body: null },
      {
        onHead: (response) => {
          head = response
          headAfter = Date.now() - started
          // The viewer's copy: the pieces handed over may be views of the transport's buffers.
          response.arrival!.listen({
            chunk: (bytes) => {
              firstPieceAt ||= Date.now()
              pieces.push(bytes.slice())
            },
            end: (failed) => {
              receivedBeforeEnd = pieces.reduce((n, p) => n + p.length, 0)
              ended = failed
            },
          })
        },
      },
    )
    expect(head).toBe(response)
    expect(head!.status).toBe(200)
    // Three pauses of 300 ms come after the head.
    expect(Date.now() - started - headAfter).toBeGreaterThanOrEqual(800)
    expect(Date.now() - firstPieceAt, 'the first piece came long before the end').toBeGreaterThanOrEqual(800)
    expect(response.arrival!.expected).toBe(expected.length)
    expect(ended).toBe(false)
    expect(receivedBeforeEnd).toBe(expected.length)
    expect(Buffer.concat(pieces).equals(Buffer.from(expected))).toBe(true)
    expect(Buffer.from(response.body).equals(Buffer.from(expected))).toBe(true)
    expect(response.arrival!.body).toBe(response.body)
  })

  it('a listener that comes late is given what arrived before it', async () => {
    let head: WireResponse | undefined
    const response = await relay.send(
      { method: 'GET', url: `${echo.url}/json/50000?pieces=2&pause=200`, headers: [], body: null },
      { onHead: (response) => void (head = response) },
    )
    const pieces: Uint8Array[] = []
    let ended: boolean | undefined
    head!.arrival!.listen({ chunk: (b) => void pieces.push(b.slice()), end: (failed) => (ended = failed) })
    expect(ended).toBe(false)
    expect(Buffer.concat(pieces).equals(Buffer.from(response.body))).toBe(true)
  })

  it('a body cut off midway ends the listener as failed', async () => {
    const controller = new AbortController()
    let ended: boolean | undefined
    const sending = relay.send(
      { method: 'GET', url: `${echo.url}/json/200000?pieces=4&pause=300`, headers: [], body: null },
      {
        signal: controller.signal,
        onHead: (response) => {
          response.arrival!.listen({ chunk: () => controller.abort(), end: (failed) => (ended = failed) })
        },
      },
    )
    await expect(sending).rejects.toThrow()
    expect(ended).toBe(true)
  })
})
