/**
 * A Server-Sent Events request (loaded on first use): name, Save, the URL with Connect /
 * Disconnect and the connection state; Params, Headers, `Autorisierung` and `Skript` as for HTTP;
 * the live event list below. The connection itself lives in session.ts.
 */
import { onCleanup, Show } from 'solid-js'
import type { TabState } from '../../../model/workspace/api.ts'
import { messages } from '../../messages.ts'
import { useStore } from '../../store/context.tsx'
import type { ShellParts } from '../parts.ts'
import { sseSession } from './session.ts'
import { EventList } from './event-list.tsx'
import { sseUi } from './messages.ts'
import '../realtime.css'
import './sse.css'

export default function SseEditor(props: { tab: TabState; parts: ShellParts }) {
  const store = useStore()
  const { tabs, send, ui } = store
  const { RequestEditor, UrlField, RequestName, displayName } = props.parts
  const connection = sseSession(store, props.tab.id)
  const name = () => displayName(props.tab.draft.name, props.tab.draft.url, messages.untitled)
  const live = () => connection.state() !== 'closed'
  const toggle = () => (live() ? connection.disconnect() : void connection.connect())
  // Ctrl+Enter (Send's shortcut, which the app leaves to this kind) connects or disconnects.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'Enter' || !(e.ctrlKey || e.metaKey) || e.defaultPrevented || ui.dialog()) return
    e.preventDefault()
    toggle()
  }
  window.addEventListener('keydown', onKey)
  onCleanup(() => window.removeEventListener('keydown', onKey))

  return (
    <>
      <section class="request-header" aria-label={name()}>
        <div class="request-title">
          <span class="method kind-badge kind-sse">SSE</span>
          <RequestName tab={props.tab} />
          <button
            type="button"
            class="button save-button"
            aria-label={messages.save}
            title={messages.save}
            onClick={() => tabs.saveTab(props.tab.id)}
          >
            <span>{messages.save}</span>
          </button>
        </div>
        <div class="url-bar">
          <UrlField tab={props.tab} onSend={toggle} />
          <button
            type="button"
            class="button send-button"
            classList={{ primary: !live() }}
            aria-label={live() ? sseUi.disconnect : sseUi.connect}
            onClick={toggle}
          >
            {live() ? sseUi.disconnect : sseUi.connect}
          </button>
        </div>
        <p class="muted sse-state" role="status">
          {sseUi.state[connection.state()]}
        </p>
        <Show when={connection.error()}>
          <p class="notice error" role="alert">
            {connection.error()}
          </p>
        </Show>
        <Show when={ui.saveRefused() === props.tab.id}>
          <p class="notice error" role="alert">
            {messages.saveRefused}
          </p>
        </Show>
        <Show when={send.sendMode() === 'direct'}>
          <p class="notice direct-mode" role="note">
            {sseUi.directNote}
          </p>
        </Show>
      </section>
      <RequestEditor
        tab={props.tab}
        sections={['params', 'headers', 'auth', 'scripts', 'description']}
        onSend={toggle}
        below={<EventList connection={connection} />}
      />
    </>
  )
}
