/**
 * The token held for an OAuth 2.0 auth (masked, with expiry and granted scopes), and its two
 * actions: `Neues Access Token holen` and `Token löschen` (spec 5.2, 3). Errors name the field
 * to fix (runtime/oauth/messages.ts) and stay until the next try.
 */
import { createSignal, Show } from 'solid-js'
import type { Id, OAuth2Auth } from '../../model/types.ts'
import { oauthMessages as m } from '../messages-oauth.ts'
import { useStore } from '../store/context.tsx'

/** Enough of the token to recognise it, never enough to use it. */
export function maskToken(token: string): string {
  if (token.length <= 12) return '•'.repeat(token.length)
  return `${token.slice(0, 4)}${'•'.repeat(8)}${token.slice(-4)}`
}

export function TokenPanel(props: { owner: Id; auth: OAuth2Auth; requestId: Id | null }) {
  const { oauth } = useStore()
  const held = () => oauth.heldOAuthToken(props.owner, props.auth, props.requestId)
  const [busy, setBusy] = createSignal(false)
  const [error, setError] = createSignal('')
  const [now, setNow] = createSignal(Date.now())
  const fetchToken = () => {
    setError('')
    setBusy(true)
    // Not awaited before the call: a sign-in popup must open inside this click.
    oauth
      .fetchOAuthToken(props.owner, props.auth, props.requestId)
      .catch((failure: unknown) => setError((failure as Error).message))
      .finally(() => {
        setBusy(false)
        setNow(Date.now())
      })
  }
  const expiry = () => {
    const at = held()?.expiresAt
    if (at === undefined) return m.noExpiry
    const time = new Date(at).toLocaleString()
    return at <= now() ? m.expiredAt(time) : m.expiresAt(time)
  }
  return (
    <div class="oauth-token" role="group" aria-label={m.heldToken}>
      <Show when={held()} fallback={<p class="muted">{m.noToken}</p>}>
        {(token) => (
          <dl class="oauth-token-facts">
            <dt>{m.heldToken}</dt>
            <dd>
              <code class="masked-token" aria-label={m.heldToken}>
                {maskToken(token().accessToken)}
              </code>
            </dd>
            <dd class="token-expiry">{expiry()}</dd>
            <Show when={token().scope}>{(scope) => <dd class="token-scope">{m.scopes(scope())}</dd>}</Show>
            <Show when={token().refreshToken}>
              <dd class="muted">{m.refreshHeld}</dd>
            </Show>
          </dl>
        )}
      </Show>
      <div class="oauth-token-actions">
        <button type="button" class="button primary" disabled={busy()} onClick={fetchToken}>
          {busy() ? m.fetchingToken : m.fetchToken}
        </button>
        <button
          type="button"
          class="button"
          disabled={!held()}
          onClick={() => {
            setError('')
            oauth.deleteOAuthToken(props.owner)
          }}
        >
          {m.deleteToken}
        </button>
      </div>
      <Show when={error()}>
        <p class="error-line" role="alert">
          {error()}
        </p>
      </Show>
      <p class="muted small">{m.tokenHeldOnDevice}</p>
    </div>
  )
}
