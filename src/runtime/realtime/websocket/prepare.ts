/**
 * What a WebSocket request connects to, made by the HTTP send pipeline itself (send.ts): OAuth
 * tokens, the pre-request scripts (variables, auth), then the wire request with its headers,
 * cookies and auth. The pipeline's own send is caught before it leaves: a WebSocket's upgrade
 * is made by its connector, not by the transport. A script's `sendRequest` still goes out.
 */
import type { WireRequest } from '../../../model/wire.ts'
import { send, type SendDeps, type SendInput } from '../../send.ts'
import type { Transport } from '../../transport/types.ts'
import { webSocketUrl } from './url.ts'

export type Prepared = { ok: true; wire: WireRequest } | { ok: false; error: string }

class Captured extends Error {}

export async function prepareWebSocket(
  input: SendInput,
  deps: Omit<SendDeps, 'onEvent' | 'handOff'>,
): Promise<Prepared> {
  let wire: WireRequest | undefined
  const transport: Transport = {
    capabilities: deps.transport.capabilities,
    send(request, options) {
      if (wire) return Promise.reject(new Captured())
      return deps.transport.send(request, options)
    },
  }
  const request = { ...input.request, method: 'GET' as const, body: { type: 'none' as const } }
  const result = await send(
    { ...input, request },
    {
      ...deps,
      transport,
      defaultHeaders: false,
      onEvent: (event) => {
        if (event.type === 'sending') wire = event.request
      },
    },
  )
  if (result.outcome === 'not-sent') return { ok: false, error: result.error }
  if (!wire) return { ok: false, error: result.outcome === 'failed' ? result.error : 'Not connected' }
  const url = webSocketUrl(wire.url)
  if (!url.ok) return url
  return { ok: true, wire: { ...wire, url: url.url } }
}
