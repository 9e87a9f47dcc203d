/**
 * OAuth 2.0 in the `Autorisierung` tab and the collection/folder auth (spec 5.2): the grant type,
 * its fields (all accept `{{variables}}`), the `Advanced` disclosure and, for grants that fetch
 * tokens, the held token with its actions.
 */
import { createSignal, For, Show } from 'solid-js'
import type { Id, OAuth2Auth, OAuth2Grant } from '../../model/types.ts'
import { callbackUrl } from '../../runtime/oauth/callback-channel.ts'
import { messages } from '../messages.ts'
import { oauthMessages as m } from '../messages-oauth.ts'
import { TokenPanel } from './token-panel.tsx'
import './oauth.css'

type TextField = keyof Pick<
  OAuth2Auth,
  'accessToken' | 'authUrl' | 'tokenUrl' | 'clientId' | 'clientSecret' | 'scope' | 'username' | 'password'
>
const FIELD_LABELS: Record<TextField, string> = {
  accessToken: m.accessToken,
  authUrl: m.authUrl,
  tokenUrl: m.tokenUrl,
  clientId: m.clientId,
  clientSecret: m.clientSecret,
  scope: m.scope,
  username: m.username,
  password: m.password,
}
const SECRET: ReadonlySet<TextField> = new Set(['clientSecret', 'password', 'accessToken'])
const GRANT_FIELDS: Record<OAuth2Grant, TextField[]> = {
  token: ['accessToken'],
  'authorization-code': ['authUrl', 'tokenUrl', 'clientId', 'clientSecret', 'scope'],
  'client-credentials': ['tokenUrl', 'clientId', 'clientSecret', 'scope'],
  password: ['tokenUrl', 'clientId', 'clientSecret', 'username', 'password', 'scope'],
}

export function OAuth2Editor(props: {
  auth: OAuth2Auth
  onChange: (auth: OAuth2Auth) => void
  /** Whose token it is (request, folder or collection id); absent: no token actions. */
  owner?: { id: Id; requestId: Id | null }
}) {
  const set = (patch: Partial<OAuth2Auth>) => props.onChange({ ...props.auth, ...patch })
  const [copied, setCopied] = createSignal(false)
  const callback = callbackUrl()
  return (
    <div class="oauth2-editor">
      <label class="field">
        <span>{m.grantType}</span>
        <select
          class="input"
          aria-label={m.grantType}
          value={props.auth.grant}
          onChange={(e) => set({ grant: e.currentTarget.value as OAuth2Grant })}
        >
          <option value="token">{m.grantToken}</option>
          <option value="authorization-code">{m.grantAuthCode}</option>
          <option value="client-credentials">{m.grantClientCredentials}</option>
          <Show when={props.auth.grant === 'password'}>
            <option value="password">{m.grantPassword}</option>
          </Show>
        </select>
      </label>
      <For each={GRANT_FIELDS[props.auth.grant]}>
        {(name) => (
          <label class="field">
            <span>{FIELD_LABELS[name]}</span>
            <input
              class="input"
              aria-label={FIELD_LABELS[name]}
              type={SECRET.has(name) ? 'password' : 'text'}
              autocomplete="off"
              spellcheck={false}
              value={props.auth[name] ?? ''}
              onInput={(e) => set({ [name]: e.currentTarget.value })}
            />
          </label>
        )}
      </For>
      <Show when={props.owner && props.auth.grant !== 'token' && props.owner}>
        {(owner) => <TokenPanel owner={owner().id} auth={props.auth} requestId={owner().requestId} />}
      </Show>
      <details class="oauth-advanced">
        <summary>{m.advanced}</summary>
        <Show when={props.auth.grant !== 'token'}>
          <label class="field">
            <span>{m.clientAuth}</span>
            <select
              class="input"
              aria-label={m.clientAuth}
              value={props.auth.clientAuth ?? 'basic'}
              onChange={(e) => set({ clientAuth: e.currentTarget.value as 'basic' | 'body' })}
            >
              <option value="basic">{m.clientAuthBasic}</option>
              <option value="body">{m.clientAuthBody}</option>
            </select>
          </label>
          <label class="field">
            <span>{m.audience}</span>
            <input
              class="input"
              aria-label={m.audience}
              value={props.auth.audience ?? ''}
              onInput={(e) => set({ audience: e.currentTarget.value })}
            />
          </label>
          <label class="field">
            <span>{m.resource}</span>
            <input
              class="input"
              aria-label={m.resource}
              value={props.auth.resource ?? ''}
              onInput={(e) => set({ resource: e.currentTarget.value })}
            />
          </label>
          <label class="field">
            <span>{m.extraParams}</span>
            <textarea
              class="input"
              aria-label={m.extraParams}
              placeholder={m.extraParamsHint}
              rows={3}
              spellcheck={false}
              value={props.auth.extraParams ?? ''}
              onInput={(e) => set({ extraParams: e.currentTarget.value })}
            />
          </label>
          <div class="field">
            <span>{m.callbackUrl}</span>
            <div class="field inline">
              <input class="input" aria-label={m.callbackUrl} readOnly value={callback} />
              <button
                type="button"
                class="button"
                aria-label={m.copyCallbackUrl}
                onClick={() =>
                  void navigator.clipboard?.writeText(callback).then(
                    () => setCopied(true),
                    () => undefined,
                  )
                }
              >
                {copied() ? m.copied : messages.copy}
              </button>
            </div>
          </div>
        </Show>
        <label class="field">
          <span>{m.headerPrefix}</span>
          <input
            class="input"
            aria-label={m.headerPrefix}
            placeholder="Bearer"
            value={props.auth.headerPrefix ?? 'Bearer'}
            onInput={(e) => set({ headerPrefix: e.currentTarget.value })}
          />
        </label>
        <label class="field">
          <span>{m.tokenPlacement}</span>
          <select
            class="input"
            aria-label={m.tokenPlacement}
            value={props.auth.addTo ?? 'header'}
            onChange={(e) => set({ addTo: e.currentTarget.value as 'header' | 'query' })}
          >
            <option value="header">{messages.addToHeader}</option>
            <option value="query">{messages.addToQuery}</option>
          </select>
        </label>
      </details>
    </div>
  )
}
