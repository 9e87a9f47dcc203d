/**
 * Which request auth a gRPC call can carry. A call has metadata but no query string, no HTTP
 * challenge and no URL or body to sign: Bearer, Basic, API Key and OAuth 2.0 in a header become
 * metadata; the rest is refused with a message naming the auth, where it came from and what to do.
 */
import type { ResolvedAuth } from '../auth/resolve-auth.ts'

const ALTERNATIVES = 'Use Bearer Token, Basic Auth, API Key or OAuth 2.0 (added to the header)'

/** Why the resolved auth cannot go with a gRPC call, or null when it can (or there is none). */
export function grpcAuthProblem(resolved: ResolvedAuth): string | null {
  const { auth, source } = resolved
  const from = source && source.kind !== 'request' ? ` (inherited from ${source.kind} "${source.name}")` : ''
  switch (auth.type) {
    case 'apikey':
      return auth.addTo === 'query'
        ? `API Key${from} is added to the query params, which a gRPC call does not have: set "Add to" to Header to send it as metadata`
        : null
    case 'oauth2':
      return auth.addTo === 'query'
        ? `OAuth 2.0${from} adds the token to the query params, which a gRPC call does not have: set "Add to" to Header to send it as metadata`
        : null
    case 'digest':
      return `Digest Auth${from} cannot be used for gRPC: it answers an HTTP challenge that a gRPC server does not send. ${ALTERNATIVES}, or add the metadata yourself`
    case 'sigv4':
      return `Cloud-provider signature v4${from} cannot be used for gRPC: it signs an HTTP request's URL and body. ${ALTERNATIVES}, or add the metadata the server expects yourself`
    case 'oauth1':
    case 'hawk':
      return `${auth.type === 'hawk' ? 'Hawk' : 'OAuth 1.0'}${from} cannot be used for gRPC: it signs an HTTP request's method and URL. ${ALTERNATIVES}, or add the metadata the server expects yourself`
    default:
      // none, bearer, basic; `unsupported` is refused by the request build with its own message.
      return null
  }
}
