/**
 * The relay's wire format, shared by the page (relay transport) and the sync-server. Bodies
 * travel as raw bytes, never base64 (docs/relay.md):
 *
 *   request   POST /relay   u32 length | JSON RelayRequestMeta | raw request body
 *   response  200           frames: u8 type | u32 length | payload
 *                           HEAD (JSON) · BODY* (raw bytes) · END (JSON) or ERROR (JSON)
 *
 * Lengths are big-endian. Before a HEAD frame the relay answers errors as plain HTTP with a
 * JSON RelayErrorBody instead.
 */
import { base64, fromBase64 } from '../../model/encoding.ts'
import type { ClientCertificate, ProxySettings, TlsSettings } from '../../model/settings.ts'
import type { HeaderList, ResponseCookie, Timings, WireRequest, WireSizes } from '../../model/wire.ts'
import { TransportError, type SendOptions } from './types.ts'

export const RELAY_CONTENT_TYPE = 'application/x-sendbox-relay'
export const RELAY_PROTOCOL_VERSION = 1

export const FRAME_HEAD = 1
export const FRAME_BODY = 2
export const FRAME_END = 3
export const FRAME_ERROR = 4
export const FRAME_HEADER_BYTES = 5

export type RelayOptions = Omit<SendOptions, 'signal' | 'responseBody' | 'tls' | 'onHead'> & { tls?: TlsJson }

/** TlsSettings with the binary PFX as base64: certificates are small, bodies are not. */
export type TlsJson = Omit<TlsSettings, 'clientCertificates'> & {
  clientCertificates: (Omit<ClientCertificate, 'pfx'> & { pfxBase64?: string })[]
}

export interface RelayRequestMeta {
  v: number
  method: string
  url: string
  headers: HeaderList
  /** Absent when the request has no body (which differs from an empty one). */
  hasBody: boolean
  options: RelayOptions
}

export interface RelayHead {
  status: number
  statusText: string
  httpVersion: string
  /** HTTP/2's `:status`, apart from `headers`. */
  pseudoHeaders?: HeaderList
  headers: HeaderList
  cookies: ResponseCookie[]
  eventStream: boolean
  url: string
  timings: Timings
  sizes: WireSizes
}

export interface RelayEnd {
  timings: Timings
  sizes: WireSizes
}

export interface RelayErrorBody {
  code: TransportError['code']
  message: string
}

export interface RelayTestProxyRequest {
  proxy: ProxySettings
  tls?: TlsJson
  /** Reached through the proxy to prove it works; the Node transport picks one when absent. */
  target?: string
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export function tlsToJson(tls: TlsSettings): TlsJson {
  return {
    ...tls,
    clientCertificates: tls.clientCertificates.map(({ pfx, ...rest }) =>
      pfx ? { ...rest, pfxBase64: base64(pfx) } : rest,
    ),
  }
}

export function tlsFromJson(tls: TlsJson): TlsSettings {
  return {
    ...tls,
    clientCertificates: tls.clientCertificates.map(({ pfxBase64, ...rest }) =>
      pfxBase64 !== undefined ? { ...rest, pfx: fromBase64(pfxBase64) } : rest,
    ),
  }
}

export function encodeRelayRequest(request: WireRequest, options: SendOptions): Uint8Array<ArrayBuffer> {
  const { signal: _signal, responseBody: _responseBody, onHead: _onHead, tls, ...rest } = options
  const meta: RelayRequestMeta = {
    v: RELAY_PROTOCOL_VERSION,
    method: request.method,
    url: request.url,
    headers: request.headers,
    hasBody: request.body !== null,
    options: tls ? { ...rest, tls: tlsToJson(tls) } : rest,
  }
  return withJsonHeader(meta, request.body ? [request.body] : [])
}

/** `u32 length | JSON meta | parts…`: the framing of every request the page posts to the relay. */
export function withJsonHeader(meta: unknown, parts: Uint8Array[]): Uint8Array<ArrayBuffer> {
  const json = encoder.encode(JSON.stringify(meta))
  let length = 4 + json.length
  for (const part of parts) length += part.length
  const out = new Uint8Array(length)
  new DataView(out.buffer).setUint32(0, json.length)
  out.set(json, 4)
  let at = 4 + json.length
  for (const part of parts) {
    out.set(part, at)
    at += part.length
  }
  return out
}

export function encodeFrameHeader(type: number, length: number): Uint8Array {
  const header = new Uint8Array(FRAME_HEADER_BYTES)
  header[0] = type
  new DataView(header.buffer).setUint32(1, length)
  return header
}

export function encodeJsonFrame(type: number, value: unknown): Uint8Array {
  const json = encoder.encode(JSON.stringify(value))
  const out = new Uint8Array(FRAME_HEADER_BYTES + json.length)
  out.set(encodeFrameHeader(type, json.length))
  out.set(json, FRAME_HEADER_BYTES)
  return out
}

export type RelayEvent =
  | { type: 'head'; head: RelayHead }
  | { type: 'body'; bytes: Uint8Array }
  | { type: 'end'; end: RelayEnd }
  | { type: 'error'; error: RelayErrorBody }

/** Largest JSON frame accepted: heads carry headers and cookies, never bodies. */
const MAX_JSON_FRAME = 16 * 1024 * 1024

/**
 * Turns response chunks, cut anywhere, into events. Body bytes come out as views of the
 * incoming chunks, as soon as they arrive, without waiting for the frame to complete.
 */
export class FrameParser {
  private header = new Uint8Array(FRAME_HEADER_BYTES)
  private headerFill = 0
  private type = 0
  private left = 0
  private json: Uint8Array | null = null
  private jsonFill = 0

  push(chunk: Uint8Array): RelayEvent[] {
    const events: RelayEvent[] = []
    let at = 0
    while (at < chunk.length) {
      if (this.headerFill < FRAME_HEADER_BYTES) {
        const take = Math.min(FRAME_HEADER_BYTES - this.headerFill, chunk.length - at)
        this.header.set(chunk.subarray(at, at + take), this.headerFill)
        this.headerFill += take
        at += take
        if (this.headerFill < FRAME_HEADER_BYTES) break
        this.type = this.header[0]!
        this.left = new DataView(this.header.buffer).getUint32(1)
        if (this.type < FRAME_HEAD || this.type > FRAME_ERROR)
          throw malformed(`unknown frame type ${this.type}`)
        if (this.type !== FRAME_BODY) {
          if (this.left > MAX_JSON_FRAME) throw malformed(`a frame of ${this.left} bytes is too large`)
          this.json = new Uint8Array(this.left)
          this.jsonFill = 0
        }
      }
      const take = Math.min(this.left, chunk.length - at)
      if (this.type === FRAME_BODY) {
        if (take > 0) events.push({ type: 'body', bytes: chunk.subarray(at, at + take) })
      } else {
        this.json!.set(chunk.subarray(at, at + take), this.jsonFill)
        this.jsonFill += take
      }
      at += take
      this.left -= take
      if (this.left === 0) {
        if (this.type !== FRAME_BODY) events.push(this.jsonEvent())
        this.headerFill = 0
      }
    }
    return events
  }

  /** True between frames: a stream that ends anywhere else was cut off. */
  get atBoundary(): boolean {
    return this.headerFill === 0
  }

  private jsonEvent(): RelayEvent {
    let value: unknown
    try {
      value = JSON.parse(decoder.decode(this.json!))
    } catch {
      throw malformed(`frame type ${this.type} is not JSON`)
    }
    this.json = null
    if (typeof value !== 'object' || value === null || Array.isArray(value)) {
      throw malformed(`frame type ${this.type} is not a JSON object`)
    }
    const fields = value as Record<string, unknown>
    if (this.type === FRAME_HEAD) {
      if (typeof fields.status !== 'number' || !Array.isArray(fields.headers))
        throw malformed('the head has no status or headers')
      return { type: 'head', head: value as RelayHead }
    }
    if (this.type === FRAME_END) return { type: 'end', end: value as RelayEnd }
    if (typeof fields.message !== 'string') throw malformed('the error has no message')
    return { type: 'error', error: value as RelayErrorBody }
  }
}

/** A response the relay never writes (a proxy in between, a cut or corrupted stream). */
function malformed(why: string): TransportError {
  return new TransportError(`Relay: malformed response (${why})`, 'other')
}
