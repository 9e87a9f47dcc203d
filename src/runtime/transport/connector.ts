/**
 * Opens the sockets undici sends on: straight to the host, through an HTTP(S) proxy tunnel
 * (CONNECT) or a SOCKS5 proxy, then TLS with the host's client certificate. Doing this ourselves
 * (instead of undici's ProxyAgent) gives every route the same TLS options and the DNS / connect /
 * TLS phases of each new connection.
 */
import { lookup } from 'node:dns/promises'
import net from 'node:net'
import tls from 'node:tls'
import type { buildConnector } from 'undici'
import type { HttpVersion } from '../../model/settings.ts'
import { ConnectError } from './connector-error.ts'
import { alpnProtocols, checkNegotiated, priorKnowledge, speakH2 } from './http-version.ts'
import { describeProxy, stripBrackets, type ProxyRoute, type Route } from './route.ts'
import type { makeSecureContexts } from './tls-options.ts'
import { recordPhases, watchTls, type ConnectPhases } from './timings.ts'

type SecureContexts = ReturnType<typeof makeSecureContexts>

const CONNECT_TIMEOUT_MS = 30_000

/**
 * `forward`: the socket goes to the proxy itself (plain-HTTP requests in absolute form);
 * otherwise to the origin undici asks for, by way of `route`.
 */
export function makeConnector(
  route: Route,
  contexts: SecureContexts,
  forward = false,
  version: HttpVersion = 'auto',
): buildConnector.connector {
  return (options, callback) => {
    const host = stripBrackets(options.hostname)
    const port = Number(options.port) || (options.protocol === 'https:' ? 443 : 80)
    establish(route, contexts, forward, host, port, options.protocol === 'https:', version).then(
      (socket) => callback(null, socket),
      (error: Error) => callback(error, null),
    )
  }
}

async function establish(
  route: Route,
  contexts: SecureContexts,
  forward: boolean,
  host: string,
  port: number,
  https: boolean,
  version: HttpVersion,
): Promise<net.Socket> {
  const phases: ConnectPhases = {}
  let socket: net.Socket
  if (route.kind === 'direct') {
    socket = await openTcp(host, port, phases, 'target')
  } else if (route.kind === 'socks5') {
    socket = await openSocks(route, host, port, phases)
  } else {
    socket = await openTcp(route.host, route.port, phases, 'proxy')
    if (route.secure) socket = await startTls(socket, route.host, route.port, contexts, phases, 'proxy')
    if (forward) return recordPhases(socket, phases)
    socket = await openTunnel(socket, route, host, port)
  }
  if (https) {
    const secure = await startTls(socket, host, port, contexts, phases, 'target', alpnProtocols(version))
    checkNegotiated(secure, version, `${host}:${port}`)
    socket = secure
  } else if (priorKnowledge(version, https)) {
    speakH2(socket)
  }
  return recordPhases(socket, phases)
}

async function openTcp(
  host: string,
  port: number,
  phases: ConnectPhases,
  stage: 'target' | 'proxy',
): Promise<net.Socket> {
  const what = stage === 'proxy' ? `proxy ${host}:${port}` : `${host}:${port}`
  let addresses: string[] = [host]
  if (!net.isIP(host)) {
    const started = performance.now()
    try {
      addresses = (await lookup(host, { all: true })).map((entry) => entry.address)
    } catch (error) {
      throw new ConnectError(`Could not resolve ${stage === 'proxy' ? 'proxy ' : ''}host ${host}`, stage, {
        cause: error,
      })
    }
    phases.dns = performance.now() - started
  }
  const started = performance.now()
  let lastError: unknown
  // Try each address in turn, as a browser does when `localhost` resolves to ::1 and 127.0.0.1.
  for (const address of addresses) {
    try {
      const socket = await connected(net.connect({ host: address, port }), 'connect')
      socket.setNoDelay(true)
      socket.setKeepAlive(true, 60_000)
      phases.connect = performance.now() - started
      return socket
    } catch (error) {
      lastError = error
    }
  }
  throw new ConnectError(`Could not connect to ${what}`, stage, { cause: lastError })
}

async function startTls(
  socket: net.Socket,
  host: string,
  port: number,
  contexts: SecureContexts,
  phases: ConnectPhases,
  stage: 'target' | 'proxy',
  alpn: string[] = ['http/1.1'],
): Promise<tls.TLSSocket> {
  const started = performance.now()
  let context: ReturnType<SecureContexts['forHost']>
  try {
    context = contexts.forHost(host, port)
  } catch (error) {
    socket.destroy()
    throw error
  }
  const secure = tls.connect({
    socket,
    host,
    servername: net.isIP(host) ? undefined : host,
    secureContext: context.secureContext,
    rejectUnauthorized: contexts.rejectUnauthorized,
    ALPNProtocols: alpn,
  })
  try {
    await connected(secure, 'secureConnect')
  } catch (error) {
    socket.destroy()
    const where = stage === 'proxy' ? `proxy ${host}:${port}` : `${host}:${port}`
    throw new ConnectError(`TLS handshake with ${where} failed`, stage === 'proxy' ? 'proxy' : 'tls', {
      cause: error,
    })
  }
  if (stage === 'target') watchTls(secure, context.clientCertificate)
  const elapsed = performance.now() - started
  phases.tls = (phases.tls ?? 0) + elapsed
  return secure
}

async function openSocks(route: ProxyRoute, host: string, port: number, phases: ConnectPhases) {
  // Loaded on first use, not counted as connecting: only SOCKS proxies need it (about 50 ms of
  // module loading at a CLI's start).
  const { SocksClient } = await import('socks')
  const started = performance.now()
  try {
    const { socket } = await SocksClient.createConnection({
      proxy: {
        host: route.host,
        port: route.port,
        type: 5,
        ...(route.username !== undefined ? { userId: route.username, password: route.password ?? '' } : {}),
      },
      command: 'connect',
      destination: { host, port },
      timeout: CONNECT_TIMEOUT_MS,
    })
    socket.setNoDelay(true)
    phases.connect = performance.now() - started
    return socket
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error)
    throw new ConnectError(`${describeProxy(route)} could not reach ${host}:${port}: ${reason}`, 'proxy', {
      cause: error,
    })
  }
}

/** HTTP CONNECT through an HTTP(S) proxy; the proxy's answer line is reported on refusal. */
async function openTunnel(socket: net.Socket, route: ProxyRoute, host: string, port: number) {
  const authority = `${net.isIPv6(host) ? `[${host}]` : host}:${port}`
  let head = `CONNECT ${authority} HTTP/1.1\r\nHost: ${authority}\r\n`
  if (route.username !== undefined) {
    const token = Buffer.from(`${route.username}:${route.password ?? ''}`).toString('base64')
    head += `Proxy-Authorization: Basic ${token}\r\n`
  }
  socket.write(`${head}\r\n`)
  const response = await readHead(socket, route)
  const statusLine = response.slice(0, response.indexOf('\r\n'))
  const status = Number(statusLine.split(' ')[1])
  if (status >= 200 && status < 300) return socket
  socket.destroy()
  const reason = statusLine.replace(/^HTTP\/\d(\.\d)?\s*/, '')
  const hint =
    status === 407
      ? route.username === undefined
        ? ' (the proxy needs a username and password)'
        : ' (the proxy rejected the username or password)'
      : ''
  throw new ConnectError(
    `${describeProxy(route)} refused the tunnel to ${authority}: ${reason}${hint}`,
    'proxy',
  )
}

function readHead(socket: net.Socket, route: ProxyRoute): Promise<string> {
  return new Promise((resolve, reject) => {
    let buffered = Buffer.alloc(0)
    const cleanup = () => {
      clearTimeout(timer)
      socket.off('data', onData)
      socket.off('error', onError)
      socket.off('close', onClose)
    }
    const onData = (chunk: Buffer) => {
      buffered = Buffer.concat([buffered, chunk])
      const end = buffered.indexOf('\r\n\r\n')
      if (end === -1) {
        if (buffered.length > 64 * 1024) onError(new Error('answer header too large'))
        return
      }
      cleanup()
      socket.pause()
      const rest = buffered.subarray(end + 4)
      if (rest.length > 0) socket.unshift(rest)
      resolve(buffered.subarray(0, end).toString('latin1'))
    }
    const onError = (error: Error) => {
      cleanup()
      socket.destroy()
      reject(new ConnectError(`${describeProxy(route)} failed: ${error.message}`, 'proxy', { cause: error }))
    }
    const onClose = () => onError(new Error('it closed the connection during CONNECT'))
    const timer = setTimeout(
      () => onError(new Error(`no answer to CONNECT within ${CONNECT_TIMEOUT_MS} ms`)),
      CONNECT_TIMEOUT_MS,
    )
    socket.on('data', onData)
    socket.on('error', onError)
    socket.on('close', onClose)
  })
}

function connected<T extends net.Socket>(socket: T, event: 'connect' | 'secureConnect'): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(
      () => onError(new Error(`timed out after ${CONNECT_TIMEOUT_MS} ms`)),
      CONNECT_TIMEOUT_MS,
    )
    const onError = (error: Error) => {
      clearTimeout(timer)
      socket.off(event, onReady)
      socket.destroy()
      reject(error)
    }
    const onReady = () => {
      clearTimeout(timer)
      socket.off('error', onError)
      resolve(socket)
    }
    socket.once(event, onReady)
    socket.once('error', onError)
  })
}
