/**
 * The message composer: format (text, JSON validated, hex, base64, or a file's bytes), `Send` and
 * Ctrl+Enter, and the request's saved messages (load, send again, delete). A message that cannot
 * be encoded is not sent: the problem is named under the composer and the text stays.
 */
import { createSignal, For, Show } from 'solid-js'
import { newId } from '../../../model/ids.ts'
import { encodeMessage } from '../../../model/realtime/message-encoding.ts'
import {
  makeWebSocketSettings,
  MESSAGE_FORMATS,
  type ComposedMessage,
  type MessageFormat,
  type WebSocketSettings,
} from '../../../model/realtime/websocket.ts'
import { base64 } from '../../../model/encoding.ts'
import { realtimeMessages as m } from '../messages-realtime.ts'

const FORMAT_LABELS: Record<MessageFormat, string> = {
  text: m.formatText,
  json: m.formatJson,
  hex: m.formatHex,
  base64: m.formatBase64,
}

export function Composer(props: {
  settings: WebSocketSettings | undefined
  onChange: (settings: WebSocketSettings) => void
  send: (data: string | Uint8Array) => boolean
}) {
  const settings = () => props.settings ?? makeWebSocketSettings()
  const message = () => settings().message
  const [problem, setProblem] = createSignal<string | null>(null)
  const setMessage = (patch: Partial<ComposedMessage>) => {
    setProblem(null)
    props.onChange({ ...settings(), message: { ...message(), ...patch } })
  }
  const sendMessage = (composed: ComposedMessage) => {
    const encoded = encodeMessage(composed)
    if (!encoded.ok) return setProblem(encoded.problem)
    setProblem(null)
    props.send(encoded.data)
  }
  const save = () => {
    const text = message().text
    const name = text.trim().slice(0, 40) || FORMAT_LABELS[message().format]
    props.onChange({ ...settings(), saved: [...settings().saved, { ...message(), id: newId(), name }] })
  }

  return (
    <div class="ws-composer">
      <div class="ws-composer-tools">
        <select
          class="input"
          aria-label={m.format}
          value={message().format}
          onChange={(e) => setMessage({ format: e.currentTarget.value as MessageFormat })}
        >
          <For each={MESSAGE_FORMATS}>
            {(format) => <option value={format}>{FORMAT_LABELS[format]}</option>}
          </For>
        </select>
        <label class="button">
          {m.chooseFile}
          <input
            type="file"
            hidden
            onChange={async (e) => {
              const file = e.currentTarget.files?.[0]
              if (!file) return
              setMessage({ format: 'base64', text: base64(new Uint8Array(await file.arrayBuffer())) })
            }}
          />
        </label>
        <button type="button" class="button" onClick={save}>
          {m.saveMessage}
        </button>
        <button
          type="button"
          class="button primary ws-send"
          title={m.sendShortcut}
          onClick={() => sendMessage(message())}
        >
          {m.send}
        </button>
      </div>
      <textarea
        class="input ws-message"
        aria-label={m.message}
        spellcheck={false}
        value={message().text}
        onInput={(e) => setMessage({ text: e.currentTarget.value })}
        onKeyDown={(e) => {
          if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
            e.preventDefault()
            sendMessage(message())
          }
        }}
      />
      <Show when={problem()}>
        <p class="notice error" role="alert">
          {problem()}
        </p>
      </Show>
      <h3 class="ws-saved-title">{m.savedMessages}</h3>
      <Show when={settings().saved.length > 0} fallback={<p class="muted">{m.noSaved}</p>}>
        <ul class="ws-saved" aria-label={m.savedMessages}>
          <For each={settings().saved}>
            {(saved) => (
              <li class="ws-saved-row">
                <span class="ws-saved-name">{saved.name}</span>
                <span class="muted">{FORMAT_LABELS[saved.format]}</span>
                <button
                  type="button"
                  class="button"
                  aria-label={`${m.send} ${saved.name}`}
                  onClick={() => sendMessage(saved)}
                >
                  {m.send}
                </button>
                <button
                  type="button"
                  class="button"
                  aria-label={`${m.load} ${saved.name}`}
                  onClick={() => setMessage({ format: saved.format, text: saved.text })}
                >
                  {m.load}
                </button>
                <button
                  type="button"
                  class="button"
                  aria-label={`${m.remove} ${saved.name}`}
                  onClick={() =>
                    props.onChange({
                      ...settings(),
                      saved: settings().saved.filter((s) => s.id !== saved.id),
                    })
                  }
                >
                  {m.remove}
                </button>
              </li>
            )}
          </For>
        </ul>
      </Show>
    </div>
  )
}
