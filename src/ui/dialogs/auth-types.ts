/** The authorization types the editors offer (spec 5.1), and switching between them. */
import { newHawkAuth, newOAuth1Auth } from '../../model/auth/auth-fields.ts'
import type { Auth, AuthType } from '../../model/types.ts'
import { messages } from '../messages.ts'

/** Types not yet offered for a new choice (an imported one still shows). OAuth 2.0 now is. */
export const NOT_YET_OFFERED: AuthType[] = []

export const AUTH_TYPES: { type: AuthType; label: string }[] = [
  { type: 'inherit', label: messages.authInherit },
  { type: 'none', label: messages.authNone },
  { type: 'bearer', label: messages.authBearer },
  { type: 'apikey', label: messages.authApiKey },
  { type: 'basic', label: messages.authBasic },
  { type: 'oauth2', label: messages.authOAuth2 },
  { type: 'sigv4', label: messages.authSigV4 },
  { type: 'digest', label: messages.authDigest },
  { type: 'oauth1', label: messages.authOAuth1 },
  { type: 'hawk', label: messages.authHawk },
  // Never a choice: shown only while an imported auth of a type Sendbox lacks is set.
  { type: 'unsupported', label: messages.authUnsupported },
]

/** A fresh auth of a type, keeping what the user typed into fields both types share. */
export function authOfType(type: AuthType, previous: Auth): Auth {
  const old = previous as Partial<Record<string, string>>
  const keep = (field: string, fallback = '') => old[field] ?? fallback
  switch (type) {
    case 'inherit':
    case 'none':
      return { type }
    case 'bearer':
      return { type, token: keep('token') }
    case 'apikey':
      return { type, key: keep('key'), value: keep('value'), addTo: 'header' }
    case 'basic':
      return { type, username: keep('username'), password: keep('password') }
    case 'oauth2':
      return {
        type,
        grant: 'client-credentials',
        accessToken: '',
        authUrl: '',
        tokenUrl: '',
        clientId: '',
        clientSecret: '',
        scope: '',
      }
    case 'digest':
      return {
        type,
        username: keep('username'),
        password: keep('password'),
        algorithm: 'MD5',
        realm: '',
        nonce: '',
        qop: '',
        opaque: '',
        nonceCount: '',
        clientNonce: '',
      }
    case 'oauth1':
      return { ...newOAuth1Auth(), consumerKey: keep('consumerKey'), consumerSecret: keep('consumerSecret') }
    case 'hawk':
      return newHawkAuth()
    case 'unsupported':
      return { type, name: keep('name'), params: keep('params', '{}') }
    case 'sigv4':
      return {
        type,
        accessKeyId: '',
        secretAccessKey: '',
        sessionToken: '',
        region: 'us-east-1',
        service: 'execute-api',
      }
  }
}

/**
 * The types a type selector lists: `inherit` only where there is a parent, and an excluded type
 * only when it is the current one (say, imported), so the selector shows what is really set.
 */
export function offeredAuthTypes(
  current: AuthType,
  allowInherit: boolean,
  exclude: readonly AuthType[] = [],
): { type: AuthType; label: string }[] {
  return AUTH_TYPES.filter(
    (t) =>
      (allowInherit || t.type !== 'inherit') &&
      (t.type === current || (t.type !== 'unsupported' && !exclude.includes(t.type))),
  )
}
