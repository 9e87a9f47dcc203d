/** The request's name in its header: a button that turns into the rename field (also F2). */
import { Show } from 'solid-js'
import type { TabState } from '../../model/workspace/api.ts'
import { messages } from '../messages.ts'
import { RenameField } from '../sidebar/rename-field.tsx'
import { useStore } from '../store/context.tsx'
import { displayName } from '../store/request-name.ts'

export function RequestName(props: { tab: TabState }) {
  const { tabs, ui } = useStore()
  const name = () => displayName(props.tab.draft.name, props.tab.draft.url, messages.untitled)
  return (
    <Show
      when={ui.renamingTab()}
      fallback={
        <button
          type="button"
          class="request-name"
          title={`${messages.rename} (F2)`}
          aria-label={`${messages.requestName}: ${name()}`}
          onClick={() => ui.setRenamingTab(true)}
        >
          {name()}
        </button>
      }
    >
      <RenameField
        value={props.tab.draft.name || name()}
        label={messages.requestName}
        onDone={(value) => {
          ui.setRenamingTab(false)
          if (value !== null && value.trim() && value !== props.tab.draft.name) {
            tabs.renameTab(props.tab.id, value)
          }
        }}
      />
    </Show>
  )
}
