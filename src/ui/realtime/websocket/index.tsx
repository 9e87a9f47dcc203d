/**
 * The WebSocket request area (a lazy chunk, shown instead of the HTTP editor for kind
 * `websocket`): the shell's request editor with the URL and `Connect` / `Disconnect`, the
 * connection state and time above its sections, a `Message` section (the composer) before Params,
 * Headers, Cookies, `Autorisierung` and `Skript`, and the message log below.
 */
import { createSignal, onCleanup } from 'solid-js'
import type { TabState } from '../../../model/workspace/api.ts'
import type { ShellParts } from '../parts.ts'
import { useStore } from '../../store/context.tsx'
import { ConnectionBar } from '../connection-parts.tsx'
import { MessageLog } from '../message-log.tsx'
import { realtimeMessages as m } from '../messages-realtime.ts'
import { Composer } from './composer.tsx'
import { websocketSession } from './session.ts'
import '../realtime.css'

function elapsed(ms: number): string {
  const s = Math.max(0, Math.floor(ms / 1000))
  const two = (n: number) => String(n).padStart(2, '0')
  return `${two(Math.floor(s / 3600))}:${two(Math.floor(s / 60) % 60)}:${two(s % 60)}`
}

/** `parts`: the shell's request editor pieces, handed in so this chunk does not re-split them. */
export default function WebSocketEditor(props: { tab: TabState; parts: ShellParts }) {
  const store = useStore()
  const { tabs, send } = store
  const { RequestEditor, RequestHeader, UrlField } = props.parts
  const session = websocketSession(store, props.tab.id)
  const [now, setNow] = createSignal(Date.now())
  const timer = setInterval(() => setNow(Date.now()), 1000)
  onCleanup(() => clearInterval(timer))
  const edit = tabs.editDraft.bind(null, props.tab.id)

  const connect = () => void session.connect()
  const message = {
    id: 'message',
    label: m.message,
    render: () => (
      <Composer
        settings={props.tab.draft.websocket}
        onChange={(websocket) => edit({ websocket })}
        send={(data) => session.send(data)}
      />
    ),
  }

  const connection = (
    <ConnectionBar
      tab={props.tab}
      UrlField={UrlField}
      badge={
        <span class="kind-badge kind-websocket" aria-hidden="true">
          WS
        </span>
      }
      buttonClass="ws-connect"
      stateClass="ws-state"
      state={session.state()}
      labels={m}
      waitWhileConnecting
      status={
        session.state() === 'open'
          ? m.connected(elapsed(now() - session.openedAt()))
          : session.state() === 'connecting'
            ? m.connecting
            : m.disconnected
      }
      problem={session.problem()}
      note={
        send.sendMode() !== 'direct'
          ? null
          : session.dropped()?.length
            ? m.directHeaders(session.dropped()!)
            : m.directPlain
      }
      connect={connect}
      disconnect={() => session.disconnect()}
    />
  )

  return (
    <>
      <RequestHeader tab={props.tab} />
      <RequestEditor
        tab={props.tab}
        class="ws-editor"
        above={connection}
        extraSections={[message]}
        sections={['params', 'headers', 'cookies', 'auth', 'scripts', 'description']}
        onSend={connect}
        below={<MessageLog log={session.log} />}
      />
    </>
  )
}
