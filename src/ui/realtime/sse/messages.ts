/** The Server-Sent Events request's labels (spec: the kind is `Server-Sent Events`). */
export const sseUi = {
  connect: 'Connect',
  disconnect: 'Disconnect',
  clear: 'Clear',
  events: 'Events',
  eventList: 'Server-Sent Events',
  noEvents: 'Connect to see the events the server sends.',
  time: 'Time',
  event: 'Event',
  id: 'ID',
  data: 'Data',
  state: { connecting: 'Connecting…', open: 'Connected', waiting: 'Reconnecting…', closed: 'Not connected' },
  count: (n: number) => `${n} ${n === 1 ? 'event' : 'events'}`,
  connected: (status: number) => `Connected (${status})`,
  reconnect: (delayMs: number, lastEventId: string) =>
    `Reconnecting in ${delayMs} ms${lastEventId ? ` with Last-Event-ID: ${lastEventId}` : ''}`,
  hidden: (n: number) =>
    `${n} older ${n === 1 ? 'entry is' : 'entries are'} not shown (the list keeps the newest ones).`,
  directNote:
    'No relay: the page connects with its own fetch, so CORS applies and headers such as Cookie and User-Agent cannot be sent.',
}
