/**
 * One HTTP server for the app (static), /relay and /sync. Every API call passes the same gate:
 * a Host of ours, an allowed Origin (or none), then the access token, or for a sync room its
 * share token. CORS headers go only to configured origins, never reflected for others.
 */
import http from 'node:http'
import type { Duplex } from 'node:stream'
import path from 'node:path'
import { AccessPolicy, bearer, loadSecrets, sameToken, shareToken, type Secrets } from './auth.ts'
import { StartupError, type Config } from './config.ts'
import { exemptFromIdleTimeout, guardConnections, serverTimeouts } from './connections.ts'
import { openRoomStore } from './persistence.ts'
import { createRelay, errorBody, RelayRefusal, sendError, type RelayDeps } from './relay.ts'
import { createStatic } from './static.ts'
import { CLOSE_UNAUTHORIZED, createSync, dropRoom } from './sync.ts'

export interface ServerDeps extends Omit<RelayDeps, 'limits'> {
  /** Why dist/ cannot be served, shown on the page in its place. */
  notBuiltReason?: () => string
}

export interface RunningServer {
  url: string
  port: number
  secrets: Secrets
  close(): Promise<void>
}

const ROOM = /^\/sync\/([A-Za-z0-9_-]{1,128})$/

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

function json(res: http.ServerResponse, value: unknown) {
  res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'no-store' })
  res.end(JSON.stringify(value))
}

export async function startServer(config: Config, deps: ServerDeps): Promise<RunningServer> {
  const secrets = await loadSecrets(config.dataDir, config.token)
  const store = await openRoomStore(path.join(config.dataDir, 'sync'), dropRoom)
  const sync = createSync(store, config.limits.maxSyncMessageBytes)
  const relay = createRelay({ ...deps, limits: config.limits })
  const serveStatic = createStatic(
    config.distDir,
    deps.notBuiltReason ?? (() => `${config.distDir} is missing.`),
  )
  const server = http.createServer({ noDelay: true, ...serverTimeouts(config.limits) })
  const connections = guardConnections(server, config.limits)
  let port: number
  try {
    port = await listen(server, config.host, config.port)
  } catch (error) {
    await sync.close()
    throw error
  }
  const policy = new AccessPolicy(config, port)

  async function api(req: http.IncomingMessage, res: http.ServerResponse, pathname: string) {
    res.setHeader('vary', 'Origin')
    if (!policy.originAllowed(req))
      return sendError(res, 403, { code: 'cors', message: 'origin not allowed' })
    if (pathname === '/relay/token') {
      // Never with CORS headers: not even a configured origin may read the token.
      if (req.method !== 'GET' || !policy.mayReadToken(req)) {
        return sendError(res, 403, {
          code: 'other',
          message: 'the token is given only to the app served here',
        })
      }
      return json(res, { token: secrets.accessToken })
    }
    const cors = policy.corsOrigin(req)
    if (cors) res.setHeader('access-control-allow-origin', cors)
    if (req.method === 'OPTIONS') {
      if (cors) {
        res.setHeader('access-control-allow-methods', 'GET, POST')
        res.setHeader('access-control-allow-headers', 'authorization, content-type')
        res.setHeader('access-control-allow-private-network', 'true')
        res.setHeader('access-control-max-age', '600')
      }
      return void res.writeHead(204).end()
    }
    if (!sameToken(bearer(req), secrets.accessToken)) {
      res.setHeader('www-authenticate', 'Bearer')
      return sendError(res, 401, { code: 'other', message: 'the access token is missing or wrong' })
    }
    exemptFromIdleTimeout(req.socket)
    const route = `${req.method} ${pathname}`
    if (route === 'POST /relay') return relay.send(req, res)
    if (route === 'POST /relay/test-proxy') return relay.checkProxyConnection(req, res)
    if (route === 'GET /sync/share-token') {
      const workspace = targetOf(req)?.searchParams.get('workspace') ?? ''
      if (!ROOM.test(`/sync/${workspace}`))
        throw new RelayRefusal(400, 'invalid-request', 'workspace id is invalid')
      return json(res, { workspace, token: shareToken(secrets.shareSecret, workspace) })
    }
    sendError(res, 404, { code: 'invalid-request', message: `no such endpoint: ${route}` })
  }

  server.on('request', (req: http.IncomingMessage, res: http.ServerResponse) => {
    if (connections.refused(req.socket)) return void req.socket.destroy()
    const target = targetOf(req)
    if (!target) return sendError(res, 400, { code: 'invalid-request', message: 'malformed request target' })
    const pathname = target.pathname
    const handled = !policy.hostAllowed(req)
      ? Promise.resolve(
          sendError(res, 421, { code: 'other', message: 'unknown host name (see --public-url)' }),
        )
      : pathname === '/relay' || pathname.startsWith('/relay/') || pathname.startsWith('/sync/')
        ? api(req, res, pathname)
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
    if (!policy.hostAllowed(req)) return reject('421 Misdirected Request')
    if (!policy.originAllowed(req)) return reject('403 Forbidden')
    const url = targetOf(req)
    const room = url && ROOM.exec(url.pathname)?.[1]
    if (!url || !room) return reject('404 Not Found')
    const token = url.searchParams.get('token') ?? bearer(req)
    const allowed = token !== null && token !== undefined
    if (
      allowed &&
      (sameToken(token, secrets.accessToken) || sameToken(token, shareToken(secrets.shareSecret, room)))
    ) {
      exemptFromIdleTimeout(req.socket)
      return sync.accept(req, socket, head, room)
    }
    sync.refuse(req, socket, head, CLOSE_UNAUTHORIZED, 'access or share token required')
  })

  return {
    url: `http://${displayHost(config.host)}:${port}`,
    port,
    secrets,
    async close() {
      const closed = new Promise((resolve) => server.close(resolve))
      server.closeAllConnections()
      await sync.close()
      await closed
    },
  }
}
