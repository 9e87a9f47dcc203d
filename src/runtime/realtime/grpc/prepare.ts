/**
 * What a gRPC call sends, made by the HTTP send pipeline (send.ts) as a WebSocket's upgrade is
 * (../websocket/prepare.ts): OAuth 2.0 tokens, the pre-request scripts (collection, folders, then
 * the request), then the metadata rows with the resolved auth and the script's `req.*` changes
 * as headers. The pipeline's own send is caught before it leaves; a script's `sendRequest` still
 * goes out. Variables a script set fill the target and the messages as well. Browser-safe: the
 * pipeline is passed in, so the app's lazy gRPC chunk does not pull it out of the shell.
 */
import { resolveAuth } from '../../../model/auth/resolve-auth.ts'
import { defaultHeadersToSend } from '../../../model/default-headers.ts'
import { grpcAuthProblem } from '../../../model/realtime/grpc-auth.ts'
import type { WireRequest } from '../../../model/wire.ts'
import type { NotSentOutcome, send as sendPipeline, SendDeps, SendInput } from '../../send.ts'
import type { TestResult } from '../../script/types.ts'
import type { Transport } from '../../transport/types.ts'
import type { MetadataPairs } from './protocol.ts'

export interface GrpcPrepareDeps extends Omit<SendDeps, 'onEvent' | 'handOff' | 'signal'> {
  send: typeof sendPipeline
  signal?: AbortSignal
}

export type GrpcPrepared =
  | {
      ok: true
      /** `host:port` with its variables filled. */
      target: string
      metadata: MetadataPairs
      /** `{{variables}}` as the scripts left them: for the message and every later one. */
      fill: (text: string) => string
      /** Tests a pre-request script ran. */
      tests: TestResult[]
      notices: string[]
    }
  /** Nothing was sent: `result.error` says why (the script's first line, the auth, the build). */
  | { ok: false; result: NotSentOutcome }

class Captured extends Error {}

export async function prepareGrpc(input: SendInput, deps: GrpcPrepareDeps): Promise<GrpcPrepared> {
  const { request, variables } = input
  const parents = input.parents ?? []
  const notSent = (error: string, from?: Partial<NotSentOutcome>): GrpcPrepared => ({
    ok: false,
    result: { outcome: 'not-sent', error, scriptError: null, tests: [], testsTimedOut: false, ...from },
  })
  const authProblem = grpcAuthProblem(
    resolveAuth([
      { auth: request.auth, name: request.name, kind: 'request', id: request.id },
      ...parents.map((p) => ({ auth: p.auth, name: p.name, kind: p.kind })),
    ]),
  )
  if (authProblem) return notSent(authProblem)

  let wire: WireRequest | undefined
  const transport: Transport = {
    capabilities: deps.transport.capabilities,
    send(next, options) {
      if (wire) return Promise.reject(new Captured())
      return deps.transport.send(next, options)
    },
  }
  // A gRPC call is an HTTP/2 POST without a body the pipeline could build, and without cookies.
  const asHttp = { ...request, method: 'POST' as const, body: { type: 'none' as const }, cookies: [] }
  const { send, ...sendDeps } = deps
  const result = await send(
    { ...input, request: asHttp },
    {
      ...sendDeps,
      transport,
      defaultHeaders: false,
      onEvent: (event) => {
        if (event.type === 'sending') wire = event.request
      },
    },
  )
  if (result.outcome === 'not-sent') return { ok: false, result }
  if (!wire) return notSent(result.outcome === 'failed' ? result.error : 'The call was not prepared')
  // The pipeline's User-Agent is not metadata the user asked for; grpc-js sends its own.
  const defaults = defaultHeadersToSend(asHttp.headers, false)
  const metadata = wire.headers.filter(
    ([name, value]) => !defaults.some(([n, v]) => n.toLowerCase() === name.toLowerCase() && v === value),
  )
  const fill = (text: string) => variables.replace(text)
  return {
    ok: true,
    target: fill(request.url).trim(),
    metadata,
    fill,
    tests: result.tests,
    notices: result.notices ?? [],
  }
}
