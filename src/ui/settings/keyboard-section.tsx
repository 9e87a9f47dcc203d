/**
 * Settings → Tastatur: every shortcut but Send and Save can be rebound. `Change` records the next
 * key press; a binding another action uses is refused with a message naming that action.
 */
import { createSignal, For, Show } from 'solid-js'
import {
  bindingFromEvent,
  bindingLabel,
  FIXED_ACTIONS,
  isMacPlatform,
  rebind,
  resetBinding,
  resolveBindings,
  type ShortcutAction,
} from '../app/shortcuts.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import RotateCcw from 'lucide-solid/icons/rotate-ccw'

const ACTIONS: { id: ShortcutAction; label: string }[] = [
  { id: 'new-tab', label: messages.shortcutNewTab },
  { id: 'send', label: messages.shortcutSend },
  { id: 'save', label: messages.shortcutSave },
  { id: 'rename', label: messages.shortcutRename },
  { id: 'duplicate', label: messages.shortcutDuplicate },
]

export const actionLabel = (action: ShortcutAction) => ACTIONS.find((a) => a.id === action)?.label ?? action

export function KeyboardSection() {
  const { settings } = useStore()
  const mac = isMacPlatform(navigator.platform)
  const keyboard = () => settings.current().keyboard
  const bindings = () => resolveBindings(keyboard())
  const [recording, setRecording] = createSignal<ShortcutAction | null>(null)
  const [error, setError] = createSignal('')

  const onKeyDown = (action: ShortcutAction, e: KeyboardEvent) => {
    if (recording() !== action) return
    e.preventDefault()
    e.stopPropagation()
    if (e.key === 'Escape') return setRecording(null)
    const binding = bindingFromEvent(e, mac)
    if (!binding) return
    const result = rebind(keyboard(), action, binding)
    setRecording(null)
    if (result.ok) {
      setError('')
      settings.updateSettings({ keyboard: result.keyboard })
    } else if (result.reason === 'conflict') {
      setError(messages.shortcutConflict(bindingLabel(binding, mac), actionLabel(result.action)))
    }
  }

  return (
    <div class="settings-section">
      <table class="shortcut-table">
        <tbody>
          <For each={ACTIONS}>
            {(action) => (
              <tr>
                <th scope="row">{action.label}</th>
                <td class="shortcut-keys">
                  <kbd>
                    {bindings()
                      [action.id].map((b) => bindingLabel(b, mac))
                      .join(' / ')}
                  </kbd>
                </td>
                <td>
                  <Show
                    when={!FIXED_ACTIONS.includes(action.id)}
                    fallback={<span class="muted">{messages.notRebindable}</span>}
                  >
                    <button
                      type="button"
                      class="button"
                      aria-label={messages.changeShortcut(action.label)}
                      aria-pressed={recording() === action.id}
                      onClick={() => {
                        setError('')
                        setRecording(recording() === action.id ? null : action.id)
                      }}
                      onKeyDown={(e) => onKeyDown(action.id, e)}
                    >
                      {recording() === action.id ? messages.pressKeys : messages.change}
                    </button>
                    <button
                      type="button"
                      class="button"
                      aria-label={messages.resetShortcut(action.label)}
                      disabled={!keyboard()[action.id]}
                      onClick={() => {
                        setError('')
                        settings.updateSettings({ keyboard: resetBinding(keyboard(), action.id) })
                      }}
                    >
                      <RotateCcw size={16} />
                    </button>
                  </Show>
                </td>
              </tr>
            )}
          </For>
        </tbody>
      </table>
      <Show when={error()}>
        <p class="test-failed" role="alert">
          {error()}
        </p>
      </Show>
    </div>
  )
}
