/** The authorization of a collection or folder (spec 5.1); requests below inherit it. */
import { For, lazy, Show } from 'solid-js'
import { DIGEST_ALGORITHMS } from '../../model/auth/digest.ts'
import type { Auth, AuthType, HawkAuth, Id, OAuth1Auth, OAuth2Auth } from '../../model/types.ts'
// Loaded when an OAuth 2.0 auth is shown: most requests never need it, and the shell stays small.
const OAuth2Editor = lazy(() =>
  import('../oauth/oauth2-editor.tsx').then((m) => ({ default: m.OAuth2Editor })),
)
// OAuth 1.0 and Hawk, likewise loaded only when shown.
const OAuth1Editor = lazy(() => import('./signed-auth-editor.tsx').then((m) => ({ default: m.OAuth1Editor })))
const HawkEditor = lazy(() => import('./signed-auth-editor.tsx').then((m) => ({ default: m.HawkEditor })))
import { messages } from '../messages.ts'
import { authOfType, offeredAuthTypes } from './auth-types.ts'

type Field = { name: string; label: string; secret?: boolean }
const FIELDS: Partial<Record<AuthType, Field[]>> = {
  bearer: [{ name: 'token', label: messages.token }],
  apikey: [
    { name: 'key', label: messages.key },
    { name: 'value', label: messages.value },
  ],
  basic: [
    { name: 'username', label: messages.username },
    { name: 'password', label: messages.password, secret: true },
  ],
  digest: [
    { name: 'username', label: messages.username },
    { name: 'password', label: messages.password, secret: true },
    { name: 'realm', label: 'Realm' },
    { name: 'nonce', label: 'Nonce' },
    { name: 'qop', label: 'qop' },
    { name: 'nonceCount', label: 'Nonce Count' },
    { name: 'clientNonce', label: 'Client Nonce' },
    { name: 'opaque', label: 'Opaque' },
  ],
  sigv4: [
    { name: 'accessKeyId', label: messages.accessKeyId },
    { name: 'secretAccessKey', label: messages.secretAccessKey, secret: true },
    { name: 'sessionToken', label: messages.sessionToken },
    { name: 'region', label: messages.region },
    { name: 'service', label: messages.service },
  ],
}

export function AuthEditor(props: {
  auth: Auth
  allowInherit: boolean
  onChange: (auth: Auth) => void
  /** Types not offered for a new choice; the current type always stays shown as it is. */
  exclude?: AuthType[]
  /** Whose OAuth 2.0 token this auth holds (request, folder or collection), and whose variables apply. */
  owner?: { id: Id; requestId: Id | null }
}) {
  const values = () => props.auth as unknown as Record<string, string>
  const set = (name: string, value: string) => props.onChange({ ...props.auth, [name]: value } as Auth)
  return (
    <div class="auth-editor">
      <label class="field">
        <span>{messages.authType}</span>
        <select
          aria-label={messages.authType}
          class="input"
          value={props.auth.type}
          onChange={(e) => props.onChange(authOfType(e.currentTarget.value as AuthType, props.auth))}
        >
          <For each={offeredAuthTypes(props.auth.type, props.allowInherit, props.exclude)}>
            {(t) => <option value={t.type}>{t.label}</option>}
          </For>
        </select>
      </label>
      <Show when={props.auth.type === 'apikey'}>
        <label class="field">
          <span>{messages.addTo}</span>
          <select
            class="input"
            aria-label={messages.addTo}
            value={values().addTo}
            onChange={(e) => set('addTo', e.currentTarget.value)}
          >
            <option value="header">{messages.addToHeader}</option>
            <option value="query">{messages.addToQuery}</option>
          </select>
        </label>
      </Show>
      <Show when={props.auth.type === 'oauth2' && (props.auth as OAuth2Auth)}>
        {(auth) => <OAuth2Editor auth={auth()} onChange={props.onChange} owner={props.owner} />}
      </Show>
      <Show when={props.auth.type === 'oauth1' && (props.auth as OAuth1Auth)}>
        {(auth) => <OAuth1Editor auth={auth()} onChange={props.onChange} />}
      </Show>
      <Show when={props.auth.type === 'hawk' && (props.auth as HawkAuth)}>
        {(auth) => <HawkEditor auth={auth()} onChange={props.onChange} />}
      </Show>
      <Show when={props.auth.type === 'digest'}>
        <label class="field">
          <span>{messages.digestAlgorithm}</span>
          <select
            class="input"
            aria-label={messages.digestAlgorithm}
            value={values().algorithm || 'MD5'}
            onChange={(e) => set('algorithm', e.currentTarget.value)}
          >
            <For each={DIGEST_ALGORITHMS}>{(name) => <option value={name}>{name}</option>}</For>
          </select>
        </label>
        <p class="muted" role="note">
          {messages.digestAdvanced}
        </p>
      </Show>
      <Show when={props.auth.type === 'unsupported'}>
        <p class="muted" role="note">
          {messages.authUnsupportedNote(values().name ?? '')}
        </p>
      </Show>
      <For each={FIELDS[props.auth.type] ?? []}>
        {(field) => (
          <label class="field">
            <span>{field.label}</span>
            <input
              class="input"
              aria-label={field.label}
              type={field.secret ? 'password' : 'text'}
              autocomplete="off"
              value={values()[field.name] ?? ''}
              onInput={(e) => set(field.name, e.currentTarget.value)}
            />
          </label>
        )}
      </For>
    </div>
  )
}
