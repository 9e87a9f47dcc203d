/**
 * The tables Postman's reader (postman-auth.ts) and writer (../export/postman.ts) share, so the
 * two directions cannot drift apart: OAuth 2.0 grants and field names, and AWS Signature's field
 * names. Each row is read one way and written the other.
 */
import type { OAuth2Grant } from '../types.ts'

/** Sendbox's grant ⇄ Postman's `grant_type` (written), and the older names Postman also wrote. */
export const POSTMAN_OAUTH2_GRANTS: readonly {
  grant: OAuth2Grant
  postman: string
  alsoRead: readonly string[]
}[] = [
  { grant: 'token', postman: 'implicit', alsoRead: [] },
  { grant: 'authorization-code', postman: 'authorization_code_with_pkce', alsoRead: ['authorization_code'] },
  { grant: 'client-credentials', postman: 'client_credentials', alsoRead: [] },
  { grant: 'password', postman: 'password_credentials', alsoRead: ['password'] },
]

/**
 * The grant of Postman's parameters. A pasted token wins: Postman sends `accessToken` when it holds
 * one, whatever the grant. An unknown grant keeps (only) the pasted token.
 */
export function grantFromPostman(
  grantType: string | undefined,
  accessToken: string | undefined,
): OAuth2Grant {
  if (accessToken) return 'token'
  const row = POSTMAN_OAUTH2_GRANTS.find(
    (g) => g.postman === grantType || g.alsoRead.includes(grantType ?? ''),
  )
  return row?.grant ?? 'token'
}

export function grantToPostman(grant: OAuth2Grant): string {
  return POSTMAN_OAUTH2_GRANTS.find((row) => row.grant === grant)!.postman
}

/** Sendbox's OAuth 2.0 text fields → Postman's parameter names. */
export const POSTMAN_OAUTH2_FIELDS = {
  accessToken: 'accessToken',
  authUrl: 'authUrl',
  tokenUrl: 'accessTokenUrl',
  clientId: 'clientId',
  clientSecret: 'clientSecret',
  scope: 'scope',
} as const

/** Sendbox's AWS Signature fields → Postman's `awsv4` parameter names. */
export const POSTMAN_AWS_FIELDS = {
  accessKeyId: 'accessKey',
  secretAccessKey: 'secretKey',
  sessionToken: 'sessionToken',
  region: 'region',
  service: 'service',
} as const

/** `{ sendboxField: value }` read from Postman's parameters by a field table. */
export function readFields<T extends Record<string, string>>(
  table: T,
  get: (postman: string) => string,
): { [K in keyof T]: string } {
  return Object.fromEntries(Object.entries(table).map(([ours, theirs]) => [ours, get(theirs)])) as {
    [K in keyof T]: string
  }
}

/** Postman's parameters (`{ postmanName: value }`) from Sendbox's fields by a field table. */
export function writeFields<T extends Record<string, string>>(
  table: T,
  fields: { [K in keyof T]: string },
): Record<string, string> {
  return Object.fromEntries(Object.entries(table).map(([ours, theirs]) => [theirs, fields[ours]!]))
}
