/** The Server-Sent Events request's labels (spec: the kind is `Server-Sent Events`). */
export const sseUi = {
  connect: 'Connect',
  disconnect: 'Disconnect',
  events: 'Events',
  eventList: 'Server-Sent Events',
  noEvents: 'Connect to see the events the server sends.',
  state: { connecting: 'Connecting…', open: 'Connected', waiting: 'Reconnecting…', closed: 'Not connected' },
  count: (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`,
  connected: (status: number) => `Connected (${status})`,
  reconnect: (delayMs: number, lastEventId: string) =>
    `Reconnecting in ${delayMs} ms${lastEventId ? ` with Last-Event-ID: ${lastEventId}` : ''}`,
  /** The log's own count: every row (events, connects, reconnects), or those the filter keeps. */
  rows: (shown: number, total: number) =>
    shown === total
      ? `${total} ${total === 1 ? 'entry' : 'entries'}`
      : `${shown} of ${total} ${total === 1 ? 'entry' : 'entries'}`,
  directNote:
    'No relay: the page connects with its own fetch, so CORS applies and headers such as Cookie and User-Agent cannot be sent.',
}
