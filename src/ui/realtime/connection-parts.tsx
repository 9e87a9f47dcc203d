/**
 * What the connection kinds' sessions and editors share (WebSocket, Socket.IO): the log's info
 * line, the hand-over out of the send pipeline, the headers not worth a direct-mode warning, and
 * the bar above the sections (URL with `Connect` / `Disconnect`, the state, the problem, the
 * direct-mode caveat).
 */
import { Show, type JSX } from 'solid-js'
import type { TabState } from '../../model/workspace/api.ts'
import type { LogEntry } from './log-model.ts'
import type { ShellParts } from './parts.ts'

/** A line of the log that is neither sent nor received: opened, closed, a failure. */
export function infoEntry(text: string, error = false): LogEntry {
  return { direction: 'info', time: Date.now(), size: 0, text, ...(error ? { error } : {}) }
}

/**
 * Thrown by a connection's `open` once it has taken over: the send pipeline (store.connect) stops
 * there without a response of its own.
 */
export class HandedOver extends Error {}

/** Headers the pipeline adds by default: not worth a warning when direct mode cannot send them. */
export const DEFAULT_HEADERS = new Set(['user-agent', 'accept', 'accept-encoding', 'cache-control'])

export type ConnectionState = 'idle' | 'connecting' | 'open'

export function ConnectionBar(props: {
  tab: TabState
  UrlField: ShellParts['UrlField']
  /** Shown before the URL (`WS`). */
  badge?: JSX.Element
  /** The kind's own class names for the button and the state line. */
  buttonClass: string
  stateClass: string
  state: ConnectionState
  labels: { connect: string; connecting: string; disconnect: string }
  /** Whether the button is disabled while connecting (its label then says so). */
  waitWhileConnecting?: boolean
  status: string
  problem: string | null
  /** The direct-mode caveat, or null through the relay. */
  note: string | null
  connect(): void
  disconnect(): void
}) {
  const { UrlField } = props
  const label = () =>
    props.state === 'idle'
      ? props.labels.connect
      : props.state === 'connecting' && props.waitWhileConnecting
        ? props.labels.connecting
        : props.labels.disconnect
  return (
    <>
      <div class="url-bar">
        {props.badge}
        <UrlField tab={props.tab} onSend={() => props.state === 'idle' && props.connect()} />
        <button
          type="button"
          class={`button primary ${props.buttonClass}`}
          disabled={props.waitWhileConnecting && props.state === 'connecting'}
          onClick={() => (props.state === 'idle' ? props.connect() : props.disconnect())}
        >
          {label()}
        </button>
      </div>
      <p class={`muted ${props.stateClass}`} role="status">
        {props.status}
      </p>
      <Show when={props.problem}>
        <p class="notice error" role="alert">
          {props.problem}
        </p>
      </Show>
      <Show when={props.note}>
        <p class="notice direct-mode" role="note">
          {props.note}
        </p>
      </Show>
    </>
  )
}
