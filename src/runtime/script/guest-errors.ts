/**
 * Errors crossing the sandbox boundary: how the host describes an error to the guest (name and
 * message, plus extra fields such as beta's `error.response`) and makes one from the guest's.
 */
import * as chai from 'chai'
import { errorConstructor, type Encoded } from './marshal.ts'

export interface ErrorInfo {
  n: string
  m: string
}

/** An error for the guest with extra fields (beta's `error.response`). */
export class GuestError extends Error {
  constructor(
    name: string,
    message: string,
    readonly extra: Record<string, Encoded>,
  ) {
    super(message)
    this.name = name
  }
}

export function fail(name: string, message: string): string {
  return 'e' + JSON.stringify({ n: name, m: message })
}

export function errorPayload(error: unknown, out: (value: unknown) => Encoded): Encoded {
  if (error instanceof GuestError) return { n: error.name, m: error.message, x: error.extra }
  if (error instanceof Error && 'extra' in error)
    return { n: error.name, m: error.message, x: out((error as { extra: unknown }).extra) }
  const info = describeError(error)
  return { n: info.n, m: info.m }
}

export function describeError(error: unknown): ErrorInfo {
  if (error instanceof Error)
    return { n: error.name === 'TransportError' ? 'Error' : error.name, m: error.message }
  return { n: 'Error', m: String(error) }
}

export function toError(info: ErrorInfo): Error {
  const Ctor = errorConstructor(info.n) ?? (info.n === 'AssertionError' ? chai.AssertionError : Error)
  const error = new Ctor(String(info.m))
  if (error.name !== info.n) error.name = String(info.n)
  return error
}
