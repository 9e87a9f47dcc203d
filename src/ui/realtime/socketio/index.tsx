/**
 * The Socket.IO request area (a lazy chunk): the shell's header and request editor, the URL with
 * `Connect` / `Disconnect` and the state above its sections; `Emit`, `Events` and `Settings` (path,
 * namespace, client version, auth payload) before Params (the query), Headers, `Autorisierung`
 * and `Skript`; the shared message log below (direction, event, arguments, time).
 */
import { createSignal, For, Show } from 'solid-js'
import {
  makeSocketIoSettings,
  parseEmitArgs,
  SOCKETIO_VERSIONS,
  type SocketIoSettings,
} from '../../../model/realtime/socketio.ts'
import type { TabState } from '../../../model/workspace/api.ts'
import { useStore } from '../../store/context.tsx'
import { ConnectionBar } from '../connection-parts.tsx'
import { MessageLog } from '../message-log.tsx'
import type { ShellParts } from '../parts.ts'
import { socketIoMessages as m } from './messages.ts'
import { socketioSession } from './session.ts'
import '../realtime.css'

export default function SocketIoEditor(props: { tab: TabState; parts: ShellParts }) {
  const store = useStore()
  const { RequestEditor, RequestHeader, UrlField } = props.parts
  const session = socketioSession(store, props.tab.id)
  const spec = () => props.tab.draft.socketio ?? makeSocketIoSettings()
  const edit = (patch: Partial<SocketIoSettings>) =>
    store.tabs.editDraft(props.tab.id, { socketio: { ...spec(), ...patch } })
  const [emitProblem, setEmitProblem] = createSignal<string | null>(null)
  const connect = () => void session.connect()

  const emit = () => {
    const { event, args, ack } = spec().emit
    if (event.trim() === '') return setEmitProblem(m.noEvent)
    const parsed = parseEmitArgs(args)
    if (!parsed.ok) return setEmitProblem(parsed.problem)
    setEmitProblem(null)
    session.emit(event.trim(), parsed.value, ack)
  }

  const field = (label: string, value: () => string, set: (v: string) => void, placeholder = '') => (
    <label class="field">
      <span>{label}</span>
      <input
        class="input"
        value={value()}
        placeholder={placeholder}
        onInput={(e) => set(e.currentTarget.value)}
      />
    </label>
  )

  const emitSection = {
    id: 'emit',
    label: m.emit,
    render: () => (
      <div class="sio-emit">
        {field(
          m.eventName,
          () => spec().emit.event,
          (event) => edit({ emit: { ...spec().emit, event } }),
        )}
        <label class="field">
          <span>{m.args}</span>
          <textarea
            class="input"
            rows={4}
            value={spec().emit.args}
            onInput={(e) => edit({ emit: { ...spec().emit, args: e.currentTarget.value } })}
          />
        </label>
        <label>
          <input
            type="checkbox"
            checked={spec().emit.ack}
            onChange={(e) => edit({ emit: { ...spec().emit, ack: e.currentTarget.checked } })}
          />{' '}
          {m.ack}
        </label>
        <button type="button" class="button primary" onClick={emit}>
          {m.emit}
        </button>
        <Show when={emitProblem()}>
          <p class="notice error" role="alert">
            {emitProblem()}
          </p>
        </Show>
      </div>
    ),
  }
  const eventsSection = {
    id: 'events',
    label: m.events,
    render: () => (
      <label class="field">
        <span class="muted">{m.eventsHint}</span>
        <textarea
          class="input"
          rows={4}
          aria-label={m.events}
          value={spec().events.join('\n')}
          onInput={(e) =>
            edit({
              events: e.currentTarget.value
                .split('\n')
                .map((line) => line.trim())
                .filter((line) => line !== ''),
            })
          }
        />
      </label>
    ),
  }
  const settingsSection = {
    id: 'sio-settings',
    label: m.settings,
    render: () => (
      <div class="sio-settings">
        {field(
          m.path,
          () => spec().path,
          (path) => edit({ path }),
          '/socket.io',
        )}
        {field(
          m.namespace,
          () => spec().namespace,
          (namespace) => edit({ namespace }),
          '/',
        )}
        <label class="field">
          <span>{m.version}</span>
          <select
            class="input"
            value={spec().version}
            onChange={(e) => edit({ version: e.currentTarget.value as SocketIoSettings['version'] })}
          >
            <For each={SOCKETIO_VERSIONS}>{(version) => <option value={version}>{version}</option>}</For>
          </select>
        </label>
        <label class="field">
          <span>{m.authPayload}</span>
          <textarea
            class="input"
            rows={3}
            placeholder={m.authPlaceholder}
            value={spec().auth}
            onInput={(e) => edit({ auth: e.currentTarget.value })}
          />
        </label>
      </div>
    ),
  }

  const connection = (
    <ConnectionBar
      tab={props.tab}
      UrlField={UrlField}
      buttonClass="sio-connect"
      stateClass="sio-state"
      state={session.state()}
      labels={m}
      status={
        session.state() === 'open'
          ? m.connected(session.socketId())
          : session.state() === 'connecting'
            ? m.connecting
            : m.disconnected
      }
      problem={session.problem()}
      note={
        store.send.sendMode() !== 'direct'
          ? null
          : session.pollingOnly().length
            ? m.directHeaders(session.pollingOnly())
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
        extraSections={[emitSection, eventsSection, settingsSection]}
        sections={['params', 'headers', 'auth', 'scripts', 'description']}
        onSend={connect}
        below={<MessageLog log={session.log} named jsonFirst />}
      />
    </>
  )
}
