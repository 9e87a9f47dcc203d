/**
 * The auths that sign the finished request (signature v4, OAuth 1.0, Hawk), applied last by
 * build-request.ts, which loads this module on the first signed send; OAuth 1.0 and Hawk are
 * loaded on first use, as signature v4 is.
 */
import type { Auth, HawkAuth, OAuth1Auth, RequestBody } from '../types.ts'
import type { VariableContext } from '../variables.ts'
import type { HeaderList, WireRequest } from '../wire.ts'
import { signatureHeaders } from './apply-auth.ts'
import { HAWK_TEXT_FIELDS, OAUTH1_TEXT_FIELDS } from './auth-fields.ts'
import { randomNonce } from './web-crypto.ts'

/** Signs `request` in place (headers, and for OAuth 1.0 maybe the URL or the form body). */
export async function signRequest(
  auth: Auth,
  request: WireRequest,
  bodyType: RequestBody['type'],
  variables: VariableContext,
  signingDate: Date = new Date(),
): Promise<void> {
  if (auth.type === 'sigv4') {
    for (const [name, value] of await signatureHeaders(auth, request, variables, signingDate))
      setHeader(request.headers, name, value)
  } else if (auth.type === 'oauth1') {
    await signWithOAuth1(auth, request, bodyType, variables, signingDate)
  } else if (auth.type === 'hawk') {
    await signWithHawk(auth, request, variables, signingDate)
  }
}

async function signWithOAuth1(
  auth: OAuth1Auth,
  request: WireRequest,
  bodyType: RequestBody['type'],
  variables: VariableContext,
  signingDate: Date,
): Promise<void> {
  const v = (text: string) => variables.replace(text)
  const { type: _type, ...fields } = auth
  const params = { ...fields }
  for (const key of OAUTH1_TEXT_FIELDS) params[key] = v(auth[key])
  params.nonce ||= variables.generated('oauth1.nonce', () => randomNonce(11))
  // Built for scripts (script-view.ts) with a key withheld: a signature made with the
  // placeholder would look real (and an RSA key placeholder cannot sign), so the placeholder
  // itself stands in for the signature.
  const withheld = firstWithheld(auth, ['consumerSecret', 'tokenSecret', 'privateKey'], variables)
  const { signOAuth1 } = await import('./oauth1.ts')
  const signed = await signOAuth1({ ...request, bodyType }, params, signingDate, withheld ?? undefined)
  request.url = signed.url
  if (signed.body !== request.body) request.body = signed.body
  for (const [name, value] of signed.headers)
    setHeader(
      request.headers,
      name,
      withheld === null ? value : value.replace(/oauth_signature="[^"]*"/, `oauth_signature="${withheld}"`),
    )
}

async function signWithHawk(
  auth: HawkAuth,
  request: WireRequest,
  variables: VariableContext,
  signingDate: Date,
): Promise<void> {
  const v = (text: string) => variables.replace(text)
  const { type: _type, ...fields } = auth
  const params = { ...fields }
  for (const key of HAWK_TEXT_FIELDS) params[key] = v(auth[key])
  params.nonce ||= variables.generated('hawk.nonce', () => randomNonce(6))
  const { hawkHeader } = await import('./hawk.ts')
  const header = await hawkHeader(request, params, signingDate)
  if (header === null) return
  const withheld = firstWithheld(auth, ['authKey'], variables)
  setHeader(
    request.headers,
    'Authorization',
    withheld === null ? header : header.replace(/mac="[^"]*"/, `mac="${withheld}"`),
  )
}

/** In the scripts' view: the placeholder text of the first secret field that is withheld, else null. */
function firstWithheld<A extends Auth>(
  auth: A,
  fields: readonly (keyof A)[],
  variables: VariableContext,
): string | null {
  for (const field of fields) {
    const text = auth[field] as string
    if (text !== '' && variables.showsWithheld(text)) return variables.replace(text)
  }
  return null
}

function setHeader(headers: HeaderList, name: string, value: string): void {
  const lower = name.toLowerCase()
  const kept = headers.filter(([n]) => n.toLowerCase() !== lower)
  const at = headers.findIndex(([n]) => n.toLowerCase() === lower)
  kept.splice(at < 0 ? kept.length : at, 0, [name, value])
  headers.splice(0, headers.length, ...kept)
}
