/**
 * The request's `Einstellungen` section: its own `HTTP version`. Auto leaves the choice to
 * Settings → Proxy → HTTP version; a lazy chunk with its labels (messages-http.ts).
 */
import { For } from 'solid-js'
import { HTTP_VERSIONS, isHttpVersion, type HttpVersion } from '../../model/settings.ts'
import { HTTP_VERSION_LABELS, httpMessages } from '../messages-http.ts'

export function HttpVersionOption(props: {
  value: HttpVersion | undefined
  readOnly: boolean
  onChange: (value: HttpVersion) => void
}) {
  return (
    <div class="settings-section">
      <label class="field">
        <span>{httpMessages.httpVersion}</span>
        <select
          class="input"
          value={props.value ?? 'auto'}
          disabled={props.readOnly}
          onChange={(e) => {
            const value = e.currentTarget.value
            if (isHttpVersion(value)) props.onChange(value)
          }}
        >
          <For each={HTTP_VERSIONS}>{(v) => <option value={v}>{HTTP_VERSION_LABELS[v]}</option>}</For>
        </select>
        <span class="muted">{httpMessages.requestHttpVersionHint}</span>
      </label>
    </div>
  )
}
