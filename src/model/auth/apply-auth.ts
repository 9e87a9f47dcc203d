/** Turns the resolved authorization into headers or query parameters (spec 5.1). */
import { base64, utf8 } from '../encoding.ts'
import type { Auth } from '../types.ts'
import type { VariableContext } from '../variables.ts'
import type { HeaderList } from '../wire.ts'
import { signV4 } from './sigv4.ts'

export interface AuthAdditions {
  headers: HeaderList
  query: [string, string][]
}

export interface AuthInputs {
  variables: VariableContext
  /** The token held on the device for an OAuth 2.0 auth (fetched or renewed elsewhere). */
  oauthToken?: string
}

/** Header and query additions for the types that do not sign the finished request. */
export function authAdditions(auth: Auth, inputs: AuthInputs): AuthAdditions {
  const v = (text: string) => inputs.variables.replace(text)
  switch (auth.type) {
    case 'inherit':
    case 'none':
    // These sign the finished request: sign-request.ts.
    case 'sigv4':
    case 'oauth1':
    case 'hawk':
    // Digest answers a challenge: the runtime adds it (src/runtime/digest-exchange.ts).
    case 'digest':
      return { headers: [], query: [] }
    case 'unsupported':
      throw new Error(`Authorization type ${JSON.stringify(auth.name)} is not supported by Sendbox`)
    case 'bearer': {
      // As in Postman: a token that resolves to nothing sends no header, not a bare `Bearer`.
      const token = v(auth.token).trim()
      return token
        ? { headers: [['Authorization', `Bearer ${token}`]], query: [] }
        : { headers: [], query: [] }
    }
    case 'basic':
      return {
        headers: [['Authorization', `Basic ${base64(utf8(`${v(auth.username)}:${v(auth.password)}`))}`]],
        query: [],
      }
    case 'apikey': {
      const key = v(auth.key)
      if (key === '') return { headers: [], query: [] }
      return auth.addTo === 'query'
        ? { headers: [], query: [[key, v(auth.value)]] }
        : { headers: [[key, v(auth.value)]], query: [] }
    }
    case 'oauth2': {
      const token = inputs.oauthToken ?? (auth.grant === 'token' ? v(auth.accessToken).trim() : '')
      if (!token) return { headers: [], query: [] }
      if (auth.addTo === 'query') return { headers: [], query: [['access_token', token]] }
      const prefix = v(auth.headerPrefix ?? 'Bearer').trim()
      return { headers: [['Authorization', prefix ? `${prefix} ${token}` : token]], query: [] }
    }
  }
}

/**
 * Why a request whose auth is a type Sendbox lacks cannot be sent, naming the type, the request
 * and, when inherited, where the auth is set.
 */
export function unsupportedAuthMessage(
  auth: { name: string },
  request: string,
  source?: { kind: string; name: string },
): string {
  const from = source && source.kind !== 'request' ? ` (set on ${source.kind} "${source.name}")` : ''
  return `Authorization type "${auth.name}"${from} of request "${request}" is not supported by Sendbox`
}

/** Signature v4 signs the request as it will go out, so it runs after everything else is built. */
export async function signatureHeaders(
  auth: Auth,
  request: { method: string; url: string; headers: HeaderList; body: Uint8Array | null },
  variables: VariableContext,
  signingDate?: Date,
): Promise<HeaderList> {
  if (auth.type !== 'sigv4') return []
  const v = (text: string) => variables.replace(text)
  const secretAccessKey = v(auth.secretAccessKey)
  const headers = await signV4(
    request,
    {
      accessKeyId: v(auth.accessKeyId),
      secretAccessKey,
      sessionToken: v(auth.sessionToken),
      region: v(auth.region),
      service: v(auth.service),
    },
    signingDate,
  )
  // Built for scripts (script-view.ts) with the key withheld: a signature made with the
  // placeholder as key would look real; the placeholder itself says what it stands for.
  if (secretAccessKey !== '' && variables.showsWithheld(auth.secretAccessKey)) {
    return headers.map(([name, value]): [string, string] =>
      name === 'Authorization'
        ? [name, value.replace(/Signature=[0-9a-f]+/, `Signature=${secretAccessKey}`)]
        : [name, value],
    )
  }
  return headers
}
