/**
 * Command-line flags and environment variables of the sync-server. A flag wins over its
 * variable; anything malformed becomes a StartupError with one line saying what to change.
 */
import path from 'node:path'

export class StartupError extends Error {
  override name = 'StartupError'
}

export interface Limits {
  /** Largest request body the relay accepts from the app (it is buffered). */
  maxRequestBytes: number
  /** Largest upstream response body the relay passes through; 0 = unlimited. */
  maxResponseBytes: number
  /** Longest a relayed exchange may take, event streams included; 0 = unlimited. */
  maxRelayMs: number
  /** Largest WebSocket message on /sync. */
  maxSyncMessageBytes: number
  /** Rooms (workspaces) one process holds open at once. */
  maxRooms: number
  /** Connections to one room on one process. */
  maxConnectionsPerRoom: number
  /** Longest a client may take to send a request's headers (slowloris). */
  headerTimeoutMs: number
  /** Longest a connection may stay silent (half-open sockets); a relayed exchange has its own limit. */
  idleTimeoutMs: number
  /** Open connections one client address may hold at once. */
  maxConnectionsPerClient: number
  /** Collection runs the relay runs at once (`POST /relay/run`); 0: none, the app runs them itself. */
  maxRuns: number
  /** Requests one run on the relay may send (setNextRequest can loop); a run lasts at most maxRelayMs. */
  maxRunRequests: number
}

export interface Config {
  host: string
  port: number
  dataDir: string
  distDir: string
  /** Access token given by the operator; otherwise one is generated in the data directory. */
  token?: string
  /** Extra origins under which this server is reached (reverse proxy, LAN name). */
  publicUrls: string[]
  /** Other origins whose pages may call /relay and /sync (with the token). */
  allowOrigins: string[]
  limits: Limits
  build: boolean
  /** Rooms, their updates and the share links live in this Redis (several processes), else LevelDB. */
  redisUrl?: string
  /** Every workspace room is mirrored into a git repository under this folder. */
  gitDir?: string
  /**
   * A workspace room held as one document is split into a root and one room per collection when
   * it is first loaded (docs/collection-docs.md). On by default; `--no-split-rooms` (or
   * `SENDBOX_SPLIT_ROOMS=0`) keeps one-doc rooms whole, for apps that still open a workspace as one doc.
   */
  splitRooms: boolean
}

export const DEFAULT_PORT = 4318
export const MIN_TOKEN_LENGTH = 32

interface Option {
  flag: string
  env: string
  value: string
  help: string
}

export const OPTIONS: Option[] = [
  { flag: '--host', env: 'SENDBOX_HOST', value: '<address>', help: 'address to listen on (127.0.0.1)' },
  { flag: '--port', env: 'SENDBOX_PORT', value: '<n>', help: `port to listen on (${DEFAULT_PORT})` },
  { flag: '--data', env: 'SENDBOX_DATA', value: '<dir>', help: 'data directory (./data)' },
  { flag: '--dist', env: 'SENDBOX_DIST', value: '<dir>', help: 'built app to serve (./dist)' },
  { flag: '--token', env: 'SENDBOX_TOKEN', value: '<token>', help: 'access token, at least 32 characters' },
  { flag: '--public-url', env: 'SENDBOX_PUBLIC_URL', value: '<urls>', help: 'comma-separated own origins' },
  { flag: '--allow-origin', env: 'SENDBOX_ALLOW_ORIGIN', value: '<urls>', help: 'comma-separated origins' },
  { flag: '--max-request-bytes', env: 'SENDBOX_MAX_REQUEST_BYTES', value: '<n>', help: '(67108864)' },
  { flag: '--max-response-bytes', env: 'SENDBOX_MAX_RESPONSE_BYTES', value: '<n>', help: '(1073741824)' },
  { flag: '--max-relay-ms', env: 'SENDBOX_MAX_RELAY_MS', value: '<n>', help: '(3600000)' },
  {
    flag: '--max-sync-message-bytes',
    env: 'SENDBOX_MAX_SYNC_MESSAGE_BYTES',
    value: '<n>',
    help: '(67108864)',
  },
  { flag: '--max-rooms', env: 'SENDBOX_MAX_ROOMS', value: '<n>', help: 'open workspaces per process (1000)' },
  {
    flag: '--max-connections-per-room',
    env: 'SENDBOX_MAX_ROOM_CONNECTIONS',
    value: '<n>',
    help: 'connections to one workspace (100)',
  },
  {
    flag: '--git',
    env: 'SENDBOX_GIT_DIR',
    value: '<dir>',
    help: 'mirror every workspace into a git repository under <dir>',
  },
  {
    flag: '--redis',
    env: 'SENDBOX_REDIS_URL',
    value: '<url>',
    help: 'share rooms through Redis (redis://…)',
  },
  { flag: '--header-timeout-ms', env: 'SENDBOX_HEADER_TIMEOUT_MS', value: '<n>', help: '(30000)' },
  { flag: '--idle-timeout-ms', env: 'SENDBOX_IDLE_TIMEOUT_MS', value: '<n>', help: '(30000)' },
  {
    flag: '--max-connections-per-client',
    env: 'SENDBOX_MAX_CONNECTIONS_PER_CLIENT',
    value: '<n>',
    help: '(128)',
  },
  { flag: '--max-runs', env: 'SENDBOX_MAX_RUNS', value: '<n>', help: 'collection runs at once (4)' },
  {
    flag: '--max-run-requests',
    env: 'SENDBOX_MAX_RUN_REQUESTS',
    value: '<n>',
    help: 'requests one collection run sends (100000)',
  },
  {
    flag: '--split-rooms',
    env: 'SENDBOX_SPLIT_ROOMS',
    value: '',
    help: 'split one-document workspaces into a document per collection when loaded (default)',
  },
  {
    flag: '--no-split-rooms',
    env: 'SENDBOX_NO_SPLIT_ROOMS',
    value: '',
    help: 'keep one-document workspaces whole (SENDBOX_SPLIT_ROOMS=0 too)',
  },
  { flag: '--no-build', env: 'SENDBOX_NO_BUILD', value: '', help: 'serve dist/ as it is, never build' },
]

export function usage(): string {
  const lines = OPTIONS.map((o) => `  ${`${o.flag} ${o.value}`.padEnd(34)} ${o.env.padEnd(31)} ${o.help}`)
  return ['Usage: npm start -- [options]', '', ...lines].join('\n')
}

export function isLoopback(host: string): boolean {
  return host === 'localhost' || host === '::1' || /^127(\.\d{1,3}){3}$/.test(host)
}

/** Flags and variables as raw strings, keyed by flag. */
function collect(argv: string[], env: Record<string, string | undefined>): Map<string, string> {
  const raw = new Map<string, string>()
  for (const option of OPTIONS) {
    const value = env[option.env]
    if (value === undefined || value === '') continue
    // A switch set to 0 or false in the environment means "off", as a shell user expects.
    if (option.value === '' && /^(0|false|no)$/i.test(value)) continue
    raw.set(option.flag, value)
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!
    const eq = arg.indexOf('=')
    const flag = eq > 0 ? arg.slice(0, eq) : arg
    const option = OPTIONS.find((o) => o.flag === flag)
    if (!option) throw new StartupError(`unknown option ${JSON.stringify(flag)} (see --help)`)
    if (option.value === '') {
      raw.set(flag, '1')
      continue
    }
    const value = eq > 0 ? arg.slice(eq + 1) : argv[++i]
    if (value === undefined || (eq < 0 && value.startsWith('--')))
      throw new StartupError(`${flag} needs a value`)
    raw.set(flag, value)
  }
  return raw
}

function integer(raw: Map<string, string>, flag: string, fallback: number, min: number, max: number): number {
  const text = raw.get(flag)
  if (text === undefined) return fallback
  const value = /^\d+$/.test(text.trim()) ? Number(text.trim()) : NaN
  if (!Number.isSafeInteger(value) || value < min || value > max) {
    throw new StartupError(`${flag} must be an integer from ${min} to ${max} (got ${JSON.stringify(text)})`)
  }
  return value
}

function origins(raw: Map<string, string>, flag: string): string[] {
  const text = raw.get(flag)
  if (text === undefined) return []
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part) => {
      let url: URL | undefined
      try {
        url = new URL(part)
      } catch {
        url = undefined
      }
      if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin === 'null') {
        throw new StartupError(
          `${flag} takes http(s) origins like http://host:4318 (got ${JSON.stringify(part)})`,
        )
      }
      return url.origin
    })
}

function redisUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined
  let url: URL | undefined
  try {
    url = new URL(text.trim())
  } catch {
    url = undefined
  }
  if (!url || (url.protocol !== 'redis:' && url.protocol !== 'rediss:') || !url.hostname) {
    throw new StartupError(`--redis takes a URL like redis://127.0.0.1:6379 (got ${JSON.stringify(text)})`)
  }
  return url.href
}

export function parseConfig(argv: string[], env: Record<string, string | undefined>, cwd: string): Config {
  const raw = collect(argv, env)
  const host = (raw.get('--host') ?? '127.0.0.1').trim()
  if (!/^[\w.:-]+$/.test(host)) throw new StartupError(`--host is not an address: ${JSON.stringify(host)}`)
  const token = raw.get('--token')
  if (token !== undefined && (token.length < MIN_TOKEN_LENGTH || !/^[\x21-\x7e]+$/.test(token))) {
    throw new StartupError(
      `--token must be at least ${MIN_TOKEN_LENGTH} printable characters without spaces (got ${token.length})`,
    )
  }
  if (!isLoopback(host) && token === undefined) {
    throw new StartupError(
      `refusing to listen on ${host} without an access token: set --token or SENDBOX_TOKEN, or use --host 127.0.0.1`,
    )
  }
  const mib = 1024 * 1024
  return {
    host,
    port: integer(raw, '--port', DEFAULT_PORT, 0, 65535),
    dataDir: path.resolve(cwd, raw.get('--data') ?? 'data'),
    distDir: path.resolve(cwd, raw.get('--dist') ?? 'dist'),
    token,
    publicUrls: origins(raw, '--public-url'),
    allowOrigins: origins(raw, '--allow-origin'),
    limits: {
      maxRequestBytes: integer(raw, '--max-request-bytes', 64 * mib, 1, 2 ** 31),
      maxResponseBytes: integer(raw, '--max-response-bytes', 1024 * mib, 0, Number.MAX_SAFE_INTEGER),
      maxRelayMs: integer(raw, '--max-relay-ms', 3_600_000, 0, 2 ** 31 - 1),
      maxSyncMessageBytes: integer(raw, '--max-sync-message-bytes', 64 * mib, 1024, 2 ** 30),
      maxRooms: integer(raw, '--max-rooms', 1000, 1, 1_000_000),
      maxConnectionsPerRoom: integer(raw, '--max-connections-per-room', 100, 1, 100_000),
      headerTimeoutMs: integer(raw, '--header-timeout-ms', 30_000, 100, 600_000),
      idleTimeoutMs: integer(raw, '--idle-timeout-ms', 30_000, 100, 3_600_000),
      maxConnectionsPerClient: integer(raw, '--max-connections-per-client', 128, 1, 100_000),
      maxRuns: integer(raw, '--max-runs', 4, 0, 1000),
      maxRunRequests: integer(raw, '--max-run-requests', 100_000, 1, 100_000_000),
    },
    build: raw.get('--no-build') === undefined,
    redisUrl: redisUrl(raw.get('--redis')),
    gitDir: raw.get('--git') === undefined ? undefined : path.resolve(cwd, raw.get('--git')!),
    splitRooms: splitRooms(argv, raw, env),
  }
}

/** On unless `--no-split-rooms`, `SENDBOX_NO_SPLIT_ROOMS=1` or `SENDBOX_SPLIT_ROOMS=0` says otherwise. */
function splitRooms(
  argv: string[],
  raw: Map<string, string>,
  env: Record<string, string | undefined>,
): boolean {
  const on = argv.includes('--split-rooms')
  const off = argv.includes('--no-split-rooms')
  if (on && off) throw new StartupError('--split-rooms and --no-split-rooms contradict each other: give one')
  if (on) return true
  if (off || raw.has('--no-split-rooms')) return false
  return !/^(0|false|no)$/i.test(env.SENDBOX_SPLIT_ROOMS ?? '')
}
