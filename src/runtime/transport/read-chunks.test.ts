import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { readChunks } from './read-chunks.ts'

const body = Uint8Array.from({ length: 300_000 }, (_, i) => (i * 7 + (i >> 9)) & 0xff)

/** Reads every chunk, copying each before the next read, as the relay's consumers do. */
async function readAll(stream: ReadableStream<Uint8Array>, size?: number) {
  const reader = readChunks(stream, size)
  const copies: Uint8Array[] = []
  const buffers = new Set<number>()
  for (let chunk = await reader.read(); chunk; chunk = await reader.read()) {
    expect(chunk.length).toBeGreaterThan(0)
    copies.push(chunk.slice())
    buffers.add(chunk.buffer.byteLength)
  }
  // The end stays the end.
  expect(await reader.read()).toBeNull()
  return { reused: reader.reused, bytes: Buffer.concat(copies), chunks: copies.length, buffers }
}

/** A stream of `body` in pieces of the given sizes, as a byte stream or a plain one. */
function streamOf(sizes: number[], bytes: boolean): ReadableStream<Uint8Array> {
  let at = 0
  let i = 0
  const next = () => {
    if (at >= body.length) return null
    const size = Math.min(sizes[i++ % sizes.length]!, body.length - at)
    at += size
    return body.slice(at - size, at)
  }
  if (!bytes)
    return new ReadableStream<Uint8Array>({
      pull: (controller) => void (at < body.length ? controller.enqueue(next()!) : controller.close()),
    })
  return new ReadableStream({
    type: 'bytes',
    pull(controller) {
      const chunk = next()
      if (chunk) return controller.enqueue(chunk)
      controller.close()
      // A byte stream's pending read has to be answered once closed.
      controller.byobRequest?.respond(0)
    },
  })
}

let server: Server
let url: string
beforeAll(async () => {
  server = createServer((_, res) => {
    res.writeHead(200, { 'content-length': body.length })
    // In pieces with pauses, so the reads see the body arrive over time.
    let at = 0
    const next = () => {
      if (at >= body.length) return res.end()
      res.write(body.subarray(at, at + 40_000))
      at += 40_000
      setTimeout(next, 2)
    }
    next()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`
})
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())))

describe('readChunks', () => {
  it('reads a fetch body into one reused buffer: every chunk a view of the same memory', async () => {
    const got = await readAll((await fetch(url)).body!, 64 * 1024)
    expect(got.reused).toBe(true)
    expect(got.bytes.equals(Buffer.from(body))).toBe(true)
    // Several reads, each returned in the one 64 KB buffer (moved back and forth, never a new one).
    expect(got.chunks).toBeGreaterThan(4)
    expect([...got.buffers]).toEqual([64 * 1024])
  })

  it.each([
    ['pieces smaller than the buffer', [1000, 1, 17]],
    ['pieces larger and smaller than the buffer', [7, 100_000, 3, 65_536]],
  ])('a byte stream in %s: the same bytes', async (_, sizes) => {
    const got = await readAll(streamOf(sizes, true), 4096)
    expect(got.reused).toBe(true)
    expect(got.bytes.equals(Buffer.from(body))).toBe(true)
  })

  it('a stream that is not a byte stream is read as it comes, its chunks not reused', async () => {
    const got = await readAll(streamOf([5000, 1, 70_000], false))
    expect(got.reused).toBe(false)
    expect(got.bytes.equals(Buffer.from(body))).toBe(true)
  })

  it('an empty body ends at once; cancel reaches the stream', async () => {
    expect((await readAll(new Response(new Uint8Array(0)).body!)).chunks).toBe(0)
    let reason: unknown
    const stream = new ReadableStream({ type: 'bytes', cancel: (r) => void (reason = r) })
    await readChunks(stream).cancel('stop')
    expect(reason).toBe('stop')
  })
})
