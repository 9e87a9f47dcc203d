/** Settings → Assistant: the endpoint, model and key Explain uses (kept on this device only). */
import { createSignal } from 'solid-js'
import type { AssistantSettings } from '../../model/workspace/api.ts'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

export function AssistantSettingsForm(props: {
  value: AssistantSettings
  onSave: (value: AssistantSettings) => void
}) {
  const [url, setUrl] = createSignal(props.value.url)
  const [model, setModel] = createSignal(props.value.model)
  const [key, setKey] = createSignal(props.value.key)
  return (
    <form
      class="assistant-settings"
      aria-label={messages.assistantSettings}
      onSubmit={(e) => {
        e.preventDefault()
        props.onSave({ url: url().trim(), model: model().trim(), key: key().trim() })
      }}
    >
      <p class="muted">{messages.assistantHint}</p>
      <label class="field">
        <span>{messages.assistantUrl}</span>
        <input class="input" type="url" value={url()} onInput={(e) => setUrl(e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{messages.assistantModel}</span>
        <input class="input" value={model()} onInput={(e) => setModel(e.currentTarget.value)} />
      </label>
      <label class="field">
        <span>{messages.assistantKey}</span>
        <input
          class="input"
          type="password"
          autocomplete="off"
          value={key()}
          onInput={(e) => setKey(e.currentTarget.value)}
        />
      </label>
      <button type="submit" class="button primary">
        {messages.save}
      </button>
    </form>
  )
}

export function AssistantSettingsDialog() {
  const { settings, ui } = useStore()
  return (
    <Dialog title={messages.assistantSettings} onClose={ui.closeDialog}>
      <AssistantSettingsForm
        value={settings.current().assistant}
        onSave={(assistant) => {
          settings.updateSettings({ assistant })
          ui.closeDialog()
        }}
      />
    </Dialog>
  )
}
