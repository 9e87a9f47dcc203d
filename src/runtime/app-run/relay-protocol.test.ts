/**
 * The wire format of a run on the relay: rows with their bodies as raw bytes survive packing,
 * frames cut anywhere (one byte at a time, or many frames in one chunk) come out whole, and a
 * malformed stream is an error, not a wrong row.
 */
import { describe, expect, it } from 'vitest'
import type { RunRow } from '../report/run-row.ts'
import {
  frame,
  jsonPayload,
  pack,
  readJson,
  RUN_BATCH,
  RUN_END,
  RUN_START,
  RunFrameParser,
  unpack,
  type RunEndFrame,
} from './relay-protocol.ts'
import type { AppRunBatch } from './types.ts'

const bytes = (text: string) => new TextEncoder().encode(text)

function row(n: number, body: Uint8Array | null): RunRow {
  return {
    iteration: 1,
    requestId: `r${n}`,
    method: 'POST',
    failed: false,
    execution: { name: `R${n}` } as RunRow['execution'],
    request: { method: 'POST', url: 'http://x/', headers: [['A', 'b']], body },
    response: {
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [],
      body: bytes(`answer ${n} \u00e9\u0000`),
      eventStream: false,
      cookies: [],
      timings: { total: 1 },
      sizes: { headers: 0, responseBody: 12, total: 12 },
      url: 'http://x/',
    } as unknown as RunRow['response'],
  }
}

const progress = { iteration: 1, iterations: 1, request: 1, requests: 3, passed: 1, failed: 0 }
const join = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts))

describe('run frames', () => {
  it('carry rows with their bodies as bytes, a missing request body kept apart from an empty one', () => {
    const batch: AppRunBatch = {
      rows: [row(1, bytes('sent')), row(2, null), row(3, new Uint8Array())],
      progress,
    }
    const back = unpack<AppRunBatch>(join(pack(batch)))
    expect(back.progress).toEqual(progress)
    expect(back.rows.map((r) => r.request?.body && new TextDecoder().decode(r.request.body))).toEqual([
      'sent',
      null,
      '',
    ])
    expect(back.rows.map((r) => new TextDecoder().decode(r.response!.body))).toEqual([
      'answer 1 \u00e9\u0000',
      'answer 2 \u00e9\u0000',
      'answer 3 \u00e9\u0000',
    ])
    // Each body its own copy, not a view of the whole payload.
    expect(back.rows[0]!.response!.body.buffer.byteLength).toBe(back.rows[0]!.response!.body.length)
    const end: RunEndFrame = { batch, error: 'why' }
    expect(unpack<RunEndFrame>(join(pack(end))).batch.rows[0]!.request!.body).toEqual(bytes('sent'))
  })

  it('come out whole however the stream is cut', () => {
    const stream = join([
      ...frame(RUN_START, jsonPayload({ run: 'id' })),
      ...frame(RUN_BATCH, pack({ rows: [row(1, bytes('x'.repeat(3000)))], progress })),
      ...frame(RUN_END, pack({ batch: { rows: [], progress } })),
    ])
    for (const size of [1, 7, 4096, stream.length]) {
      const parser = new RunFrameParser()
      const types: number[] = []
      for (let at = 0; at < stream.length; at += size)
        for (const { type, payload } of parser.push(stream.slice(at, at + size))) {
          types.push(type)
          if (type === RUN_START) expect(readJson(payload)).toEqual({ run: 'id' })
          if (type === RUN_BATCH)
            expect(unpack<AppRunBatch>(payload).rows[0]!.request!.body!.length).toBe(3000)
        }
      expect(types).toEqual([RUN_START, RUN_BATCH, RUN_END])
      expect(parser.atBoundary).toBe(true)
    }
  })

  it('refuse an unknown frame and a body outside its payload', () => {
    expect(() => new RunFrameParser().push(new Uint8Array([9, 0, 0, 0, 0]))).toThrow(
      /unknown run frame type 9/,
    )
    const packed = join(pack({ rows: [row(1, bytes('abc'))], progress }))
    expect(() => unpack(packed.subarray(0, packed.length - 5))).toThrow(/out of range/)
  })
})
