/**
 * Authorization Code + PKCE in the browser: a popup on the Authorization-URL, the answer back
 * from the app's own `/oauth/callback` page (callback-channel.ts), the code exchanged for tokens
 * through the transport. A blocked popup and a closed popup each end with a message.
 */
import type { OAuthToken } from '../../model/workspace/types.ts'
import { callbackUrl, isOAuthCallbackMessage, OAUTH_CALLBACK_CHANNEL } from './callback-channel.ts'
import type { OAuthConfig } from './config.ts'
import { OAuthError } from './errors.ts'
import { authorizationRequest, requestToken, type TokenRequestDeps } from './grants.ts'
import { oauthMessages as m } from './messages.ts'

export async function signInWithPopup(
  popup: Window,
  config: OAuthConfig,
  deps: TokenRequestDeps,
): Promise<OAuthToken> {
  const redirectUri = callbackUrl()
  let start: Awaited<ReturnType<typeof authorizationRequest>>
  try {
    start = await authorizationRequest(config, redirectUri)
  } catch (error) {
    popup.close()
    throw error
  }
  popup.location.href = start.url.href
  const callback = await answerFrom(popup, start.state, deps.signal)
  return requestToken(
    config,
    { grant: 'authorization_code', callback, redirectUri, verifier: start.verifier, state: start.state },
    deps,
  )
}

/** The callback URL carrying this sign-in's `state`; rejects when the popup is closed first. */
function answerFrom(popup: Window, state: string, signal?: AbortSignal): Promise<URL> {
  return new Promise((resolve, reject) => {
    const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL)
    let closedChecks = 0
    const finish = () => {
      channel.close()
      window.removeEventListener('message', onWindowMessage)
      clearInterval(poll)
      signal?.removeEventListener('abort', onAbort)
    }
    const take = (data: unknown, origin: string) => {
      if (origin !== location.origin || !isOAuthCallbackMessage(data)) return
      const url = new URL(data.url)
      if (url.searchParams.get('state') !== state) return
      finish()
      resolve(url)
    }
    const onWindowMessage = (event: MessageEvent) => take(event.data, event.origin)
    const onAbort = () => {
      finish()
      popup.close()
      reject(new OAuthError(m.popupClosed))
    }
    channel.onmessage = (event: MessageEvent) => take(event.data, location.origin)
    window.addEventListener('message', onWindowMessage)
    signal?.addEventListener('abort', onAbort)
    const poll = setInterval(() => {
      // The answer may be in flight as the popup closes itself: one more tick before giving up.
      if (!popup.closed) return void (closedChecks = 0)
      if (++closedChecks < 2) return
      finish()
      reject(new OAuthError(m.popupClosed))
    }, 300)
  })
}
