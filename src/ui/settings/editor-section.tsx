/** Settings → Editor: format JSON on send, the default headers, and the view a response opens in. */
import { For } from 'solid-js'
import type { ResponseView } from '../../model/workspace/api.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

const VIEWS: { id: ResponseView; label: string }[] = [
  { id: 'pretty', label: messages.viewPretty },
  { id: 'raw', label: messages.viewRaw },
  { id: 'preview', label: messages.viewPreview },
]

export function EditorSection() {
  const { settings } = useStore()
  const editor = () => settings.current().editor
  return (
    <div class="settings-section">
      <label class="check-row">
        <input
          type="checkbox"
          checked={editor().formatJsonOnSend}
          onChange={(e) => settings.updateSettings({ editor: { formatJsonOnSend: e.currentTarget.checked } })}
        />
        {messages.formatJsonOnSend}
      </label>
      <label class="check-row">
        <input
          type="checkbox"
          checked={editor().defaultHeaders}
          onChange={(e) => settings.updateSettings({ editor: { defaultHeaders: e.currentTarget.checked } })}
        />
        {messages.defaultHeadersSetting}
      </label>
      <label class="field">
        <span>{messages.defaultResponseView}</span>
        <select
          class="input"
          value={editor().responseView}
          onChange={(e) =>
            settings.updateSettings({ editor: { responseView: e.currentTarget.value as ResponseView } })
          }
        >
          <For each={VIEWS}>{(v) => <option value={v.id}>{v.label}</option>}</For>
        </select>
      </label>
    </div>
  )
}
