import { afterAll, beforeAll, expect } from 'vitest'
import type { HeaderList, WireRequest } from '../../src/model/wire.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { TransportError } from '../../src/runtime/transport/types.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'

export interface EchoAndTransport {
  echo: EchoServer
  transport: NodeTransport
}

/**
 * One echo server and one Node transport for the calling test file: started before its tests,
 * closed after them. Read the fields inside tests (they are set in beforeAll).
 */
export function useEchoAndTransport(): EchoAndTransport {
  const setup = {} as EchoAndTransport
  beforeAll(async () => {
    setup.echo = await startEchoServer()
    setup.transport = createNodeTransport()
  })
  afterAll(async () => {
    await setup.transport.close()
    await setup.echo.close()
  })
  return setup
}

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
