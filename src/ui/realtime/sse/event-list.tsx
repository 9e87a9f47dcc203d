/**
 * The live list of a connection on the generic virtualised message log: each event with its name,
 * id, data (pretty-printed when JSON, once opened), time; connects, reconnects with their delay,
 * errors. It keeps every entry; the count above says how many events came since `Clear`.
 */
import { MessageLog } from '../message-log.tsx'
import type { SseSession } from './session.ts'
import { sseUi } from './messages.ts'

export function EventList(props: { connection: SseSession }) {
  return (
    <div class="sse-log">
      <p class="muted sse-log-bar" aria-live="polite">
        {sseUi.events}: <span data-testid="sse-count">{sseUi.count(props.connection.received())}</span>
      </p>
      <MessageLog
        log={props.connection.log}
        label={sseUi.eventList}
        directions={['received', 'info']}
        empty={sseUi.noEvents}
        count={sseUi.rows}
        onClear={() => props.connection.clear()}
        jsonFirst
        named
      />
    </div>
  )
}
