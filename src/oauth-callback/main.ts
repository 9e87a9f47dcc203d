/**
 * The page an authorization server redirects to (`/oauth/callback`): it hands the answer (code,
 * state or error in the query) to the app that opened the sign-in and closes. A tiny entry of its
 * own, not part of the shell. The answer goes over a BroadcastChannel, which reaches the app even
 * when the browser severed `window.opener` (an installed PWA, a cross-origin sign-in page), and to
 * the opener as well; the app keeps only the answer whose `state` it is waiting for.
 */
import { OAUTH_CALLBACK_CHANNEL, type OAuthCallbackMessage } from '../runtime/oauth/callback-channel.ts'

const message: OAuthCallbackMessage = { type: 'sendbox-oauth-callback', url: location.href }
const channel = new BroadcastChannel(OAUTH_CALLBACK_CHANNEL)
channel.postMessage(message)
channel.close()
try {
  window.opener?.postMessage(message, location.origin)
} catch {
  // An opener of another origin: the channel above has delivered it.
}
const params = new URLSearchParams(location.search)
const status = document.getElementById('status')
if (status) {
  status.textContent = params.has('error')
    ? `Sign-in failed: ${params.get('error') ?? ''}. ${params.get('error_description') ?? ''} You can close this window.`
    : 'Signed in. You can close this window.'
}
// The code is used once, by the app: it does not stay in this window's address or history.
history.replaceState(null, '', location.pathname)
setTimeout(() => window.close(), 200)
