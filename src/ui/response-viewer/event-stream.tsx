/**
 * A running event stream, event by event as it arrives. A stream can be read once, so what was
 * read is kept per response: switching tabs and back shows the same events and keeps reading.
 */
import { createSignal, For, Show, type Accessor } from 'solid-js'
import { EventStreamParser, type StreamEvent } from '../../model/response/sse.ts'
import type { WireResponse } from '../../model/wire.ts'
import { messages } from '../messages.ts'

interface StreamState {
  events: Accessor<(StreamEvent & { at: string })[]>
  ended: Accessor<boolean>
  stop(): void
}

const streams = new WeakMap<WireResponse, StreamState>()

function readStream(response: WireResponse): StreamState {
  const known = streams.get(response)
  if (known) return known
  const [events, setEvents] = createSignal<(StreamEvent & { at: string })[]>([])
  const [ended, setEnded] = createSignal(!response.bodyStream)
  const parser = new EventStreamParser()
  const decoder = new TextDecoder()
  const reader = response.bodyStream?.getReader()
  const add = (text: string) => {
    const parsed = parser.push(text)
    if (parsed.length === 0) return
    const at = new Date().toLocaleTimeString('en-GB', { hour12: false })
    setEvents((list) => [...list, ...parsed.map((e) => ({ ...e, at }))])
  }
  if (!reader) add(decoder.decode(response.body) + '\n\n')
  else {
    void (async () => {
      try {
        for (;;) {
          const { done, value } = await reader.read()
          if (done) break
          add(decoder.decode(value, { stream: true }))
        }
      } catch {
        // Cancelled or the connection dropped: the events read so far stay.
      }
      setEnded(true)
    })()
  }
  const state = { events, ended, stop: () => void reader?.cancel().catch(() => {}) }
  streams.set(response, state)
  return state
}

/** Stops reading a response's stream (a new send or a closed tab). */
export function stopEventStream(response: WireResponse): void {
  streams.get(response)?.stop()
}

export function EventStreamView(props: { response: WireResponse }) {
  const state = readStream(props.response)
  let list!: HTMLDivElement
  const scrollToEnd = () => queueMicrotask(() => list && (list.scrollTop = list.scrollHeight))
  return (
    <div class="event-stream">
      <p class="muted" aria-live="polite">
        <Show when={state.ended()} fallback={messages.streamRunning}>
          {messages.streamEnded(state.events().length)}
        </Show>
      </p>
      <div class="tab-panel-scroll" ref={list}>
        <table class="data-table" aria-label={messages.eventStream}>
          <thead>
            <tr>
              <th scope="col">{messages.eventTime}</th>
              <th scope="col">{messages.eventId}</th>
              <th scope="col">{messages.eventType}</th>
              <th scope="col">{messages.eventData}</th>
            </tr>
          </thead>
          <tbody>
            <For each={state.events()}>
              {(event) => {
                scrollToEnd()
                return (
                  <tr>
                    <td class="mono">{event.at}</td>
                    <td class="mono">{event.id}</td>
                    <td class="mono">{event.event}</td>
                    <td class="mono wrap">{event.data}</td>
                  </tr>
                )
              }}
            </For>
          </tbody>
        </table>
      </div>
    </div>
  )
}
