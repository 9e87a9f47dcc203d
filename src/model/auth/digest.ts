/**
 * HTTP Digest auth (RFC 7616; RFC 2617's MD5 forms): reading a server's challenge and computing
 * the `Authorization: Digest …` answer. Algorithms MD5, MD5-sess, SHA-256, SHA-256-sess; qop
 * `auth`, `auth-int` or none. The challenge-response round trip and the nonce count across
 * requests live in the runtime (src/runtime/digest-exchange.ts): this module does no I/O.
 */
import { utf8 } from '../encoding.ts'
import { md5Hex } from './md5.ts'

export const DIGEST_ALGORITHMS = ['MD5', 'MD5-sess', 'SHA-256', 'SHA-256-sess'] as const

/** The text fields of a Digest auth (`Auth` of type `digest`), as stored and exported. */
export const DIGEST_FIELDS = [
  'username',
  'password',
  'algorithm',
  'realm',
  'nonce',
  'qop',
  'opaque',
  'nonceCount',
  'clientNonce',
] as const

export interface DigestChallenge {
  realm: string
  nonce: string
  /** The qop the client should answer with: `auth`, `auth-int`, or '' when the server gave none. */
  qop: string
  opaque: string
  /** As the server named it; '' when it did not. */
  algorithm: string
  stale: boolean
}

/** The first Digest challenge among `WWW-Authenticate` values; null when there is none. */
export function parseDigestChallenge(values: string[]): DigestChallenge | null {
  for (const value of values) {
    const at = value.search(/(^|,\s*)Digest\s/i)
    if (at < 0) continue
    const params: Record<string, string> = {}
    const text = value.slice(at).replace(/^,?\s*Digest\s+/i, '')
    for (const match of text.matchAll(/([\w-]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^,\s]*))/g))
      params[match[1]!.toLowerCase()] ??= match[2]?.replace(/\\(.)/g, '$1') ?? match[3] ?? ''
    if (params.nonce === undefined) continue
    const offered = (params.qop ?? '').split(',').map((q) => q.trim().toLowerCase())
    return {
      realm: params.realm ?? '',
      nonce: params.nonce,
      qop: offered.includes('auth') ? 'auth' : offered.includes('auth-int') ? 'auth-int' : '',
      opaque: params.opaque ?? '',
      algorithm: params.algorithm ?? '',
      stale: (params.stale ?? '').toLowerCase() === 'true',
    }
  }
  return null
}

export interface DigestInput {
  username: string
  password: string
  /** One of DIGEST_ALGORITHMS ('' means MD5). */
  algorithm: string
  realm: string
  nonce: string
  qop: string
  opaque: string
  /** The nonce count: a number is written as 8 hex digits, a text as it is. */
  nc: number | string
  cnonce: string
  method: string
  /** The request target as sent: path and query. */
  uri: string
  /** The body, for qop `auth-int`. */
  body?: Uint8Array | null
}

export class DigestError extends Error {}

/** The value of the `Authorization` header. */
export async function digestAuthorization(input: DigestInput): Promise<string> {
  const algorithm = input.algorithm || 'MD5'
  const base = algorithm.replace(/-sess$/i, '').toUpperCase()
  if (base !== 'MD5' && base !== 'SHA-256') {
    throw new DigestError(
      `Digest algorithm ${JSON.stringify(algorithm)} is not supported (use ${DIGEST_ALGORITHMS.join(', ')})`,
    )
  }
  const hash = base === 'MD5' ? async (b: Uint8Array) => md5Hex(b) : sha256Hex
  const h = (text: string) => hash(utf8(text))
  let ha1 = await h(`${input.username}:${input.realm}:${input.password}`)
  if (/-sess$/i.test(algorithm)) ha1 = await h(`${ha1}:${input.nonce}:${input.cnonce}`)
  const a2 =
    input.qop === 'auth-int'
      ? `${input.method}:${input.uri}:${await hash(input.body ?? new Uint8Array())}`
      : `${input.method}:${input.uri}`
  const ha2 = await h(a2)
  const nc = typeof input.nc === 'string' ? input.nc : input.nc.toString(16).padStart(8, '0')
  const response = input.qop
    ? await h(`${ha1}:${input.nonce}:${nc}:${input.cnonce}:${input.qop}:${ha2}`)
    : await h(`${ha1}:${input.nonce}:${ha2}`)
  const quote = (text: string) => `"${text.replace(/["\\]/g, '\\$&')}"`
  const parts = [
    `username=${quote(input.username)}`,
    `realm=${quote(input.realm)}`,
    `nonce=${quote(input.nonce)}`,
    `uri=${quote(input.uri)}`,
    `algorithm=${quote(algorithm)}`,
  ]
  if (input.qop) parts.push(`qop=${input.qop}`, `nc=${nc}`, `cnonce=${quote(input.cnonce)}`)
  parts.push(`response=${quote(response)}`)
  if (input.opaque) parts.push(`opaque=${quote(input.opaque)}`)
  return `Digest ${parts.join(', ')}`
}

/** A client nonce: 16 random hex digits. */
export function clientNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

async function sha256Hex(bytes: Uint8Array): Promise<string> {
  const { Sha256 } = await import('@aws-crypto/sha256-js')
  const sha = new Sha256()
  sha.update(bytes)
  const digest = await sha.digest()
  return Array.from(digest, (b) => b.toString(16).padStart(2, '0')).join('')
}
