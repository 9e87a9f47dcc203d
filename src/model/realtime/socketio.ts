/**
 * A Socket.IO request's own settings (kind `socketio`): the engine's path, the namespace, the
 * client protocol version, the auth payload (JSON), the events listened to (all when none) and the
 * message being composed for `Emit`. URL, query (Params), headers, auth and scripts are the
 * request's, as for WebSocket.
 */
export const SOCKETIO_VERSIONS = ['v2', 'v3', 'v4'] as const
export type SocketIoVersion = (typeof SOCKETIO_VERSIONS)[number]

export interface SocketIoEmit {
  event: string
  /** The arguments as a JSON array (one value stands for one argument). */
  args: string
  /** Ask for an acknowledgement; its reply is shown. */
  ack: boolean
}

export interface SocketIoSettings {
  path: string
  namespace: string
  version: SocketIoVersion
  /** JSON object sent as the handshake's auth payload; blank: none. */
  auth: string
  events: string[]
  emit: SocketIoEmit
}

export function makeSocketIoSettings(fields: Partial<SocketIoSettings> = {}): SocketIoSettings {
  return {
    path: '/socket.io',
    namespace: '/',
    version: 'v4',
    auth: '',
    events: [],
    emit: { event: '', args: '[]', ack: false },
    ...fields,
  }
}

export type Parsed<T> = { ok: true; value: T } | { ok: false; problem: string }

/** `Emit`'s arguments: a JSON array is the list; any other JSON value is one argument; blank is none. */
export function parseEmitArgs(text: string): Parsed<unknown[]> {
  if (text.trim() === '') return { ok: true, value: [] }
  try {
    const value: unknown = JSON.parse(text)
    return { ok: true, value: Array.isArray(value) ? value : [value] }
  } catch (error) {
    return { ok: false, problem: `Arguments are not JSON: ${(error as Error).message}` }
  }
}

/** The auth payload: blank is none; otherwise a JSON object. */
export function parseAuth(text: string): Parsed<Record<string, unknown> | undefined> {
  if (text.trim() === '') return { ok: true, value: undefined }
  try {
    const value: unknown = JSON.parse(text)
    if (value === null || typeof value !== 'object' || Array.isArray(value))
      return { ok: false, problem: 'Auth payload must be a JSON object, like {"token": "…"}' }
    return { ok: true, value: value as Record<string, unknown> }
  } catch (error) {
    return { ok: false, problem: `Auth payload is not JSON: ${(error as Error).message}` }
  }
}

/** A namespace as Socket.IO names it: `/` or `/chat` (a missing leading slash is added). */
export function normalNamespace(namespace: string): string {
  const trimmed = namespace.trim()
  if (trimmed === '' || trimmed === '/') return '/'
  return trimmed.startsWith('/') ? trimmed : `/${trimmed}`
}

/**
 * The URL the client connects to: http(s) (ws(s) is read as http(s)), the namespace as its path;
 * the query stays. A URL of another scheme is a problem named.
 */
export function socketIoUrl(url: string, namespace: string): Parsed<string> {
  let parsed: URL
  try {
    parsed = new URL(url.trim().replace(/^ws(s?):/i, 'http$1:'))
  } catch {
    return { ok: false, problem: `Not a URL: ${url}` }
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    return {
      ok: false,
      problem: `A Socket.IO URL starts with http://, https://, ws:// or wss:// (got ${parsed.protocol})`,
    }
  const ns = normalNamespace(namespace)
  parsed.pathname = ns === '/' && parsed.pathname !== '/' ? parsed.pathname : ns
  return { ok: true, value: parsed.toString() }
}
