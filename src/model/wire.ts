/**
 * What crosses a Transport: the request exactly as it goes on the wire, and the response
 * exactly as it came back. Every transport (node, relay, service worker, direct) speaks these.
 */

import type { BodyArrival } from './response/arrival.ts'

export type HeaderList = [name: string, value: string][]

export interface WireRequest {
  method: string
  url: string
  /** In the order sent; names keep the case the user typed. */
  headers: HeaderList
  body: Uint8Array | null
}

export interface ResponseCookie {
  name: string
  value: string
  path?: string
  domain?: string
  /** As the server wrote it (an HTTP date), or absent for a session cookie. */
  expires?: string
  maxAge?: number
  httpOnly: boolean
  secure: boolean
  sameSite?: string
}

/** Milliseconds. `total` always; the phases when the transport can see them. */
export interface Timings {
  total: number
  dns?: number
  connect?: number
  tls?: number
  firstByte?: number
  download?: number
}

export interface WireSizes {
  requestHeaders: number
  requestBody: number
  responseHeaders: number
  responseBody: number
}

export interface WireResponse {
  status: number
  statusText: string
  /** `1.1` or `2` (what the connection spoke). */
  httpVersion: string
  /** HTTP/2's pseudo-headers (`:status`), kept apart from `headers`. */
  pseudoHeaders?: HeaderList
  /** Raw header list in order; every `Set-Cookie` kept as its own entry. */
  headers: HeaderList
  /** Empty when `bodyStream` is set. */
  body: Uint8Array
  /**
   * Set by transports that hand out the head before the body (`SendOptions.onHead`): the body as
   * it arrives. `body` is filled once `arrival.done`.
   */
  arrival?: BodyArrival
  /** Present when the body was asked for as a stream, or the response is a running event stream. */
  bodyStream?: ReadableStream<Uint8Array>
  /** `text/event-stream`: the post-response script does not run for it. */
  eventStream: boolean
  cookies: ResponseCookie[]
  timings: Timings
  sizes: WireSizes
  /** The URL of the final response after redirects. */
  url: string
}

// Header helpers run several times per request on code that has not warmed up: indexed loops,
// no destructuring (an array pattern walks an iterator there; transport README).
export function headerValue(headers: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase()
  for (let i = 0; i < headers.length; i++) {
    const header = headers[i]!
    if (header[0].toLowerCase() === lower) return header[1]
  }
  return undefined
}

/** Size of a header block as HTTP/1.1 writes it: `Name: value\r\n` per header. */
export function headerBlockSize(headers: HeaderList): number {
  let size = 0
  for (let i = 0; i < headers.length; i++) size += utf8Length(headers[i]![0]) + utf8Length(headers[i]![1]) + 4
  return size
}

const encoder = new TextEncoder()
export function utf8Length(text: string): number {
  return encoder.encode(text).length
}
