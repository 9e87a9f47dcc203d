/**
 * The hashes, MACs and RSA signatures OAuth 1.0 and Hawk need, with Web Crypto: the same API in
 * browsers (secure contexts: https and localhost), workers and Node 20.
 */
import { base64, concatBytes, fromBase64, utf8 } from '../encoding.ts'

export type HashName = 'SHA-1' | 'SHA-256' | 'SHA-512'

function subtle(): SubtleCrypto {
  const found = globalThis.crypto?.subtle as SubtleCrypto | undefined
  if (!found)
    throw new Error(
      "Signing needs the browser's Web Crypto, which is offered only on https or localhost pages",
    )
  return found
}

/** A copy on its own ArrayBuffer: what every Web Crypto call accepts. */
function buffer(data: string | Uint8Array): Uint8Array<ArrayBuffer> {
  const bytes = typeof data === 'string' ? utf8(data) : data
  const copy = new Uint8Array(new ArrayBuffer(bytes.length))
  copy.set(bytes)
  return copy
}

export async function digestBase64(hash: HashName, data: string | Uint8Array): Promise<string> {
  return base64(new Uint8Array(await subtle().digest(hash, buffer(data))))
}

export async function hmacBase64(hash: HashName, key: string, data: string): Promise<string> {
  const crypto = subtle()
  const imported = await crypto.importKey('raw', buffer(key), { name: 'HMAC', hash }, false, ['sign'])
  return base64(new Uint8Array(await crypto.sign('HMAC', imported, buffer(data))))
}

/** RSASSA-PKCS1-v1_5 with a PEM private key: PKCS#8 (`PRIVATE KEY`) or PKCS#1 (`RSA PRIVATE KEY`). */
export async function rsaSignBase64(hash: HashName, pem: string, data: string): Promise<string> {
  const crypto = subtle()
  const der = pemToPkcs8(pem)
  let key: CryptoKey
  try {
    key = await crypto.importKey('pkcs8', der, { name: 'RSASSA-PKCS1-v1_5', hash }, false, ['sign'])
  } catch {
    throw new Error('The private key is not a valid RSA private key')
  }
  return base64(new Uint8Array(await crypto.sign('RSASSA-PKCS1-v1_5', key, buffer(data))))
}

const PEM = /-----BEGIN ([A-Z ]+)-----([\s\S]*?)-----END \1-----/

function pemToPkcs8(pem: string): Uint8Array<ArrayBuffer> {
  const match = PEM.exec(pem)
  if (!match) throw new Error('The private key is not in PEM form (-----BEGIN PRIVATE KEY-----)')
  const label = match[1]!
  if (label === 'ENCRYPTED PRIVATE KEY')
    throw new Error('The private key is encrypted; give it without a passphrase')
  let body: Uint8Array
  try {
    body = fromBase64(match[2]!.replace(/\s+/g, ''))
  } catch {
    throw new Error("The private key's PEM text is not valid base64")
  }
  if (label === 'PRIVATE KEY') return buffer(body)
  if (label === 'RSA PRIVATE KEY') return buffer(pkcs1ToPkcs8(body))
  throw new Error(`The private key is a "${label}"; an RSA private key is needed`)
}

/** PrivateKeyInfo { version 0, rsaEncryption with NULL parameters, the PKCS#1 key as octets }. */
function pkcs1ToPkcs8(pkcs1: Uint8Array): Uint8Array {
  const version = new Uint8Array([0x02, 0x01, 0x00])
  const algorithm = new Uint8Array([
    0x30, 0x0d, 0x06, 0x09, 0x2a, 0x86, 0x48, 0x86, 0xf7, 0x0d, 0x01, 0x01, 0x01, 0x05, 0x00,
  ])
  const octets = concatBytes([new Uint8Array([0x04]), derLength(pkcs1.length), pkcs1])
  const content = concatBytes([version, algorithm, octets])
  return concatBytes([new Uint8Array([0x30]), derLength(content.length), content])
}

function derLength(length: number): Uint8Array {
  if (length < 0x80) return new Uint8Array([length])
  const bytes: number[] = []
  for (let rest = length; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256)
  return new Uint8Array([0x80 | bytes.length, ...bytes])
}

const ALPHANUMERIC = 'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789'

/** A random nonce of letters and digits. */
export function randomNonce(length: number): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(length))
  let out = ''
  for (const byte of bytes) out += ALPHANUMERIC[byte % ALPHANUMERIC.length]
  return out
}
