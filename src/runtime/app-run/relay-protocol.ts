/**
 * The wire format of a collection run on the relay (`POST /relay/run`, docs/relay.md), shared by
 * the app (relay-run.ts) and the sync-server (sync-server/relay-run.ts). Bodies travel as raw
 * bytes, never base64:
 *
 *   request   u32 length | JSON RunRequestMeta | the form-data files' bytes, one after another
 *   response  frames: u8 type | u32 length | payload
 *             START (JSON) · BATCH* · TOKEN* · END       (BATCH and END are packed, below)
 *
 * A packed payload is `u32 length | JSON | bytes`: each body of a row (the request as sent, the
 * response) is replaced in the JSON by `{ "$b": [offset, length] }` into the bytes after it.
 * Lengths are big-endian. Before START the relay answers errors as plain HTTP with a JSON
 * `{ code, message }`.
 */
import type { RunRow } from '../report/run-row.ts'
import { withJsonHeader, type TlsJson } from '../transport/relay-protocol.ts'
import type { AppRunBatch, AppRunEnd, AppRunSpec } from './types.ts'

export const RUN_CONTENT_TYPE = 'application/x-sendbox-run'
export const RUN_PROTOCOL_VERSION = 1

export const RUN_START = 1
export const RUN_BATCH = 2
export const RUN_TOKEN = 3
export const RUN_END = 4
const HEADER_BYTES = 5

/** The spec as it travels: no relay of its own, TLS settings with a PFX as base64. */
export type RelayRunSpec = Omit<AppRunSpec, 'relay' | 'options'> & {
  options: Omit<AppRunSpec['options'], 'tls' | 'onHead' | 'responseBody'> & { tls?: TlsJson }
}

/** A form-data file row's bytes (`length` of them, in order after the meta), or why it could not be read. */
export type RunFile = { ref: string; length: number } | { ref: string; error: string }

export interface RunRequestMeta {
  v: number
  spec: RelayRunSpec
  files: RunFile[]
}

/** The END frame: the last rows, and how the run ended (`error`: why it broke off or was cut short). */
export interface RunEndFrame {
  batch: AppRunBatch
  end?: AppRunEnd
  error?: string
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export function encodeRunRequest(meta: RunRequestMeta, files: Uint8Array[]): Uint8Array<ArrayBuffer> {
  return withJsonHeader(meta, files)
}

interface BodyRef {
  $b: [number, number]
}

const isRef = (value: unknown): value is BodyRef =>
  typeof value === 'object' && value !== null && Array.isArray((value as BodyRef).$b)

/** `value` as one packed payload: its rows' bodies out of the JSON, as bytes after it. */
export function pack(value: AppRunBatch | RunEndFrame): Uint8Array[] {
  const bodies: Uint8Array[] = []
  let offset = 0
  const out = (bytes: Uint8Array): BodyRef => {
    bodies.push(bytes)
    offset += bytes.length
    return { $b: [offset - bytes.length, bytes.length] }
  }
  const packRow = (row: RunRow): RunRow => ({
    ...row,
    ...(row.request
      ? { request: { ...row.request, body: row.request.body && (out(row.request.body) as never) } }
      : {}),
    ...(row.response ? { response: { ...row.response, body: out(row.response.body) as never } } : {}),
  })
  const packed =
    'rows' in value
      ? { ...value, rows: value.rows.map(packRow) }
      : { ...value, batch: { ...value.batch, rows: value.batch.rows.map(packRow) } }
  const json = encoder.encode(JSON.stringify(packed))
  const head = new Uint8Array(4)
  new DataView(head.buffer).setUint32(0, json.length)
  return [head, json, ...bodies]
}

/**
 * The rows of a packed payload with their bodies back in place: copies, so a row posted on to the
 * page carries its own bytes, not the whole payload's buffer.
 */
export function unpack<T extends AppRunBatch | RunEndFrame>(payload: Uint8Array): T {
  const length = new DataView(payload.buffer, payload.byteOffset, payload.byteLength).getUint32(0)
  const value = JSON.parse(decoder.decode(payload.subarray(4, 4 + length))) as T
  const bytes = payload.subarray(4 + length)
  const body = (ref: unknown): Uint8Array => {
    if (!isRef(ref)) throw new Error('the relay sent a body that is not a byte range')
    const [at, size] = ref.$b
    if (at < 0 || size < 0 || at + size > bytes.length) throw new Error('the relay sent a body out of range')
    return bytes.slice(at, at + size)
  }
  const rows = 'rows' in value ? value.rows : value.batch.rows
  for (const row of rows) {
    if (row.request && row.request.body !== null) row.request.body = body(row.request.body)
    if (row.response) row.response.body = body(row.response.body)
  }
  return value
}

/** A frame: its header, then the parts of its payload. */
export function frame(type: number, parts: Uint8Array[]): Uint8Array[] {
  let length = 0
  for (const part of parts) length += part.length
  const header = new Uint8Array(HEADER_BYTES)
  header[0] = type
  new DataView(header.buffer).setUint32(1, length)
  return [header, ...parts]
}

export const jsonPayload = (value: unknown): Uint8Array[] => [encoder.encode(JSON.stringify(value))]

export const readJson = <T>(payload: Uint8Array): T => JSON.parse(decoder.decode(payload)) as T

/** Largest frame the app accepts: a batch holds at most a few hundred rows of 64 KB bodies. */
const MAX_FRAME = 512 * 1024 * 1024

/** Turns the answer's chunks, cut anywhere, into whole frames. */
export class RunFrameParser {
  private chunks: Uint8Array[] = []
  private size = 0

  push(chunk: Uint8Array): { type: number; payload: Uint8Array }[] {
    this.chunks.push(chunk)
    this.size += chunk.length
    const frames: { type: number; payload: Uint8Array }[] = []
    for (;;) {
      if (this.size < HEADER_BYTES) break
      const head = this.peek(HEADER_BYTES)
      const length = new DataView(head.buffer, head.byteOffset, HEADER_BYTES).getUint32(1)
      if (head[0]! < RUN_START || head[0]! > RUN_END) throw new Error(`unknown run frame type ${head[0]}`)
      if (length > MAX_FRAME) throw new Error(`a run frame of ${length} bytes is too large`)
      if (this.size < HEADER_BYTES + length) break
      const whole = this.take(HEADER_BYTES + length)
      frames.push({ type: whole[0]!, payload: whole.subarray(HEADER_BYTES) })
    }
    return frames
  }

  get atBoundary(): boolean {
    return this.size === 0
  }

  /** The first `n` bytes as one array (joined when they span chunks). */
  private peek(n: number): Uint8Array {
    if (this.chunks[0]!.length >= n) return this.chunks[0]!.subarray(0, n)
    const joined = this.join()
    return joined.subarray(0, n)
  }

  private join(): Uint8Array {
    if (this.chunks.length === 1) return this.chunks[0]!
    const joined = new Uint8Array(this.size)
    let at = 0
    for (const chunk of this.chunks) {
      joined.set(chunk, at)
      at += chunk.length
    }
    this.chunks = [joined]
    return joined
  }

  private take(n: number): Uint8Array {
    const first = this.chunks[0]!.length >= n ? this.chunks[0]! : this.join()
    const taken = first.subarray(0, n)
    const rest = first.subarray(n)
    if (rest.length > 0) this.chunks[0] = rest
    else this.chunks.shift()
    this.size -= n
    return taken
  }
}
