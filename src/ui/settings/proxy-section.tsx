/**
 * Settings → Proxy (spec 2.6). Every field is written as it changes; the password only goes into
 * memory for this session. `Test Connection` asks the relay to reach a URL through the proxy.
 * `HTTP version` (http-version-field.tsx) sits under them: it also shapes how the relay connects.
 */
import { createSignal, For, Show } from 'solid-js'
import type { ProxyType } from '../../model/settings.ts'
import type { ProxyTestResult } from '../../runtime/transport/proxy-test.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { HttpVersionField } from './http-version-field.tsx'
import { RelayNote } from './relay-note.tsx'

const TYPES: { id: ProxyType; label: string }[] = [
  { id: 'http', label: 'HTTP' },
  { id: 'https', label: 'HTTPS' },
  { id: 'socks5', label: 'SOCKS5' },
  { id: 'system', label: messages.proxySystem },
]

/** What `Test Connection` reaches through the proxy unless the user names another URL. */
const DEFAULT_TEST_URL = 'https://example.com/'

export function ProxySection() {
  const { settings } = useStore()
  const proxy = () => settings.current().proxy
  const [testUrl, setTestUrl] = createSignal(DEFAULT_TEST_URL)
  const [testing, setTesting] = createSignal(false)
  const [result, setResult] = createSignal<ProxyTestResult | null>(null)
  const set = (patch: Parameters<typeof settings.updateSettings>[0]['proxy']) => {
    setResult(null)
    settings.updateSettings({ proxy: patch })
  }

  return (
    <div class="settings-section">
      <RelayNote />
      <label class="check-row">
        <input
          type="checkbox"
          checked={proxy().enabled}
          onChange={(e) => set({ enabled: e.currentTarget.checked })}
        />
        {messages.enableProxy}
      </label>
      <label class="field">
        <span>{messages.proxyType}</span>
        <select
          class="input"
          value={proxy().type}
          onChange={(e) => set({ type: e.currentTarget.value as ProxyType })}
        >
          <For each={TYPES}>{(t) => <option value={t.id}>{t.label}</option>}</For>
        </select>
      </label>
      <Show when={proxy().type !== 'system'}>
        <div class="field-row">
          <label class="field grow">
            <span>{messages.proxyHost}</span>
            <input
              class="input"
              value={proxy().host}
              autocomplete="off"
              spellcheck={false}
              onChange={(e) => set({ host: e.currentTarget.value.trim() })}
            />
          </label>
          <label class="field">
            <span>{messages.proxyPort}</span>
            <input
              class="input port-input"
              type="number"
              min="1"
              max="65535"
              value={proxy().port}
              onChange={(e) => set({ port: Number(e.currentTarget.value) || 0 })}
            />
          </label>
        </div>
        <div class="field-row">
          <label class="field grow">
            <span>{messages.username}</span>
            <input
              class="input"
              value={proxy().username ?? ''}
              autocomplete="off"
              onChange={(e) => set({ username: e.currentTarget.value })}
            />
          </label>
          <label class="field grow">
            <span>{messages.password}</span>
            <input
              class="input"
              type="password"
              value={settings.proxyPassword()}
              autocomplete="off"
              onInput={(e) => {
                setResult(null)
                settings.setProxyPassword(e.currentTarget.value)
              }}
            />
          </label>
        </div>
        <p class="muted">{messages.proxyPasswordNote}</p>
      </Show>
      <label class="field">
        <span>{messages.proxyBypass}</span>
        <input
          class="input"
          value={proxy().bypass}
          autocomplete="off"
          spellcheck={false}
          onChange={(e) => set({ bypass: e.currentTarget.value })}
        />
      </label>
      <div class="field-row">
        <label class="field grow">
          <span>{messages.testUrl}</span>
          <input
            class="input"
            value={testUrl()}
            inputMode="url"
            spellcheck={false}
            onInput={(e) => setTestUrl(e.currentTarget.value)}
          />
        </label>
        <button
          type="button"
          class="button"
          disabled={testing()}
          onClick={async () => {
            setTesting(true)
            setResult(null)
            setResult(await settings.testProxy(testUrl()))
            setTesting(false)
          }}
        >
          {testing() ? messages.testingConnection : messages.testConnection}
        </button>
      </div>
      <Show when={result()} keyed>
        {(r) => (
          <p class={r.ok ? 'test-ok' : 'test-failed'} role="status">
            {r.ok ? messages.connectionOk(r.status, r.ms) : messages.connectionFailed(r.error)}
          </p>
        )}
      </Show>
      <HttpVersionField />
    </div>
  )
}
