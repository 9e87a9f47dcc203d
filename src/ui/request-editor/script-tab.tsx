/** The `Skript` tab: `Pre Request` and `Post Response` editors; Monaco loads when first opened. */
import { createSignal, Show } from 'solid-js'
import type { Scripts } from '../../model/types.ts'
import { CodeEditor } from '../code-editor/index.tsx'
import { TabList, type TabItem } from '../dialogs/tab-list.tsx'
import { messages } from '../messages.ts'

const SCRIPT_PARTS: TabItem<keyof Scripts>[] = [
  { id: 'preRequest', label: messages.preRequest },
  { id: 'postResponse', label: messages.postResponse },
]

export function ScriptTab(props: {
  scripts: Scripts
  onChange: (scripts: Scripts) => void
  onSend: () => void
}) {
  const [which, setWhich] = createSignal<keyof Scripts>('preRequest')
  return (
    <div class="script-tab">
      <TabList label={messages.scripts} items={SCRIPT_PARTS} selected={which()} onSelect={setWhich} />
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
