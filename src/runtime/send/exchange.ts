/**
 * The request on the wire and its exchange: built (or taken from a script worker's hand-off),
 * Digest-signed, sent, and a Digest challenge answered once.
 */
import type { AuthSource } from '../../model/auth/resolve-auth.ts'
import type { RequestChanges } from '../../model/request-changes.ts'
import { buildWireAndView } from '../../model/script-view.ts'
import type { HttpVersion } from '../../model/settings.ts'
import type { WireRequest, WireResponse } from '../../model/wire.ts'
import { digestExchange, type DigestExchange } from '../digest-exchange.ts'
import type { HandedOff } from '../script/hand-off.ts'
import type { SendOptions } from '../transport/types.ts'
import type { SendDeps, SendEvent, SendInput } from './types.ts'

/** The request last sent, and how the post-response script sees it (withheld secrets as placeholders). */
export interface Outgoing {
  wire: WireRequest
  view: WireRequest
  /** Set when a script worker built and sent the request (script/hand-off.ts). */
  handed?: Exclude<HandedOff, { buildError: string }>
}

/** The Digest exchange when the request's auth (after a pre-request script's change) resolves to Digest. */
export function digestFor(
  input: SendInput,
  parentAuth: AuthSource[],
  changes: RequestChanges,
  deps: SendDeps,
): DigestExchange | null {
  const { request } = input
  // A pre-request script's `pm.request.auth` is the request's own: switching it to Digest signs it.
  const authed = changes.auth ? { ...request, auth: changes.auth } : request
  return digestExchange(authed, parentAuth, input.variables, deps.digestSessions ?? new Map())
}

/** Builds the request (or takes the hand-off's); throws with the reason it cannot be sent. */
export async function buildOutgoing(
  input: SendInput,
  deps: SendDeps,
  parentAuth: AuthSource[],
  changes: RequestChanges,
  handed: HandedOff | undefined,
  digest: DigestExchange | null,
  needView: boolean,
): Promise<Outgoing> {
  if (handed && 'buildError' in handed) throw new Error(handed.buildError)
  if (handed) return { wire: handed.request, view: handed.view ?? handed.request, handed }
  let { wire, view } = await buildWireAndView(
    input.request,
    {
      variables: input.variables,
      parentAuth,
      formatJson: deps.formatJson,
      defaultHeaders: deps.defaultHeaders,
      resolveFile: deps.resolveFile,
      oauthToken: deps.oauthToken,
    },
    changes,
    needView,
  )
  if (digest) {
    const signed = await digest.sign(wire)
    if (view === wire) view = signed
    wire = signed
  }
  return { wire, view }
}

/** The transport's options for this send. */
export function sendOptionsOf(
  deps: SendDeps,
  onHead: (head: WireResponse) => void,
  httpVersion?: HttpVersion,
): SendOptions {
  // With no signal and nobody listening for the head (the CLI), the options go as they are.
  const options =
    deps.signal === undefined && !deps.onEvent
      ? (deps.options ?? {})
      : { ...deps.options, signal: deps.signal, onHead }
  // A request's own HTTP version (other than Auto) wins over the one of Settings or the CLI.
  return httpVersion === undefined || httpVersion === 'auto' ? options : { ...options, httpVersion }
}

/**
 * Sends `out.wire`, or reads the hand-off's answer. Digest: the server's challenge is answered
 * once, and the answer's response is the one shown; `out` then holds the answer.
 */
export async function exchange(
  out: Outgoing,
  deps: SendDeps,
  sendOptions: SendOptions,
  digest: DigestExchange | null,
  emit: (event: SendEvent) => void,
): Promise<WireResponse> {
  const response = await (out.handed?.response ?? deps.transport.send(out.wire, sendOptions))
  const again = digest ? await digest.answer(out.wire, response) : null
  if (!again) return response
  if (out.view === out.wire) out.view = again
  out.wire = again
  emit({ type: 'sending', request: again })
  return deps.transport.send(again, sendOptions)
}
