/**
 * `History` in the request header of a git-synced workspace: the synchronised versions of the
 * request. Shown only when the server mirrors this workspace to git (spec 4.2); the clock icon
 * beside it (this device's runs) is a different thing.
 */
import { createSignal, lazy, Show } from 'solid-js'
import GitBranch from 'lucide-solid/icons/git-branch'
import type { TabState } from '../../model/workspace/types.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'

const HistoryDialog = lazy(() => import('./history-dialog.tsx'))

export function GitHistoryButton(props: { tab: TabState }) {
  const { collab } = useStore()
  const [open, setOpen] = createSignal(false)
  const history = () => collab?.gitHistory
  return (
    <Show when={history()?.available() && props.tab.savedRequestId}>
      <button
        type="button"
        class="button git-history-button"
        aria-label={messages.gitHistory}
        title={messages.gitHistory}
        onClick={() => setOpen(true)}
      >
        <GitBranch size={16} aria-hidden="true" />
        <span>{messages.gitHistory}</span>
      </button>
      <Show when={open()}>
        <HistoryDialog tab={props.tab} history={history()!} onClose={() => setOpen(false)} />
      </Show>
    </Show>
  )
}
