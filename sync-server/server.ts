/**
 * One HTTP server for the app (static), /relay and /sync. Every API call passes the same gate:
 * a Host of ours, an allowed Origin (or none), then the owner check (the access token, or the
 * login's session cookie from a page of ours), or for a sync room an invite link's token
 * (share.ts). CORS headers go only to configured origins, never reflected for others.
 */
import http from 'node:http'
import type { Duplex } from 'node:stream'
import { AccessPolicy, isOwner, loadSecrets, type Secrets } from './auth.ts'
import { StartupError, type Config } from './config.ts'
import { exemptFromIdleTimeout, guardConnections, serverTimeouts } from './connections.ts'
import { createLogin } from './login.ts'
import { createRelay, errorBody, RelayRefusal, sendError, sendJson, type RelayDeps } from './relay.ts'
import { createRunRelay } from './relay-run.ts'
import { RELAY_UPGRADES } from './relay-upgrades.ts'
import { selfRequestCheck } from './self-requests.ts'
import { createShareService } from './share.ts'
import { createStatic } from './static.ts'
import { openStores } from './stores.ts'
import { createSync, dropRoom, type SyncService } from './sync.ts'
import { createGitMirrors, DEFAULT_TIMING } from './git/mirror.ts'
import { splittingRooms } from './split-rooms.ts'
import { handleGit, handleGitAsGuest, isGitRoute, mirroredRooms } from './git/routes.ts'
import { createMockService, MOCK_PATH } from './mock.ts'
import { parseRoom } from './rooms.ts'

export interface ServerDeps extends Omit<RelayDeps, 'limits' | 'selfCheck'> {
  /** Why dist/ cannot be served, shown on the page in its place. */
  notBuiltReason?: () => string
}

export interface RunningServer {
  url: string
  port: number
  secrets: Secrets
  /** The URL that logs a browser in (one use; then the next one). */
  loginUrl(): string
  close(): Promise<void>
}

/** `/sync/<workspace>` or `/sync/<workspace>/c/<collection id>` (rooms.ts checks the ids). */
const ROOM = /^\/sync\/([^/]+(?:\/c\/[^/]*)?)$/
const INVITE = /^\/sync\/invite\/([^/]*)$/
const MOCK_CONTROL = /^\/sync\/mock\/([^/]+)$/
/** An invite link opens the app for someone with no session here: the join page needs no login. */
const JOIN_PAGE = /^\/join\/[^/]*$/
/**
 * The OAuth 2.0 sign-in comes back here from another site, so the `SameSite=Strict` session
 * cookie is not sent: the page holds nothing but a script handing the answer to the app.
 */
const OAUTH_CALLBACK = /^\/oauth\/callback(\.html)?$/

async function listen(server: http.Server, host: string, port: number): Promise<number> {
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, host, () => {
        server.off('error', reject)
        resolve()
      })
    })
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code
    if (code === 'EADDRINUSE') {
      throw new StartupError(
        `port ${port} on ${host} is already in use: stop the other program or use --port`,
      )
    }
    if (code === 'EACCES')
      throw new StartupError(`not allowed to listen on port ${port}: use a port above 1023`)
    throw new StartupError(`cannot listen on ${host}:${port} (${code ?? String(error)}): check --host`)
  }
  return (server.address() as { port: number }).port
}

/** The request target, or null when it does not parse (a raw client can send anything). */
function targetOf(req: http.IncomingMessage): URL | null {
  try {
    return new URL(req.url ?? '/', 'http://x')
  } catch {
    return null
  }
}

/** A wildcard address is where to listen, not what to open: the browser gets loopback. */
function displayHost(host: string): string {
  if (host === '0.0.0.0' || host === '::') return '127.0.0.1'
  return host.includes(':') ? `[${host}]` : host
}

const NOT_LOGGED_IN =
  'this browser is not logged in: open the login link that npm start printed, or run npx sendbox login-url'

/**
 * A browser opening the app itself (a navigation to a page, not a file): it needs a session,
 * or gets the page saying how to log in. Files stay public (they hold no secret): the manifest
 * is fetched without cookies, and an installed app's service worker updates its cache.
 */
function opensApp(req: http.IncomingMessage, pathname: string): boolean {
  const mode = req.headers['sec-fetch-mode']
  const page =
    pathname.endsWith('.html') || !/\.[A-Za-z0-9]+$/.test(pathname.slice(pathname.lastIndexOf('/')))
  return (
    page && (mode === undefined || mode === 'navigate') && (req.method === 'GET' || req.method === 'HEAD')
  )
}

export async function startServer(config: Config, deps: ServerDeps): Promise<RunningServer> {
  const secrets = await loadSecrets(config.dataDir, config.token)
  const stores = await openStores(config, dropRoom)
  /** Workspace names as clients give them on connecting: the git mirror names folders by them. */
  const workspaceNames = new Map<string, string>()
  // The split of an old room and the git mirror open a workspace's collection rooms through the
  // sync service, which is made with them: bound once it exists.
  const late: { sync?: SyncService } = {}
  const holdRoom = (room: string) => late.sync!.holdRoom(room)
  const rooms = config.splitRooms ? splittingRooms(stores.rooms, holdRoom) : stores.rooms
  const mirrors = config.gitDir
    ? createGitMirrors(config.gitDir, async (room) => workspaceNames.get(room), DEFAULT_TIMING, holdRoom)
    : undefined
  const sync = (late.sync = createSync(mirrors ? mirroredRooms(rooms, mirrors) : rooms, config.limits))
  const share = createShareService({ store: stores.share, sync, publicUrls: config.publicUrls })
  const mocks = await createMockService(config.dataDir, (room) => sync.openRoom(room))
  let port = 0
  /** This server's own host names, known once it listens: the relay never calls its API there. */
  const ownHosts: string[] = []
  const selfCheck = selfRequestCheck(
    config.host,
    () => port,
    () => ownHosts,
  )
  const relay = createRelay({ ...deps, limits: config.limits, selfCheck })
  const runs = createRunRelay({ transport: deps.transport, limits: config.limits, selfCheck })
  const serveStatic = createStatic(
    config.distDir,
    deps.notBuiltReason ?? (() => `${config.distDir} is missing.`),
  )
  const server = http.createServer({ noDelay: true, ...serverTimeouts(config.limits) })
  const connections = guardConnections(server, config.limits)
  try {
    port = await listen(server, config.host, config.port)
  } catch (error) {
    await Promise.all([sync.close(), share.close()])
    await stores.close()
    throw error
  }
  const own = new AccessPolicy(config, port)
  ownHosts.push(...[...own.ownOrigins].map((origin) => new URL(origin).hostname.toLowerCase()))
  const url = `http://${displayHost(config.host)}:${port}`
  const login = await createLogin(config.dataDir, url, port)

  /** A logged-in browser on a page of this server: the session cookie, and an Origin of ours. */
  const sessionFromOwnPage = (req: http.IncomingMessage) =>
    login.hasSession(req) &&
    (req.headers.origin === undefined
      ? req.headers['sec-fetch-site'] === 'same-origin'
      : own.ownOrigins.has(req.headers.origin))
  const owner = (req: http.IncomingMessage) => isOwner(req, secrets) || sessionFromOwnPage(req)

  async function api(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    res.setHeader('vary', 'Origin')
    if (!own.originAllowed(req)) return sendError(res, 403, { code: 'cors', message: 'origin not allowed' })
    if (pathname === '/relay/token') {
      if (req.method === 'GET' && !login.hasSession(req)) {
        return sendError(res, 401, { code: 'other', message: NOT_LOGGED_IN })
      }
      // Never with CORS headers: not even a configured origin may read the token.
      if (req.method !== 'GET' || !own.mayReadToken(req)) {
        return sendError(res, 403, {
          code: 'other',
          message: 'the token is given only to the app served here',
        })
      }
      return sendJson(res, { token: secrets.accessToken })
    }
    const cors = own.corsOrigin(req)
    if (cors) res.setHeader('access-control-allow-origin', cors)
    if (req.method === 'OPTIONS') {
      if (cors) {
        res.setHeader('access-control-allow-methods', 'GET, POST, DELETE')
        res.setHeader('access-control-allow-headers', 'authorization, content-type')
        res.setHeader('access-control-allow-private-network', 'true')
        res.setHeader('access-control-max-age', '600')
      }
      return void res.writeHead(204).end()
    }
    const invite = INVITE.exec(pathname)?.[1]
    if (invite !== undefined) return share.invite(req, res, invite)
    // This server's clock, open to anyone (it is no secret): the app purges old deletions by it
    // rather than by a device clock that may be far ahead (src/model/workspace/deleted.ts).
    if (pathname === '/sync/time' && req.method === 'GET') return sendJson(res, { now: Date.now() })
    if (!owner(req)) {
      // The people a room is shared with read its History with their invite link.
      if (isGitRoute(pathname)) return handleGitAsGuest(req, res, targetOf(req)!, mirrors, share.authorize)
      res.setHeader('www-authenticate', 'Bearer')
      return sendError(res, 401, { code: 'other', message: 'the access token is missing or wrong' })
    }
    exemptFromIdleTimeout(req.socket)
    const route = `${req.method} ${pathname}`
    if (route === 'POST /relay') return relay.send(req, res)
    if (route === 'POST /relay/test-proxy') return relay.checkProxyConnection(req, res)
    if (route === 'POST /relay/run') return runs.start(req, res)
    if (route === 'POST /relay/run/stop') return runs.stop(req, res)
    if (pathname === '/sync/share') return share.owner(req, res, targetOf(req)!)
    const mockControl = MOCK_CONTROL.exec(pathname)?.[1]
    if (mockControl !== undefined) return mocks.control(req, res, mockControl)
    if (isGitRoute(pathname)) return handleGit(req, res, targetOf(req)!, mirrors)
    sendError(res, 404, { code: 'invalid-request', message: `no such endpoint: ${route}` })
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (connections.refused(req.socket)) return void req.socket.destroy()
    const target = targetOf(req)
    if (!target) return sendError(res, 400, { code: 'invalid-request', message: 'malformed request target' })
    const pathname = target.pathname
    const mock = MOCK_PATH.exec(pathname)
    const handled = !own.hostAllowed(req)
      ? Promise.resolve(
          sendError(res, 421, { code: 'other', message: 'unknown host name (see --public-url)' }),
        )
      : pathname === '/relay' || pathname.startsWith('/relay/') || pathname.startsWith('/sync/')
        ? api(req, res, pathname)
        : mock
          ? mocks.serve(req, res, mock[1]!, `${mock[2] ?? '/'}${target.search}`)
          : pathname === '/login'
            ? login.handle(req, res, target)
            : opensApp(req, pathname) &&
                !JOIN_PAGE.test(pathname) &&
                !OAUTH_CALLBACK.test(pathname) &&
                !login.hasSession(req)
              ? Promise.resolve(login.refuse(res))
              : serveStatic(req, res)
    handled.catch((error: unknown) => {
      if (error instanceof RelayRefusal) return sendError(res, error.status, errorBody(error))
      console.error(`sendbox: ${req.method} ${pathname} failed:`, error)
      sendError(res, 500, errorBody(error))
    })
  })

  server.on('upgrade', (req: http.IncomingMessage, socket: Duplex, head: Buffer) => {
    socket.on('error', () => socket.destroy())
    if (connections.refused(req.socket)) return void socket.destroy()
    const reject = (status: string) =>
      socket.end(`HTTP/1.1 ${status}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    if (!own.hostAllowed(req)) return reject('421 Misdirected Request')
    if (!own.originAllowed(req)) return reject('403 Forbidden')
    const url = targetOf(req)
    if (url?.pathname.startsWith('/relay/')) {
      const relayUpgrade = RELAY_UPGRADES.get(url.pathname)
      if (!relayUpgrade) return reject('404 Not Found')
      if (!owner(req)) return reject('401 Unauthorized')
      exemptFromIdleTimeout(req.socket)
      return relayUpgrade(req, socket, head, { limits: config.limits, selfCheck })
    }
    const room = url && ROOM.exec(url.pathname)?.[1]
    if (!url || !room) return reject('404 Not Found')
    const parsed = parseRoom(room)
    if ('error' in parsed) return reject(parsed.badCollectionId ? '400 Bad Request' : '404 Not Found')
    const { workspace } = parsed
    const workspaceName = url.searchParams.get('workspace')?.trim().slice(0, 80)
    if (mirrors && workspaceName && !workspaceNames.has(workspace)) {
      if (workspaceNames.size >= 10_000) workspaceNames.clear()
      workspaceNames.set(workspace, workspaceName)
    }
    // A socket that presents an invite link's token joins through it, even from a logged-in
    // browser: it is then listed among the people and closed when the link is revoked.
    const session =
      login.hasSession(req) &&
      req.headers.origin !== undefined &&
      own.ownOrigins.has(req.headers.origin) &&
      !url.searchParams.has('token')
    if (session || isOwner(req, secrets)) {
      exemptFromIdleTimeout(req.socket)
      return sync.accept(req, socket, head, room)
    }
    // A link for the workspace opens its collection rooms too, at the same level, and nothing else.
    share.authorize(workspace, url.searchParams.get('token'), url.searchParams.get('name')).then(
      (decision) => {
        if (!('grant' in decision)) return sync.refuse(req, socket, head, decision.code, decision.reason)
        exemptFromIdleTimeout(req.socket)
        sync.accept(req, socket, head, room, decision.grant)
      },
      () => reject('503 Service Unavailable'),
    )
  })

  return {
    url,
    port,
    secrets,
    loginUrl: login.url,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve))
      server.closeAllConnections()
      runs.close()
      await Promise.all([sync.close(), share.close(), login.close()])
      await mirrors?.close()
      await stores.close()
      await closed
    },
  }
}
