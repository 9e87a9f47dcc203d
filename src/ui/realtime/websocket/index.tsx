/**
 * The WebSocket request area (a lazy chunk, shown instead of the HTTP editor for kind
 * `websocket`): URL with `Connect` / `Disconnect`, the connection state and time, the sections
 * (message composer, params, headers, cookies, auth, script) and the message log.
 */
import { createSignal, Match, onCleanup, Show, Switch } from 'solid-js'
import type { TabState } from '../../../model/workspace/api.ts'
import { paramRowsForTable, paramRowsFromTable } from '../../../model/param-text.ts'
import { urlFromParams } from '../../../model/url-params.ts'
import { TabList } from '../../dialogs/tab-list.tsx'
import { messages } from '../../messages.ts'
import type { ShellParts } from '../parts.ts'
import { useStore } from '../../store/context.tsx'
import { MessageLog } from '../message-log.tsx'
import { realtimeMessages as m } from '../messages-realtime.ts'
import { Composer } from './composer.tsx'
import { sessionFor } from './session.ts'
import '../realtime.css'

type Section = 'message' | 'params' | 'headers' | 'cookies' | 'auth' | 'scripts'
const SECTIONS: { id: Section; label: string }[] = [
  { id: 'message', label: m.message },
  { id: 'params', label: messages.params },
  { id: 'headers', label: messages.headers },
  { id: 'cookies', label: messages.cookies },
  { id: 'auth', label: messages.authorization },
  { id: 'scripts', label: messages.scripts },
]

function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`
}

/** `parts`: the shell's request editor pieces, handed in so this chunk does not re-split them. */
export default function WebSocketEditor(props: { tab: TabState; parts: ShellParts }) {
  const store = useStore()
  const { AuthTab, KvTable, ScriptTab, UrlField, urlEdit } = props.parts
  const session = sessionFor(props.tab.id)
  const [section, setSection] = createSignal<Section>('message')
  const [now, setNow] = createSignal(Date.now())
  const timer = setInterval(() => setNow(Date.now()), 1000)
  onCleanup(() => clearInterval(timer))
  const edit = store.editDraft.bind(null, props.tab.id)

  const connect = () =>
    void session.connect({
      build: (open) => store.connect(props.tab.id, open),
      record: (summary) => store.recordConnection(props.tab.id, summary),
    })
  const toggle = () => (session.state() === 'idle' ? connect() : session.disconnect())

  return (
    <div class="request-editor ws-editor">
      <div class="url-bar">
        <span class="kind-badge kind-websocket" aria-hidden="true">
          WS
        </span>
        <UrlField
          value={props.tab.draft.url}
          onInput={(url) => edit(urlEdit(props.tab, url))}
          onSend={() => session.state() === 'idle' && connect()}
          onPaste={() => false}
          resolve={(variable) => {
            store.workspaceVersion()
            store.deviceVersion()
            return store.lookupVariable(props.tab.id, variable)
          }}
        />
        <button
          type="button"
          class="button primary ws-connect"
          disabled={session.state() === 'connecting'}
          onClick={toggle}
        >
          {session.state() === 'idle'
            ? m.connect
            : session.state() === 'connecting'
              ? m.connecting
              : m.disconnect}
        </button>
      </div>
      <p class="muted ws-state" role="status">
        {session.state() === 'open'
          ? m.connected(elapsed(now() - session.openedAt()))
          : session.state() === 'connecting'
            ? m.connecting
            : m.disconnected}
      </p>
      <Show when={session.problem()}>
        <p class="notice error" role="alert">
          {session.problem()}
        </p>
      </Show>
      <Show when={store.sendMode() === 'direct'}>
        <p class="notice direct-mode" role="note">
          {session.dropped()?.length ? m.directHeaders(session.dropped()!) : m.directPlain}
        </p>
      </Show>
      <TabList
        label={messages.requestSections}
        items={SECTIONS}
        selected={section()}
        onSelect={setSection}
        class="section-tabs"
        tabClass="section-tab"
        idPrefix="ws-section"
      />
      <div class="section-panel" role="tabpanel" aria-labelledby={`ws-section-${section()}`}>
        <Switch>
          <Match when={section() === 'message'}>
            <Composer
              settings={props.tab.draft.websocket}
              onChange={(websocket) => edit({ websocket })}
              send={(data) => session.send(data)}
            />
          </Match>
          <Match when={section() === 'params'}>
            <KvTable
              label={messages.params}
              rows={paramRowsForTable(props.tab.draft.params)}
              onChange={(shown) => {
                const params = paramRowsFromTable(shown, props.tab.draft.params)
                edit({ params, url: urlFromParams(props.tab.draft.url, params) })
              }}
            />
          </Match>
          <Match when={section() === 'headers'}>
            <KvTable
              label={messages.headers}
              rows={props.tab.draft.headers}
              onChange={(headers) => edit({ headers })}
            />
          </Match>
          <Match when={section() === 'cookies'}>
            <KvTable
              label={messages.cookies}
              rows={props.tab.draft.cookies}
              onChange={(cookies) => edit({ cookies })}
            />
          </Match>
          <Match when={section() === 'auth'}>
            <AuthTab tab={props.tab} onChange={(auth) => edit({ auth })} />
          </Match>
          <Match when={section() === 'scripts'}>
            <ScriptTab
              scripts={props.tab.draft.scripts}
              onChange={(scripts) => edit({ scripts })}
              onSend={connect}
            />
          </Match>
        </Switch>
      </div>
      <MessageLog log={session.log} />
    </div>
  )
}
