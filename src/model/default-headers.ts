/**
 * The headers every request carries unless the user says otherwise, as Postman's runtime sends
 * them (so a Postman collection arrives the same): `User-Agent: Sendbox/1.0` (spec 2.1 rule 4:
 * locked, replaced only by the user's own), `Accept`, `Cache-Control`, `Accept-Encoding` and
 * `Connection`. The Headers tab shows them as auto-generated rows. Accept, Cache-Control and
 * Accept-Encoding can be switched off per request: that is stored as a disabled header row marked
 * `auto`, so a request that never touched them stores nothing; Settings → Editor switches those
 * three off for every request. User-Agent and Connection are locked (replaced only by the user's own).
 * Postman's random `Postman-Token` is not sent (README: where Sendbox and newman differ).
 */
import { makeRow } from './factories.ts'
import type { KeyValueRow } from './types.ts'
import type { HeaderList } from './wire.ts'

export const USER_AGENT = 'Sendbox/1.0'

export interface DefaultHeader {
  name: string
  value: string
  /** Cannot be switched off, only replaced by a header of the same name (User-Agent, Connection). */
  locked?: true
  /** Shown, but added by the transport, not by the request build. */
  byTransport?: true
}

export const DEFAULT_HEADERS: readonly DefaultHeader[] = [
  { name: 'User-Agent', value: USER_AGENT, locked: true },
  { name: 'Accept', value: '*/*' },
  { name: 'Cache-Control', value: 'no-cache' },
  { name: 'Accept-Encoding', value: 'gzip, deflate, br' },
  // The Node transport (undici) sends it itself and cannot leave it out; a row of the user's replaces it.
  { name: 'Connection', value: 'keep-alive', locked: true, byTransport: true },
]

/**
 * `sent`; `overridden` by an enabled row of the user's with that name; `off` for this request;
 * `settings-off` for every request (the setting).
 */
export type DefaultHeaderState = 'sent' | 'overridden' | 'off' | 'settings-off'

export interface DefaultHeaderRow extends DefaultHeader {
  state: DefaultHeaderState
}

const same = (a: string, b: string) => a.trim().toLowerCase() === b.toLowerCase()

/** A user's row (not an auto one): the table and everything that sends rows use these. */
export function ownRows(headers: KeyValueRow[]): KeyValueRow[] {
  return headers.some((row) => row.auto) ? headers.filter((row) => !row.auto) : headers
}

/** The auto rows of a request's Headers tab, in order, each with whether it goes out and why not. */
export function defaultHeaderRows(headers: KeyValueRow[], settingOn = true): DefaultHeaderRow[] {
  return DEFAULT_HEADERS.map((header) => ({ ...header, state: stateOf(header, headers, settingOn) }))
}

function stateOf(header: DefaultHeader, headers: KeyValueRow[], settingOn: boolean): DefaultHeaderState {
  if (headers.length === 0) return header.locked || settingOn ? 'sent' : 'settings-off'
  if (headers.some((row) => !row.auto && row.enabled && same(row.key, header.name))) return 'overridden'
  if (header.locked) return 'sent'
  if (!settingOn) return 'settings-off'
  return headers.some((row) => row.auto && same(row.key, header.name)) ? 'off' : 'sent'
}

/**
 * The default headers this request sends, in order (the user's own rows are added by the caller).
 * Per send, so it makes no rows: only the pairs.
 */
export function defaultHeadersToSend(headers: KeyValueRow[], settingOn = true): HeaderList {
  const sent: HeaderList = []
  for (const header of DEFAULT_HEADERS)
    if (!header.byTransport && stateOf(header, headers, settingOn) === 'sent')
      sent.push([header.name, header.value])
  return sent
}

/** Switches one default header on or off for this request; the user's own rows stay as they are. */
export function switchDefaultHeader(headers: KeyValueRow[], name: string, on: boolean): KeyValueRow[] {
  const rest = headers.filter((row) => !(row.auto && same(row.key, name)))
  const header = DEFAULT_HEADERS.find((h) => same(h.name, name))
  if (on || !header || header.locked) return rest
  return [...rest, { ...makeRow({ key: header.name, value: header.value, enabled: false }), auto: true }]
}
