/**
 * The top of a request: its name (click to rename, or F2 / Ctrl+E), where it is saved, the method,
 * the URL, Send and the send options (`Download`), and a `Save` button for touch (Ctrl+S elsewhere).
 */
import { createMemo, createSignal, For, Show } from 'solid-js'
import { looksLikeCurl } from '../../model/import/curl-detect.ts'
import { isSentKind } from '../../model/request-kinds.ts'
import { urlEdit } from '../request-editor/index.tsx'
import { UrlField } from '../request-editor/url-field.tsx'
import { HTTP_METHODS, type HttpMethod } from '../../model/types.ts'
import type { TabState } from '../../model/workspace/api.ts'
import { PeopleHere } from '../collab/presence.tsx'
import { GitHistoryButton } from '../git-history/history-button.tsx'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { displayName } from '../store/request-name.ts'
import { RunChip, RunHistoryButton } from '../history/runs.tsx'
import { RequestName } from './request-name.tsx'
import { SendOptions, type DownloadStatus } from './send-options.tsx'
import Save from 'lucide-solid/icons/save'
import CodeXml from 'lucide-solid/icons/code-xml'
import { isMacPlatform, shortcutLabel } from '../app/shortcuts.ts'

export function RequestHeader(props: { tab: TabState }) {
  const store = useStore()
  const name = () => displayName(props.tab.draft.name, props.tab.draft.url, messages.untitled)
  const location = createMemo(() => {
    store.docs.workspaceVersion()
    const id = props.tab.savedRequestId
    const chain = id ? store.tree.ancestors(id) : undefined
    if (!chain) return ''
    return [chain.collection.name, ...chain.folders.map((f) => f.name).reverse()].join(' / ')
  })

  const send = () => void store.send.send(props.tab.id)
  /** HTTP and GraphQL: a connection kind brings its own URL bar (src/ui/realtime/). */
  const http = () => isSentKind(props.tab.draft.kind)
  const [notice, setNotice] = createSignal<string | null>(null)
  const [downloadStatus, setDownloadStatus] = createSignal<DownloadStatus | null>(null)
  /** A pasted cURL command fills the request; one it cannot read stays as typed, with a message. */
  const pasteCurl = (text: string): boolean => {
    if (!looksLikeCurl(text)) return false
    setNotice(null)
    void import('../request-editor/curl-paste.ts').then(async ({ readCurl }) => {
      const read = await readCurl(text)
      if ('fields' in read) {
        store.tabs.editDraft(props.tab.id, read.fields)
        setNotice(messages.curlImported)
      } else {
        store.tabs.editDraft(props.tab.id, urlEdit(props.tab, text))
        setNotice(messages.curlUnreadable(read.error))
      }
    })
    return true
  }

  return (
    <section class="request-header" aria-label={name()}>
      <div class="request-title">
        <Show when={location()}>
          <span class="muted request-location">{location()} /</span>
        </Show>
        <RequestName tab={props.tab} />
        <RunChip tab={props.tab} />
        <button
          type="button"
          class="button save-button"
          aria-label={messages.save}
          title={`${messages.save} (${shortcutLabel('save', isMacPlatform(navigator.platform))})`}
          onClick={() => store.tabs.saveTab(props.tab.id)}
        >
          <Save size={16} aria-hidden="true" />
          <span>{messages.save}</span>
        </button>
        <Show when={http()}>
          <button
            type="button"
            class="button codegen-button"
            aria-label={messages.generateCode}
            title={messages.generateCode}
            onClick={() => store.ui.openDialog({ kind: 'generate-code', source: { tabId: props.tab.id } })}
          >
            <CodeXml size={16} aria-hidden="true" />
          </button>
        </Show>
        <GitHistoryButton tab={props.tab} />
        <PeopleHere peers={store.collab?.peersOn(props.tab.savedRequestId) ?? []} />
      </div>
      <Show when={http()}>
        <div class="url-bar">
          <select
            class="input method-select"
            aria-label={messages.method}
            value={props.tab.draft.method}
            onChange={(e) =>
              store.tabs.editDraft(props.tab.id, { method: e.currentTarget.value as HttpMethod })
            }
          >
            <For each={HTTP_METHODS}>{(method) => <option value={method}>{method}</option>}</For>
          </select>
          <UrlField tab={props.tab} onSend={send} onPaste={pasteCurl} />
          <RunHistoryButton tab={props.tab} />
          <button type="button" class="button primary send-button" aria-label={messages.send} onClick={send}>
            {messages.send}
          </button>
          <SendOptions tab={props.tab} onStatus={setDownloadStatus} />
        </div>
      </Show>
      <Show when={notice()}>
        <p class="notice" role="status">
          {notice()}
        </p>
      </Show>
      <Show when={downloadStatus()}>
        {(status) => (
          <p class="notice download-status" role="status" aria-busy={status().busy}>
            {status().text}
          </p>
        )}
      </Show>
      <Show when={store.collab?.readOnly}>
        <p class="notice" role="note">
          {messages.viewOnlyNote}
        </p>
      </Show>
      <Show when={store.ui.saveRefused() === props.tab.id}>
        <p class="notice error" role="alert">
          {messages.saveRefused}
        </p>
      </Show>
      <Show when={http() && store.send.sendMode() === 'direct'}>
        <p class="notice direct-mode" role="note">
          {store.send.relayLoginRequired() ? messages.loginRequired : messages.directMode}
        </p>
      </Show>
    </section>
  )
}
