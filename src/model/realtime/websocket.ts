/**
 * A WebSocket request's own data (kind `websocket`): the message being composed and the messages
 * saved with the request for re-sending. URL, params, headers, auth and scripts are the request's
 * usual fields; the method and body are unused.
 */
/** How the composer's text is read: as is, as JSON (validated), or as bytes written in hex/base64. */
export const MESSAGE_FORMATS = ['text', 'json', 'hex', 'base64'] as const
export type MessageFormat = (typeof MESSAGE_FORMATS)[number]

export interface ComposedMessage {
  format: MessageFormat
  text: string
}

export interface SavedMessage extends ComposedMessage {
  id: string
  name: string
}

export interface WebSocketSettings {
  message: ComposedMessage
  saved: SavedMessage[]
}

export function makeWebSocketSettings(fields: Partial<WebSocketSettings> = {}): WebSocketSettings {
  return { message: { format: 'text', text: '' }, saved: [], ...fields }
}
