/**
 * Status with its reason text, the protocol (`HTTP/1.1`, `HTTP/2`), time and total size. The size opens a breakdown of headers and
 * body for the response and the request on hover, on focus and on tap (tablets have no hover).
 */
import { createSignal, Show, type JSX } from 'solid-js'
import { formatSize } from '../../model/response/format.ts'
import type { WireSizes } from '../../model/wire.ts'
import { messages } from '../messages.ts'

export function StatusBar(props: {
  status: number
  statusText: string
  /** `1.1`, `2`: shown as the protocol (`HTTP/2`); `''`: the browser did not tell (direct mode). */
  httpVersion?: string
  timeMs: number
  sizes: WireSizes
  children?: JSX.Element
}) {
  const [open, setOpen] = createSignal(false)
  const total = () => props.sizes.responseHeaders + props.sizes.responseBody
  const tone = () =>
    props.status >= 400 ? 'status-error' : props.status >= 300 ? 'status-redirect' : 'status-ok'
  return (
    <div class="status-bar">
      <span class={`status ${tone()}`} aria-label={messages.status}>
        {`${props.status} ${props.statusText}`.trimEnd()}
      </span>
      <Show when={props.httpVersion !== undefined}>
        <span
          class="muted"
          aria-label={messages.protocol}
          title={props.httpVersion ? undefined : messages.protocolUnknownHint}
        >
          {props.httpVersion ? `HTTP/${props.httpVersion}` : messages.protocolUnknown}
        </span>
      </Show>
      <span class="muted" aria-label={messages.time}>
        {Math.round(props.timeMs)} ms
      </span>
      <span class="size-info" onMouseEnter={() => setOpen(true)} onMouseLeave={() => setOpen(false)}>
        <button
          type="button"
          class="size-button"
          aria-label={`${messages.size}: ${formatSize(total())}`}
          aria-expanded={open()}
          onClick={() => setOpen(true)}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
        >
          {formatSize(total())}
        </button>
        <Show when={open()}>
          <div class="size-popover" role="tooltip" aria-label={messages.sizeBreakdown}>
            <SizeRows
              title={messages.responseSize}
              headers={props.sizes.responseHeaders}
              body={props.sizes.responseBody}
            />
            <SizeRows
              title={messages.requestSize}
              headers={props.sizes.requestHeaders}
              body={props.sizes.requestBody}
            />
          </div>
        </Show>
      </span>
      {props.children}
    </div>
  )
}

function SizeRows(props: { title: string; headers: number; body: number }) {
  return (
    <dl class="size-rows">
      <dt class="size-title">
        {props.title} {formatSize(props.headers + props.body)}
      </dt>
      <dd>
        {messages.sizeHeaders}: {formatSize(props.headers)}
      </dd>
      <dd>
        {messages.sizeBody}: {formatSize(props.body)}
      </dd>
    </dl>
  )
}
