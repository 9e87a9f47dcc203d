/** An OAuth 2.0 auth with its `{{variables}}` resolved: what a token request is made from. */
import type { OAuth2Auth, OAuth2Grant } from '../../model/types.ts'
import type { VariableContext } from '../../model/variables.ts'
import type { OAuthToken } from '../../model/workspace/types.ts'

export interface OAuthConfig {
  grant: OAuth2Grant
  authUrl: string
  tokenUrl: string
  clientId: string
  clientSecret: string
  scope: string
  clientAuth: 'basic' | 'body'
  audience: string
  resource: string
  /** From `extraParams`, one `name=value` per line; blank lines are skipped. */
  extraParams: [string, string][]
  username: string
  password: string
}

export function resolveOAuthConfig(auth: OAuth2Auth, variables: VariableContext): OAuthConfig {
  const v = (text: string | undefined) => variables.replace(text ?? '').trim()
  return {
    grant: auth.grant,
    authUrl: v(auth.authUrl),
    tokenUrl: v(auth.tokenUrl),
    clientId: v(auth.clientId),
    clientSecret: v(auth.clientSecret),
    scope: v(auth.scope),
    clientAuth: auth.clientAuth ?? 'basic',
    audience: v(auth.audience),
    resource: v(auth.resource),
    extraParams: parseExtraParams(variables.replace(auth.extraParams ?? '')),
    username: v(auth.username),
    password: variables.replace(auth.password ?? ''),
  }
}

/**
 * What defines a token: grant, Token-URL, Client-ID, scope and Authorization-URL, resolved.
 * Changing any of them makes a held token count as absent (not sent, not shown), so a refresh
 * token never goes to another server or client.
 */
export function tokenFingerprint(config: OAuthConfig): string {
  return JSON.stringify([config.grant, config.tokenUrl, config.clientId, config.scope, config.authUrl])
}

/** The held token when it was fetched for this config; tokens from before fingerprints count. */
export function tokenFor(held: OAuthToken | undefined, config: OAuthConfig): OAuthToken | undefined {
  if (!held || held.fingerprint === undefined) return held
  return held.fingerprint === tokenFingerprint(config) ? held : undefined
}

export function parseExtraParams(text: string): [string, string][] {
  const pairs: [string, string][] = []
  for (const line of text.split(/\r?\n/)) {
    if (line.trim() === '') continue
    const at = line.indexOf('=')
    pairs.push(at < 0 ? [line.trim(), ''] : [line.slice(0, at).trim(), line.slice(at + 1).trim()])
  }
  return pairs
}

/** Scope, audience, resource and the extra parameters, as sent with a grant or sign-in request. */
export function grantParameters(config: OAuthConfig, withScope = true): URLSearchParams {
  const params = new URLSearchParams()
  if (withScope && config.scope) params.set('scope', config.scope)
  if (config.audience) params.set('audience', config.audience)
  if (config.resource) params.set('resource', config.resource)
  for (const [name, value] of config.extraParams) params.append(name, value)
  return params
}
