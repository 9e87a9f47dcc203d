/**
 * A composed WebSocket message → what the socket sends: text as is, JSON validated, hex and
 * base64 as bytes; or the problem, named for the user. Apart from websocket.ts so the app shell,
 * which reads and writes the settings, does not carry it.
 */
import type { ComposedMessage } from './websocket.ts'

/** A message ready for the socket, or the problem that stops it (named for the user). */
export type EncodedMessage = { ok: true; data: string | Uint8Array } | { ok: false; problem: string }

const HEX = /^[0-9a-f]*$/i
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/

export function encodeMessage(message: ComposedMessage): EncodedMessage {
  const { format, text } = message
  if (format === 'text') return { ok: true, data: text }
  if (format === 'json') {
    try {
      JSON.parse(text)
      return { ok: true, data: text }
    } catch (error) {
      return { ok: false, problem: `Invalid JSON: ${(error as Error).message}` }
    }
  }
  const compact = text.replace(/\s+/g, '')
  if (format === 'hex') {
    const digits = compact.replace(/^0x/i, '')
    if (!HEX.test(digits)) {
      const bad = /[^0-9a-f]/i.exec(digits)
      return { ok: false, problem: `Invalid hex: "${bad?.[0] ?? ''}" is not a hex digit` }
    }
    if (digits.length % 2 !== 0) return { ok: false, problem: 'Invalid hex: an odd number of digits' }
    const bytes = new Uint8Array(digits.length / 2)
    for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(digits.slice(i * 2, i * 2 + 2), 16)
    return { ok: true, data: bytes }
  }
  if (!BASE64.test(compact) || compact.length % 4 === 1)
    return { ok: false, problem: 'Invalid base64: only A–Z, a–z, 0–9, +, / and trailing = are allowed' }
  const binary = atob(compact.padEnd(Math.ceil(compact.length / 4) * 4, '='))
  const bytes = new Uint8Array(binary.length)
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i)
  return { ok: true, data: bytes }
}

/** Bytes as spaced hex pairs (the log's hex view and a file's bytes in the composer). */
export function toHex(bytes: Uint8Array, max = Infinity): string {
  const parts: string[] = []
  const end = Math.min(bytes.length, max)
  for (let i = 0; i < end; i++) parts.push(bytes[i]!.toString(16).padStart(2, '0'))
  return parts.join(' ') + (bytes.length > end ? ' …' : '')
}
