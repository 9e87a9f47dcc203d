/**
 * Checks everything the relay is handed before it goes near a socket. The meta is JSON from
 * a caller holding the token, but a line break in a header or proxy field would let a value
 * write extra headers upstream, so those are refused here rather than trusted to the transport.
 */
import { visible } from '../src/model/import/import-error.ts'
import {
  HTTP_VERSIONS,
  isHttpVersion,
  type HttpVersion,
  type ProxySettings,
  type TlsSettings,
} from '../src/model/settings.ts'
import type { HeaderList, WireRequest } from '../src/model/wire.ts'
import {
  RELAY_PROTOCOL_VERSION,
  tlsFromJson,
  type RelayRequestMeta,
  type TlsJson,
} from '../src/runtime/transport/relay-protocol.ts'
import type { SendOptions, TransportError } from '../src/runtime/transport/types.ts'

export class RelayRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: TransportError['code'],
    message: string,
  ) {
    super(message)
  }
}

const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/
const LINE_BREAK = /[\r\n\0]/

/** A value inside a message: JSON, at most 60 characters, invisible characters written as `U+…`. */
function show(value: unknown): string {
  return visible([...(JSON.stringify(value) ?? String(value))].slice(0, 60).join(''))
}

export function invalid(message: string): never {
  throw new RelayRefusal(400, 'invalid-request', message)
}

export type Json = Record<string, unknown>

export function object(value: unknown, what: string): Json {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    invalid(`${what} must be an object`)
  return value as Json
}

function text(value: unknown, what: string): string {
  if (typeof value !== 'string') invalid(`${what} must be a string`)
  if (LINE_BREAK.test(value)) invalid(`${what} must not contain line breaks`)
  return value
}

function optional<T>(value: unknown, check: (v: unknown) => T): T | undefined {
  return value === undefined ? undefined : check(value)
}

function count(value: unknown, what: string, max = Number.MAX_SAFE_INTEGER): number {
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0 || value > max) {
    invalid(`${what} must be an integer from 0 to ${max}`)
  }
  return value
}

function flag(value: unknown, what: string): boolean {
  if (typeof value !== 'boolean') invalid(`${what} must be true or false`)
  return value
}

export function checkHeaders(value: unknown): HeaderList {
  if (!Array.isArray(value)) invalid('headers must be a list')
  return value.map((pair: unknown, i) => {
    if (!Array.isArray(pair) || pair.length !== 2) invalid(`header ${i + 1} must be a [name, value] pair`)
    const name = text(pair[0], `the name of header ${i + 1}`)
    if (!TOKEN.test(name)) invalid(`header name ${show(name)} is not a valid HTTP token`)
    return [name, text(pair[1], `the value of header ${show(name)}`)] as [string, string]
  })
}

export function checkProxy(value: unknown): ProxySettings {
  const proxy = object(value, 'proxy')
  const type = proxy.type
  if (type !== 'http' && type !== 'https' && type !== 'socks5' && type !== 'system') {
    invalid('proxy.type must be http, https, socks5 or system')
  }
  return {
    enabled: flag(proxy.enabled, 'proxy.enabled'),
    type,
    host: text(proxy.host, 'proxy.host'),
    port: count(proxy.port, 'proxy.port', 65535),
    bypass: text(proxy.bypass ?? '', 'proxy.bypass'),
    ...defined({
      username: optional(proxy.username, (v) => text(v, 'proxy.username')),
      password: optional(proxy.password, (v) => text(v, 'proxy.password')),
    }),
  }
}

const CERTIFICATE = { label: /^(TRUSTED |X509 )?CERTIFICATE$/, what: 'a PEM certificate' }
const PRIVATE_KEY = { label: /^(RSA |EC |DSA |ENCRYPTED )?PRIVATE KEY$/, what: 'a PEM private key' }
const PEM_BLOCK = /-----BEGIN ([A-Z0-9 ]+)-----\r?\n([A-Za-z0-9+/=\s:,-]*?)-----END \1-----/g

/**
 * PEM text with at least one block of the expected kind, each of base64 lines. Checked here, so
 * a damaged field is the caller's 400 naming it, not a failure deep in the TLS stack.
 */
function pem(value: unknown, what: string, kind: { label: RegExp; what: string }): string {
  if (typeof value !== 'string') invalid(`${what} must be a string`)
  const blocks = [...value.matchAll(PEM_BLOCK)]
  if (!blocks.some((block) => kind.label.test(block[1]!))) {
    invalid(`${what} is not ${kind.what} (no "-----BEGIN ...-----" block)`)
  }
  return value
}

/** Standard base64 (line breaks allowed), as a PFX file is sent. */
function base64(value: unknown, what: string): string {
  if (typeof value !== 'string') invalid(`${what} must be a string`)
  const compact = value.replace(/\s+/g, '')
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(compact) || compact.length % 4 !== 0) {
    invalid(`${what} is not base64 (a PFX file's bytes, base64-encoded)`)
  }
  return compact
}

export function checkTls(value: unknown): TlsSettings {
  const tls = object(value, 'tls')
  if (!Array.isArray(tls.caPem) || !Array.isArray(tls.clientCertificates)) {
    invalid('tls.caPem and tls.clientCertificates must be lists')
  }
  const string = (v: unknown, what: string) => {
    if (typeof v !== 'string') invalid(`${what} must be a string`)
    return v
  }
  const json: TlsJson = {
    verify: flag(tls.verify, 'tls.verify'),
    caPem: tls.caPem.map((ca, i) => pem(ca, `tls.caPem[${i}]`, CERTIFICATE)),
    clientCertificates: tls.clientCertificates.map((entry: unknown, i) => {
      const cert = object(entry, `tls.clientCertificates[${i}]`)
      const field = `tls.clientCertificates[${i}]`
      return defined({
        host: text(cert.host, 'client certificate host'),
        certPem: optional(cert.certPem, (v) => pem(v, `${field}.certPem`, CERTIFICATE)),
        keyPem: optional(cert.keyPem, (v) => pem(v, `${field}.keyPem`, PRIVATE_KEY)),
        pfxBase64: optional(cert.pfxBase64, (v) => base64(v, `${field}.pfxBase64`)),
        passphrase: optional(cert.passphrase, (v) => string(v, `${field}.passphrase`)),
      })
    }),
  }
  return tlsFromJson(json)
}

/** The JSON header of `u32 length | JSON meta | …` (what `withJsonHeader` frames), `what` naming the request. */
export function readJsonHeader(buffer: Buffer, what: string): { header: unknown; length: number } {
  if (buffer.length < 4) invalid(`${what} is empty`)
  const length = buffer.readUInt32BE(0)
  if (4 + length > buffer.length) invalid(`${what} is shorter than its header says`)
  try {
    return { header: JSON.parse(buffer.subarray(4, 4 + length).toString('utf8')), length }
  } catch {
    invalid(`${what} header is not JSON`)
  }
}

/** `u32 length | JSON meta | body` into the transport's own types. */
export function parseRelayRequest(buffer: Buffer): { request: WireRequest; options: SendOptions } {
  const { header: parsed, length } = readJsonHeader(buffer, 'the relay request')
  const meta = object(parsed, 'the relay request') as Partial<Record<keyof RelayRequestMeta, unknown>>
  if (meta.v === undefined)
    invalid(`the relay request has no protocol version (expected ${RELAY_PROTOCOL_VERSION})`)
  if (meta.v !== RELAY_PROTOCOL_VERSION) invalid(`relay protocol version ${show(meta.v)} is not supported`)
  const method = text(meta.method, 'method')
  if (!TOKEN.test(method) || method.length > 64) invalid(`method ${show(method)} is not valid`)
  const url = text(meta.url, 'url')
  let protocol = ''
  try {
    protocol = new URL(url).protocol
  } catch {
    invalid(`${show(url)} is not a URL`)
  }
  if (protocol !== 'http:' && protocol !== 'https:') invalid('only http and https URLs can be relayed')
  const rest = buffer.subarray(4 + length)
  const hasBody = flag(meta.hasBody, 'hasBody')
  if (!hasBody && rest.length > 0) invalid('a request without body carries body bytes')
  const options = object(meta.options ?? {}, 'options')
  return {
    request: {
      method,
      url,
      headers: checkHeaders(meta.headers),
      body: hasBody ? new Uint8Array(rest.buffer, rest.byteOffset, rest.length) : null,
    },
    options: defined({
      timeoutMs: optional(options.timeoutMs, (v) => count(v, 'timeoutMs')),
      followRedirects: optional(options.followRedirects, (v) => flag(v, 'followRedirects')),
      maxRedirects: optional(options.maxRedirects, (v) => count(v, 'maxRedirects', 1000)),
      maxResponseBytes: optional(options.maxResponseBytes, (v) => count(v, 'maxResponseBytes')),
      proxy: optional(options.proxy, checkProxy),
      tls: optional(options.tls, checkTls),
      httpVersion: optional(options.httpVersion, checkHttpVersion),
    }),
  }
}

function checkHttpVersion(value: unknown): HttpVersion {
  if (!isHttpVersion(value))
    invalid(`httpVersion must be one of ${HTTP_VERSIONS.join(', ')}, got ${show(value)}`)
  return value
}

/** Absent, not undefined: the transport may tell the two apart with `in`. */
function defined<T extends object>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T
}
