/**
 * The running side of a gRPC tab: the call's buttons, why nothing was sent, the status, the
 * message stream (the generic virtualised log, ../message-log.tsx), response metadata and trailers.
 */
import { For, Show } from 'solid-js'
import type { MetadataPairs } from '../../../runtime/realtime/grpc/protocol.ts'
import { messages } from '../../messages.ts'
import { MessageLog } from '../message-log.tsx'
import type { GrpcSession } from './session.ts'
import { grpcMessages as m } from './messages.ts'

export function CallView(props: {
  call: GrpcSession
  streamsIn: boolean
  /** The message editor's problem, if any: a stream's `Send message` waits for it to be fixed. */
  problem: string
  invoke: () => void
  sendMessage: () => void
}) {
  const call = () => props.call
  return (
    <>
      <div class="grpc-row grpc-actions">
        <Show
          when={call().running()}
          fallback={
            <button type="button" class="button primary" onClick={() => props.invoke()}>
              {props.streamsIn ? m.start : m.invoke}
            </button>
          }
        >
          <Show when={call().state() === 'preparing'}>
            <span class="muted" role="status">
              {messages.preRequestRunning}
            </span>
          </Show>
          <Show when={props.streamsIn && call().state() === 'running'}>
            <button
              type="button"
              class="button primary"
              disabled={!!props.problem}
              onClick={() => props.sendMessage()}
            >
              {m.sendMessage}
            </button>
            <button type="button" class="button" onClick={() => call().end()}>
              {m.endStream}
            </button>
          </Show>
          <button type="button" class="button" onClick={() => call().cancel()}>
            {m.cancel}
          </button>
        </Show>
      </div>
      <Show when={call().notSent()}>
        {(reason) => (
          <div class="notice error grpc-not-sent" role="alert">
            <strong>{messages.requestNotSent}</strong>
            <p>{reason()}</p>
            <p class="muted">{messages.nothingSent}</p>
          </div>
        )}
      </Show>
      <Show when={call().error()}>
        <p class="form-error grpc-error" role="alert">
          {call().error()}
        </p>
      </Show>
      <Show when={call().status()}>
        {(status) => (
          <p class="grpc-status" aria-label={m.status} data-ok={status().code === 0}>
            {`${status().code} ${status().name}`}
            <Show
              when={status().details && status().details !== status().name}
            >{` · ${status().details}`}</Show>
          </p>
        )}
      </Show>
      <MessageLog log={call().log} label={m.stream} />
      <MetadataList label={m.responseMetadata} pairs={call().headers()} />
      <MetadataList label={m.trailers} pairs={call().trailers()} />
    </>
  )
}

export function MetadataList(props: { label: string; pairs: MetadataPairs }) {
  return (
    <Show when={props.pairs.length > 0}>
      <section class="grpc-pairs" aria-label={props.label}>
        <h3>{props.label}</h3>
        <dl>
          <For each={props.pairs}>
            {([key, value]) => (
              <>
                <dt>{key}</dt>
                <dd>{value}</dd>
              </>
            )}
          </For>
        </dl>
      </section>
    </Show>
  )
}
