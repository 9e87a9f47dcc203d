/** What the `/oauth/callback` page sends to the app, and on which BroadcastChannel. */
export const OAUTH_CALLBACK_CHANNEL = 'sendbox-oauth-callback'
export const OAUTH_CALLBACK_PATH = '/oauth/callback'

export interface OAuthCallbackMessage {
  type: 'sendbox-oauth-callback'
  /** The callback URL as the authorization server redirected to it (code, state or error). */
  url: string
}

export function isOAuthCallbackMessage(data: unknown): data is OAuthCallbackMessage {
  const m = data as Partial<OAuthCallbackMessage> | null
  return m?.type === 'sendbox-oauth-callback' && typeof m.url === 'string'
}

/** Where the authorization server sends the browser back: a page of the app's own origin. */
export function callbackUrl(origin = globalThis.location?.origin ?? ''): string {
  return `${origin}${OAUTH_CALLBACK_PATH}`
}
