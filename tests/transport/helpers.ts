import { expect } from 'vitest'
import type { HeaderList, WireRequest } from '../../src/model/wire.ts'
import { TransportError } from '../../src/runtime/transport/types.ts'

export function wire(
  method: string,
  url: string,
  headers: HeaderList = [],
  body?: string | Uint8Array,
): WireRequest {
  return {
    method,
    url,
    headers,
    body: body === undefined ? null : typeof body === 'string' ? new TextEncoder().encode(body) : body,
  }
}

export async function failure(promise: Promise<unknown>): Promise<TransportError> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(TransportError)
  return error as TransportError
}

export function text(bytes: Uint8Array): string {
  return new TextDecoder().decode(bytes)
}

export function json<T = Record<string, unknown>>(bytes: Uint8Array): T {
  return JSON.parse(text(bytes)) as T
}
