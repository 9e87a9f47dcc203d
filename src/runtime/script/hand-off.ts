/**
 * Hand-off: after a pre-request script, the runner that ran it builds the wire request and hands
 * it to the relay itself, so the page's main thread is not between the script and the wire.
 * Chromium runs none of a page's tasks between a click and the frame that click dirtied (the
 * worker's reply included), and that frame waits for the display's next beat: up to 16 ms. A
 * fetch started by the worker does not wait for it. The page reads the relay's answer as usual
 * (relay.ts), from the response the worker started.
 */
import { loadFakerFor } from '../../model/faker-variables.ts'
import type { AuthSource } from '../../model/auth/resolve-auth.ts'
import { emptyChanges, type RequestChanges } from '../../model/request-changes.ts'
import { buildWireAndView, type WireAndView } from '../../model/script-view.ts'
import type { RequestBody, RequestSpec } from '../../model/types.ts'
import { VariableContext } from '../../model/variables.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import { encodeRelayRequest } from '../transport/relay-protocol.ts'
import type { RelayEndpoint } from '../transport/select.ts'
import type { SendOptions } from '../transport/types.ts'

/** What the runner needs to build and send the request once the script is through. */
export interface HandOff {
  relay: RelayEndpoint
  request: RequestSpec
  parentAuth: AuthSource[]
  formatJson: boolean
  /** False: Settings → Editor switched the default headers off. */
  defaultHeaders?: boolean
  oauthToken?: string
  options: Omit<SendOptions, 'signal'>
}

/**
 * Beside the script's result: the request as it left and when (`performance.now()` of the
 * caller), and its response as the relay transport reads it; or why it could not be built.
 * `view`: the request as the post-response script sees it, when it differs (script-view.ts).
 */
export type HandedOff =
  | { request: WireRequest; view?: WireRequest; at: number; response: Promise<WireResponse> }
  | { buildError: string }

/** File rows are read from the page's storage, so such a request is built by the page. */
export function canHandOff(body: RequestBody): boolean {
  return body.type !== 'form-data' || body.rows.every((row) => !row.enabled || row.type !== 'file')
}

/** The request as the pipeline builds it, with the script's variables and `req.*` changes. */
export async function buildHandedOff(
  handOff: HandOff,
  variables: VariableContext,
  changes: RequestChanges,
): Promise<WireRequest> {
  return (await buildHandedOffWithView(handOff, variables, changes)).wire
}

/** The same, with the request as scripts see it (withheld secrets as placeholders). */
export async function buildHandedOffWithView(
  handOff: HandOff,
  variables: VariableContext,
  changes: RequestChanges,
): Promise<WireAndView> {
  // The worker resolves the variables itself: it imports faker when they name {{$random…}}.
  await loadFakerFor([handOff.request, changes], variables)
  return buildWireAndView(
    handOff.request,
    {
      variables,
      parentAuth: handOff.parentAuth,
      formatJson: handOff.formatJson,
      defaultHeaders: handOff.defaultHeaders,
      oauthToken: handOff.oauthToken,
    },
    changes,
  )
}

/**
 * Builds a sample request once, so the first real build does not pay for compiling the model's
 * code (a few ms in a fresh worker). Sends nothing.
 */
export function warmUpBuild(): Promise<unknown> {
  const row = { id: 'h', key: 'X-Sample', value: '{{v}}', enabled: true }
  const request: RequestSpec = {
    type: 'request',
    id: 'warm-up',
    kind: 'http',
    name: 'warm-up',
    method: 'POST',
    url: 'http://127.0.0.1/{{v}}?q={{v}}',
    params: [{ ...row, key: 'q' }],
    headers: [row],
    cookies: [row],
    body: { type: 'raw', language: 'json', text: '{"v":"{{v}}"}' },
    auth: { type: 'bearer', token: '{{v}}' },
    scripts: { preRequest: '', postResponse: '' },
  }
  const variables = new VariableContext([], new Map([['v', '1']]))
  const handOff: HandOff = {
    relay: { url: '', token: '' },
    request,
    parentAuth: [],
    formatJson: true,
    options: {},
  }
  return buildHandedOff(handOff, variables, { ...emptyChanges(), setHeaders: [['X-Set', '1']] }).then(
    (wire) => relayInit(handOff.relay, wire, {}),
  )
}

/** The relay call exactly as relay.ts makes it (relay-hand-off.test.ts checks that they agree). */
export function relayInit(relay: RelayEndpoint, request: WireRequest, options: SendOptions): RequestInit {
  return {
    method: 'POST',
    headers: { authorization: `Bearer ${relay.token}`, 'content-type': 'application/octet-stream' },
    body: encodeRelayRequest(request, options),
  }
}
