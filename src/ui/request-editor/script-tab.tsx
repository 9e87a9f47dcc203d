/** The `Skript` tab: `Pre Request` and `Post Response` editors; Monaco loads when first opened. */
import { createSignal, Show } from 'solid-js'
import type { Scripts } from '../../model/types.ts'
import { CodeEditor } from '../code-editor/index.tsx'
import { messages } from '../messages.ts'

export function ScriptTab(props: {
  scripts: Scripts
  onChange: (scripts: Scripts) => void
  onSend: () => void
}) {
  const [which, setWhich] = createSignal<keyof Scripts>('preRequest')
  return (
    <div class="script-tab">
      <div class="segmented" role="tablist" aria-label={messages.scripts}>
        <button
          type="button"
          role="tab"
          class="segment"
          classList={{ active: which() === 'preRequest' }}
          aria-selected={which() === 'preRequest'}
          onClick={() => setWhich('preRequest')}
        >
          {messages.preRequest}
        </button>
        <button
          type="button"
          role="tab"
          class="segment"
          classList={{ active: which() === 'postResponse' }}
          aria-selected={which() === 'postResponse'}
          onClick={() => setWhich('postResponse')}
        >
          {messages.postResponse}
        </button>
      </div>
      <Show when={which()} keyed>
        {(part) => (
          <CodeEditor
            label={part === 'preRequest' ? messages.preRequest : messages.postResponse}
            value={props.scripts[part]}
            onChange={(code) => props.onChange({ ...props.scripts, [part]: code })}
            onSubmit={props.onSend}
          />
        )}
      </Show>
    </div>
  )
}
