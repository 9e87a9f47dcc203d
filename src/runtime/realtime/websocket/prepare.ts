/**
 * What a WebSocket request connects to, made by the HTTP send pipeline itself (send.ts): OAuth
 * tokens, the pre-request scripts (variables, auth), then the wire request with its headers,
 * cookies and auth. The pipeline's own send is caught before it leaves: a WebSocket's upgrade
 * is made by its connector, not by the transport. A script's `sendRequest` still goes out.
 */
import type { WireRequest } from '../../../model/wire.ts'
import { send, type SendDeps, type SendInput } from '../../send.ts'
import type { Transport } from '../../transport/types.ts'

export type Prepared = { ok: true; wire: WireRequest } | { ok: false; error: string }

class Captured extends Error {}

/** `http(s)://` and a bare host become `ws(s)://`; anything else is named as the problem. */
export function webSocketUrl(url: string): { ok: true; url: string } | { ok: false; error: string } {
  const trimmed = url.trim()
  if (!trimmed) return { ok: false, error: 'Enter a URL starting with ws:// or wss://' }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `ws://${trimmed}`
  let parsed: URL
  try {
    parsed = new URL(withScheme)
  } catch {
    return { ok: false, error: `Invalid URL: ${trimmed}` }
  }
  const scheme = parsed.protocol.toLowerCase()
  if (scheme === 'http:' || scheme === 'https:') parsed.protocol = scheme === 'https:' ? 'wss:' : 'ws:'
  else if (scheme !== 'ws:' && scheme !== 'wss:')
    return { ok: false, error: `A WebSocket URL starts with ws:// or wss://, not ${scheme}//` }
  return { ok: true, url: parsed.href }
}

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
