/** The Socket.IO request's labels (loaded with its editor's chunk, never by the shell). */
export const socketIoMessages = {
  connect: 'Connect',
  disconnect: 'Disconnect',
  connecting: 'Connecting…',
  connected: (id: string) => `Connected (${id})`,
  disconnected: 'Not connected',
  settings: 'Settings',
  path: 'Path',
  namespace: 'Namespace',
  version: 'Client version',
  authPayload: 'Auth payload',
  authPlaceholder: '{"token": "…"}',
  events: 'Events',
  eventsHint: 'Events to listen to, one per line; all events are shown when empty.',
  emit: 'Emit',
  eventName: 'Event',
  args: 'Arguments (JSON)',
  ack: 'Acknowledgement',
  notConnected: 'Not connected: Connect first.',
  noEvent: 'Name the event to emit.',
  opened: (url: string, id: string) => `Connected to ${url} (${id})`,
  reconnecting: (attempt: number) => `Reconnecting (attempt ${attempt})`,
  closed: (reason: string, byClient: boolean) =>
    byClient ? `Disconnected (${reason})` : `Connection closed: ${reason}`,
  failed: (message: string) => `Could not connect: ${message}`,
  ackReply: (event: string) => `ack ${event}`,
  ackFailed: (event: string, message: string) => `No acknowledgement for ${event}: ${message}`,
  directPlain:
    'Without the relay the page connects to the server itself: CORS applies, and no cookies, proxy or client certificates.',
  directHeaders: (names: string[]) =>
    `Without the relay the page connects to the server itself: CORS applies, and ${names.join(', ')} go only with HTTP polling, not over the WebSocket.`,
}
