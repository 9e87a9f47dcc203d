/** Settings → Proxy → `HTTP version`: what every send through the relay asks for. */
import { For } from 'solid-js'
import { HTTP_VERSIONS, isHttpVersion } from '../../model/settings.ts'
import { HTTP_VERSION_LABELS, httpMessages } from '../messages-http.ts'
import { useStore } from '../store/context.tsx'

export function HttpVersionField() {
  const { settings } = useStore()
  return (
    <label class="field">
      <span>{httpMessages.httpVersion}</span>
      <select
        class="input"
        value={settings.current().network.httpVersion}
        onChange={(e) => {
          const value = e.currentTarget.value
          if (isHttpVersion(value)) settings.updateSettings({ network: { httpVersion: value } })
        }}
      >
        <For each={HTTP_VERSIONS}>{(v) => <option value={v}>{HTTP_VERSION_LABELS[v]}</option>}</For>
      </select>
      <span class="muted">{httpMessages.httpVersionHint}</span>
    </label>
  )
}
