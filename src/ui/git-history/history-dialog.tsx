/**
 * The versions of one request (newest first: time, author, message). Choosing one shows how it
 * differs from the current request; `Restore` makes the request equal to it as a new change,
 * which syncs to the others and becomes a new commit (not for someone who may only view). Offline
 * it lists what the device saw last, and says so.
 */
import { createResource, createSignal, For, Show } from 'solid-js'
import { keepSecrets, textToRequest } from '../../model/git/item-file.ts'
import type { RequestSpec } from '../../model/types.ts'
import type { TabState } from '../../model/workspace/types.ts'
import { Dialog } from '../dialogs/dialog.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import type { GitHistory, GitVersion } from '../store/git-history.ts'
import { versionDiff } from './version-diff.ts'
import './git-history.css'

export default function HistoryDialog(props: { tab: TabState; history: GitHistory; onClose: () => void }) {
  const { tabs, collab } = useStore()
  const [list] = createResource(
    () => props.tab.savedRequestId,
    (id) => props.history.versions(id),
  )
  const [chosen, setChosen] = createSignal<GitVersion | null>(null)
  const [version] = createResource(chosen, async (picked): Promise<RequestSpec | string> => {
    try {
      return textToRequest(await props.history.versionText(picked), picked.path)
    } catch (error) {
      return (error as Error).message
    }
  })
  const diff = () => {
    const value = version()
    return value && typeof value !== 'string' ? versionDiff(value, props.tab.draft) : []
  }
  const restore = () => {
    const value = version()
    if (!value || typeof value === 'string') return
    const { id: _id, type: _type, ...fields } = keepSecrets(value, props.tab.draft)
    tabs.editDraft(props.tab.id, fields)
    tabs.saveTab(props.tab.id)
    props.onClose()
  }
  return (
    <Dialog title={messages.gitHistoryTitle(props.tab.draft.name)} onClose={props.onClose} wide>
      <Show when={list()} fallback={<p role="status">{messages.gitLoading}</p>}>
        {(loaded) => (
          <>
            <Show when={loaded().stale}>
              <p class="notice" role="note">
                {loaded().problem ? messages.gitUnreachable(loaded().problem!) : messages.gitOffline}
              </p>
            </Show>
            <Show when={loaded().versions.length > 0} fallback={<p>{messages.gitNoVersions}</p>}>
              <ul class="git-versions" aria-label={messages.gitVersions}>
                <For each={loaded().versions}>
                  {(item) => (
                    <li>
                      <button
                        type="button"
                        class="git-version"
                        aria-pressed={chosen()?.commit === item.commit}
                        onClick={() => setChosen(item)}
                      >
                        <time datetime={new Date(item.time * 1000).toISOString()}>
                          {new Date(item.time * 1000).toLocaleString()}
                        </time>
                        <span class="git-author">{item.author}</span>
                        <span class="git-message">{item.message}</span>
                      </button>
                    </li>
                  )}
                </For>
              </ul>
            </Show>
          </>
        )}
      </Show>
      <Show when={version()}>
        {(value) => (
          <Show
            when={typeof value() !== 'string'}
            fallback={
              <p class="notice" role="alert">
                {value() as string}
              </p>
            }
          >
            <Show when={diff().length > 0} fallback={<p role="status">{messages.gitSameAsCurrent}</p>}>
              <table class="git-diff">
                <thead>
                  <tr>
                    <th>{messages.gitField}</th>
                    <th>{messages.gitThisVersion}</th>
                    <th>{messages.gitCurrent}</th>
                  </tr>
                </thead>
                <tbody>
                  <For each={diff()}>
                    {(row) => (
                      <tr>
                        <th scope="row">{row.field}</th>
                        <td>
                          <pre>{row.version}</pre>
                        </td>
                        <td>
                          <pre>{row.current}</pre>
                        </td>
                      </tr>
                    )}
                  </For>
                </tbody>
              </table>
            </Show>
            <Show when={!collab?.readOnly}>
              <div class="dialog-actions">
                <button type="button" class="button primary" onClick={restore}>
                  {messages.gitRestore}
                </button>
              </div>
            </Show>
          </Show>
        )}
      </Show>
      <div class="dialog-actions">
        <button type="button" class="button" onClick={() => props.onClose()}>
          {messages.close}
        </button>
      </div>
    </Dialog>
  )
}
