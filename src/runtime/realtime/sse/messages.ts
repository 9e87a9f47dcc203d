/** What a Server-Sent Events connection says in its event list (shared by the app and the CLI). */

export const sseMessages = {
  disconnected: 'Disconnected',
  streamEnded: 'The server ended the stream',
  streamLost: (message: string) => `The stream was cut: ${message}`,
  badStatus: (status: number, text: string) =>
    status === 204
      ? 'The server answered 204 No Content: it asks not to reconnect'
      : `The server answered ${status}${text ? ` ${text}` : ''}, not an event stream (expected 200)`,
  wrongType: (type: string) =>
    `The server answered with ${type ? `Content-Type ${type}` : 'no Content-Type'}, not text/event-stream`,
  notSent: (error: string) => `Not connected: ${error}`,
  /** A CORS refusal in direct mode already says so in the transport's message. */
  failed: (error: string) => `Could not connect: ${error}`,
}
