/**
 * The one place the page chooses its transport: the relay of the sync-server that served it when
 * that answers (always with `npm start`), otherwise the browser's own fetch, which the UI then
 * announces with what it cannot do.
 */
import { createDirectTransport } from './direct.ts'
import { createRelayTransport, fetchRelayToken } from './relay.ts'
import type { Transport } from './types.ts'

export type TransportMode = 'relay' | 'direct'

export interface SelectedTransport {
  mode: TransportMode
  transport: Transport
}

export async function selectTransport(
  baseUrl = '',
  doFetch: typeof fetch = (input, init) => globalThis.fetch(input, init),
): Promise<SelectedTransport> {
  try {
    const token = await fetchRelayToken(baseUrl, doFetch)
    return { mode: 'relay', transport: createRelayTransport({ baseUrl, token, fetch: doFetch }) }
  } catch {
    return { mode: 'direct', transport: createDirectTransport(doFetch) }
  }
}
