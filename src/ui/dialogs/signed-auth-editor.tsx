/**
 * OAuth 1.0 and Hawk in the `Autorisierung` tab and the collection/folder auth: their fields (all
 * accept `{{variables}}`), the choices, and an `Advanced` disclosure for what is usually generated.
 * A chunk of its own: loaded only when one of them is shown.
 */
import { For, Show } from 'solid-js'
import { HAWK_ALGORITHMS, OAUTH1_SIGNATURE_METHODS } from '../../model/auth/auth-fields.ts'
import type { HawkAuth, OAuth1Auth } from '../../model/types.ts'
import { signedAuthMessages as m } from '../messages-auth.ts'

type Field<A> = { name: keyof A & string; label: string; secret?: boolean; hint?: string }

function TextField(props: {
  label: string
  value: string
  secret?: boolean
  multiline?: boolean
  hint?: string
  onInput: (value: string) => void
}) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <Show
        when={props.multiline}
        fallback={
          <input
            class="input"
            aria-label={props.label}
            type={props.secret ? 'password' : 'text'}
            autocomplete="off"
            spellcheck={false}
            placeholder={props.hint ?? ''}
            value={props.value}
            onInput={(e) => props.onInput(e.currentTarget.value)}
          />
        }
      >
        <textarea
          class="input"
          aria-label={props.label}
          rows={4}
          spellcheck={false}
          value={props.value}
          onInput={(e) => props.onInput(e.currentTarget.value)}
        />
      </Show>
    </label>
  )
}

function Check(props: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label class="field inline">
      <input
        type="checkbox"
        aria-label={props.label}
        checked={props.checked}
        onChange={(e) => props.onChange(e.currentTarget.checked)}
      />
      <span>{props.label}</span>
    </label>
  )
}

function Choice(props: {
  label: string
  value: string
  options: readonly { value: string; label: string }[]
  onChange: (value: string) => void
}) {
  return (
    <label class="field">
      <span>{props.label}</span>
      <select
        class="input"
        aria-label={props.label}
        value={props.value}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      >
        <For each={props.options}>{(o) => <option value={o.value}>{o.label}</option>}</For>
      </select>
    </label>
  )
}

/** The choices, and an imported value that is none of them (`{{method}}`) as it is. */
function withCurrent(names: readonly string[], current: string) {
  const all = names.includes(current) || current === '' ? names : [...names, current]
  return all.map((name) => ({ value: name, label: name }))
}

const OAUTH1_ADVANCED: Field<OAuth1Auth>[] = [
  { name: 'callback', label: m.callbackUrl },
  { name: 'verifier', label: m.verifier },
  { name: 'timestamp', label: m.timestamp, hint: m.generatedHint },
  { name: 'nonce', label: m.nonce, hint: m.generatedHint },
  { name: 'version', label: m.version },
  { name: 'realm', label: m.realm },
]

export function OAuth1Editor(props: { auth: OAuth1Auth; onChange: (auth: OAuth1Auth) => void }) {
  const set = (patch: Partial<OAuth1Auth>) => props.onChange({ ...props.auth, ...patch })
  const rsa = () => props.auth.signatureMethod.toUpperCase().startsWith('RSA')
  return (
    <div class="signed-auth-editor">
      <Choice
        label={m.signatureMethod}
        value={props.auth.signatureMethod}
        options={withCurrent(OAUTH1_SIGNATURE_METHODS, props.auth.signatureMethod)}
        onChange={(signatureMethod) => set({ signatureMethod })}
      />
      <TextField
        label={m.consumerKey}
        value={props.auth.consumerKey}
        onInput={(v) => set({ consumerKey: v })}
      />
      <Show when={!rsa()}>
        <TextField
          label={m.consumerSecret}
          secret
          value={props.auth.consumerSecret}
          onInput={(v) => set({ consumerSecret: v })}
        />
      </Show>
      <TextField label={m.accessToken} value={props.auth.token} onInput={(v) => set({ token: v })} />
      <Show when={!rsa()}>
        <TextField
          label={m.tokenSecret}
          secret
          value={props.auth.tokenSecret}
          onInput={(v) => set({ tokenSecret: v })}
        />
      </Show>
      <Show when={rsa()}>
        <TextField
          label={m.privateKey}
          multiline
          value={props.auth.privateKey}
          onInput={(v) => set({ privateKey: v })}
        />
      </Show>
      <Choice
        label={m.addAuthDataTo}
        value={props.auth.addTo}
        options={[
          { value: 'header', label: m.toHeaders },
          { value: 'query', label: m.toUrlOrBody },
        ]}
        onChange={(addTo) => set({ addTo: addTo === 'query' ? 'query' : 'header' })}
      />
      <details class="oauth-advanced">
        <summary>{m.advanced}</summary>
        <For each={OAUTH1_ADVANCED}>
          {(field) => (
            <TextField
              label={field.label}
              value={props.auth[field.name] as string}
              {...(field.hint ? { hint: field.hint } : {})}
              onInput={(v) => set({ [field.name]: v })}
            />
          )}
        </For>
        <Check
          label={m.includeBodyHash}
          checked={props.auth.includeBodyHash}
          onChange={(includeBodyHash) => set({ includeBodyHash })}
        />
        <Check
          label={m.addEmptyParams}
          checked={props.auth.addEmptyParamsToSign}
          onChange={(addEmptyParamsToSign) => set({ addEmptyParamsToSign })}
        />
      </details>
    </div>
  )
}

const HAWK_ADVANCED: Field<HawkAuth>[] = [
  { name: 'user', label: m.user },
  { name: 'nonce', label: m.nonce, hint: m.generatedHint },
  { name: 'extraData', label: m.extraData },
  { name: 'app', label: m.app },
  { name: 'delegation', label: m.delegation },
  { name: 'timestamp', label: m.timestamp, hint: m.generatedHint },
]

export function HawkEditor(props: { auth: HawkAuth; onChange: (auth: HawkAuth) => void }) {
  const set = (patch: Partial<HawkAuth>) => props.onChange({ ...props.auth, ...patch })
  return (
    <div class="signed-auth-editor">
      <TextField label={m.hawkAuthId} value={props.auth.authId} onInput={(v) => set({ authId: v })} />
      <TextField
        label={m.hawkAuthKey}
        secret
        value={props.auth.authKey}
        onInput={(v) => set({ authKey: v })}
      />
      <Choice
        label={m.algorithm}
        value={props.auth.algorithm}
        options={withCurrent(HAWK_ALGORITHMS, props.auth.algorithm)}
        onChange={(algorithm) => set({ algorithm })}
      />
      <details class="oauth-advanced">
        <summary>{m.advanced}</summary>
        <For each={HAWK_ADVANCED}>
          {(field) => (
            <TextField
              label={field.label}
              value={props.auth[field.name] as string}
              {...(field.hint ? { hint: field.hint } : {})}
              onInput={(v) => set({ [field.name]: v })}
            />
          )}
        </For>
        <Check
          label={m.includePayloadHash}
          checked={props.auth.includePayloadHash}
          onChange={(includePayloadHash) => set({ includePayloadHash })}
        />
      </details>
    </div>
  )
}
