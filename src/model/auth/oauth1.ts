/**
 * OAuth 1.0 (RFC 5849) as Postman sends it: HMAC-SHA1/256/512, RSA-SHA1/256/512 and PLAINTEXT,
 * the optional body hash (oauth_body_hash draft), realm, and the parameters in the Authorization
 * header, the query, or a POST/PUT form body. The signature base string, signing key and percent
 * encoding come from `oauth-1.0a`; the MACs and RSA signatures from Web Crypto (web-crypto.ts).
 */
import OAuth from 'oauth-1.0a'
import { concatBytes, fromUtf8, utf8 } from '../encoding.ts'
import type { OAuth1Auth, RequestBody } from '../types.ts'
import type { HeaderList } from '../wire.ts'
import { OAUTH1_SIGNATURE_METHODS } from './auth-fields.ts'
import { digestBase64, hmacBase64, randomNonce, rsaSignBase64, type HashName } from './web-crypto.ts'

const HASHES: Record<string, HashName> = { SHA1: 'SHA-1', SHA256: 'SHA-256', SHA512: 'SHA-512' }

/** The auth's fields with `{{variables}}` already substituted. */
export type OAuth1Params = Omit<OAuth1Auth, 'type'>

export interface OAuth1Request {
  method: string
  url: string
  headers: HeaderList
  body: Uint8Array | null
  /** The request's body type: a form body's fields are signed, other bodies may be hashed. */
  bodyType: RequestBody['type']
}

export interface OAuth1Signed {
  url: string
  /** `Authorization` when the parameters go in the header. */
  headers: HeaderList
  body: Uint8Array | null
}

/**
 * Signs the request. Without a consumer key, or without the secret (key for RSA) the method
 * needs, nothing is added, as in Postman.
 */
export async function signOAuth1(
  request: OAuth1Request,
  params: OAuth1Params,
  signingDate: Date = new Date(),
  /** Sent instead of the signature (the scripts' view of a request whose key is withheld). */
  signatureText?: string,
): Promise<OAuth1Signed> {
  const method = (params.signatureMethod.trim() || 'HMAC-SHA1').toUpperCase()
  if (!(OAUTH1_SIGNATURE_METHODS as readonly string[]).includes(method))
    throw new Error(
      `OAuth 1.0 signature method "${params.signatureMethod}" is not one of ${OAUTH1_SIGNATURE_METHODS.join(', ')}`,
    )
  const [kind, hashPart] = method.split('-') as [string, string | undefined]
  const hash = hashPart ? HASHES[hashPart] : undefined
  const unchanged = { url: request.url, headers: [], body: request.body }
  if (!params.consumerKey) return unchanged
  if (kind === 'RSA' ? !params.privateKey.trim() : !params.consumerSecret) return unchanged

  const form = request.bodyType === 'urlencoded'
  const basics: [string, string][] = [
    ['oauth_consumer_key', params.consumerKey],
    ['oauth_token', params.token],
    ['oauth_signature_method', method],
    ['oauth_timestamp', params.timestamp.trim() || String(Math.floor(signingDate.getTime() / 1000))],
    ['oauth_nonce', params.nonce.trim() || randomNonce(11)],
    ['oauth_version', params.version],
  ]
  const protocol = basics.filter(([, value]) => params.addEmptyParamsToSign || value.trim() !== '')
  // A form body's fields are signed instead; multipart bodies are hashed by nobody (nor Postman).
  if (params.includeBodyHash && hash && !form && request.bodyType !== 'form-data')
    protocol.push(['oauth_body_hash', await digestBase64(hash, request.body ?? new Uint8Array())])
  // The extensions are signed only when set, whatever addEmptyParamsToSign says (as Postman does):
  // servers that lack them would reject an empty one.
  if (params.callback.trim()) protocol.push(['oauth_callback', params.callback])
  if (params.verifier.trim()) protocol.push(['oauth_verifier', params.verifier])

  const url = new URL(request.url)
  const signed: Record<string, string | string[]> = {}
  const add = (key: string, value: string) => {
    const had = signed[key]
    signed[key] = had === undefined ? value : Array.isArray(had) ? [...had, value] : [had, value]
  }
  for (const [key, value] of parseForm(url.search.slice(1))) add(key, value)
  if (form && request.body) for (const [key, value] of parseForm(fromUtf8(request.body))) add(key, value)
  for (const [key, value] of protocol) add(key, value)

  const oauth = new OAuth({
    consumer: { key: params.consumerKey, secret: params.consumerSecret },
    signature_method: method,
    hash_function: () => '',
    parameter_seperator: ',',
  })
  // The protocol parameters go in `data`, not `oauth_data`: the library leaves `data` out of the
  // base string whenever `oauth_data` holds a body hash, and the query must stay in.
  const base = oauth.getBaseString({ url: baseUrl(url), method: request.method, data: signed }, {} as never)
  const key = oauth.getSigningKey(params.tokenSecret)
  const signature =
    signatureText !== undefined
      ? signatureText
      : kind === 'PLAINTEXT'
        ? key
        : kind === 'RSA'
          ? await rsaSignBase64(hash!, params.privateKey, base)
          : await hmacBase64(hash!, key, base)
  protocol.push(['oauth_signature', signature])

  if (params.addTo === 'header') {
    // Postman's form, byte for byte: realm first, the parameters in the order above, no spaces.
    const parts = protocol.map(([k, v]) => `${oauth.percentEncode(k)}="${oauth.percentEncode(v)}"`)
    if (params.realm.trim()) parts.unshift(`realm="${oauth.percentEncode(params.realm)}"`)
    return { url: request.url, headers: [['Authorization', `OAuth ${parts.join(',')}`]], body: request.body }
  }
  const encoded = protocol.map(([k, v]) => `${oauth.percentEncode(k)}=${oauth.percentEncode(v)}`).join('&')
  if (form && /^(POST|PUT)$/i.test(request.method)) {
    const body = request.body && request.body.length > 0 ? request.body : null
    return {
      url: request.url,
      headers: [],
      body: body ? concatBytes([body, utf8(`&${encoded}`)]) : utf8(encoded),
    }
  }
  const hashAt = request.url.indexOf('#')
  const [before, fragment] =
    hashAt < 0 ? [request.url, ''] : [request.url.slice(0, hashAt), request.url.slice(hashAt)]
  const joiner = before.includes('?') ? (before.endsWith('?') || before.endsWith('&') ? '' : '&') : '?'
  return { url: `${before}${joiner}${encoded}${fragment}`, headers: [], body: request.body }
}

/** Scheme and host in lower case, the default port left out, the path; no query (RFC 5849 3.4.1.2). */
function baseUrl(url: URL): string {
  return `${url.protocol}//${url.host.toLowerCase()}${url.pathname}`
}

/** `a=1&b=x+y` → pairs, decoded as a form is (`+` is a space); a broken escape is kept as written. */
function parseForm(text: string): [string, string][] {
  const pairs: [string, string][] = []
  for (const part of text.split('&')) {
    if (part === '') continue
    const eq = part.indexOf('=')
    const key = eq < 0 ? part : part.slice(0, eq)
    const value = eq < 0 ? '' : part.slice(eq + 1)
    pairs.push([decode(key), decode(value)])
  }
  return pairs
}

function decode(text: string): string {
  const spaced = text.replace(/\+/g, ' ')
  try {
    return decodeURIComponent(spaced)
  } catch {
    return spaced
  }
}
