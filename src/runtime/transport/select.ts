/**
 * The one place the page chooses its transport: the relay of the sync-server that served it when
 * that answers (always with `npm start`), otherwise the browser's own fetch, which the UI then
 * announces with what it cannot do.
 */
import { createDirectTransport } from './direct.ts'
import { createRelayTransport, fetchRelayToken, RelayLoginRequired } from './relay.ts'
import type { Transport } from './types.ts'

export type TransportMode = 'relay' | 'direct'

/** Where and with what token a request goes to the relay: for a sender beside the page's transport. */
export interface RelayEndpoint {
  url: string
  token: string
}

export interface SelectedTransport {
  mode: TransportMode
  transport: Transport
  /** Set in relay mode: the script worker hands requests to this relay itself (script/hand-off.ts). */
  relay?: RelayEndpoint
  /** Direct because a relay answered but this browser has not logged in to it. */
  loginRequired?: true
}

export async function selectTransport(
  baseUrl = '',
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<SelectedTransport> {
  try {
    const token = await fetchRelayToken(baseUrl, doFetch)
    const url = relayUrl(baseUrl)
    return {
      mode: 'relay',
      transport: createRelayTransport({ baseUrl, token, fetch: doFetch }),
      ...(url ? { relay: { url, token } } : {}),
    }
  } catch (error) {
    return {
      mode: 'direct',
      transport: createDirectTransport(doFetch),
      ...(error instanceof RelayLoginRequired ? { loginRequired: true as const } : {}),
    }
  }
}

/** Absolute, so a worker's fetch reaches the same relay; none when there is no page to resolve against. */
function relayUrl(baseUrl: string): string | undefined {
  try {
    return new URL(`${baseUrl.replace(/\/+$/, '')}/relay`, globalThis.location?.href).href
  } catch {
    return undefined
  }
}
