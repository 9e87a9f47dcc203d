/**
 * Who may use the server. The relay can reach anything the machine can, so every rule here
 * fails closed: the Host must be one of ours (DNS rebinding), a browser Origin must be ours or
 * configured, and every relay or sync call carries the access token (or, for one sync room, an
 * invite link's token: share.ts).
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import type { IncomingMessage } from 'node:http'
import path from 'node:path'
import { isLoopback, StartupError, type Config } from './config.ts'

export interface Secrets {
  accessToken: string
}

export async function readOrCreate(file: string, create: () => string): Promise<string> {
  try {
    return (await readFile(file, 'utf8')).trim()
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error
  }
  const value = create()
  try {
    await writeFile(file, value + '\n', { mode: 0o600, flag: 'wx' })
    return value
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return (await readFile(file, 'utf8')).trim()
    throw error
  }
}

export async function loadSecrets(dataDir: string, configuredToken?: string): Promise<Secrets> {
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 })
    const random = () => randomBytes(32).toString('hex')
    const accessToken = configuredToken ?? (await readOrCreate(path.join(dataDir, 'access-token'), random))
    if (accessToken.length < 32) {
      throw new StartupError(`the token files in ${dataDir} are damaged: delete them to get new ones`)
    }
    return { accessToken }
  } catch (error) {
    if (error instanceof StartupError) throw error
    const reason = (error as NodeJS.ErrnoException).code ?? String(error)
    throw new StartupError(`data directory ${dataDir} is not usable (${reason}): choose another with --data`)
  }
}

const digest = (text: string) => createHash('sha256').update(text).digest()
/** The access token is compared on every call; its digest is worked out once. */
let expectedDigest = { token: '', digest: digest('') }

/** Constant time whatever the lengths: both sides are hashed first. */
export function sameToken(given: string | undefined, expected: string): boolean {
  if (given === undefined) return false
  if (expectedDigest.token !== expected) expectedDigest = { token: expected, digest: digest(expected) }
  return timingSafeEqual(digest(given), expectedDigest.digest)
}

export function bearer(req: IncomingMessage): string | undefined {
  return req.headers.authorization?.match(/^Bearer\s+(\S+)\s*$/i)?.[1]
}

/** The token of a WebSocket upgrade: `?token=` (browsers cannot set headers on one). */
function upgradeToken(req: IncomingMessage): string | undefined {
  if (req.headers.upgrade === undefined) return undefined
  try {
    return new URL(req.url ?? '/', 'http://x').searchParams.get('token') ?? undefined
  } catch {
    return undefined
  }
}

/**
 * The one owner check: the relay, the share endpoints and every sync room. Today the access
 * token (`Authorization: Bearer`, or `?token=` on a WebSocket upgrade).
 */
export function isOwner(req: IncomingMessage, secrets: Secrets): boolean {
  return sameToken(bearer(req), secrets.accessToken) || sameToken(upgradeToken(req), secrets.accessToken)
}

function isLoopbackPeer(address: string | undefined): boolean {
  if (!address) return false
  return isLoopback(address.replace(/^::ffff:/, ''))
}

export class AccessPolicy {
  readonly ownOrigins: Set<string>
  readonly allowedOrigins: Set<string>
  private readonly hosts: Set<string>

  constructor(config: Pick<Config, 'host' | 'publicUrls' | 'allowOrigins'>, port: number) {
    const own = [`http://127.0.0.1:${port}`, `http://localhost:${port}`, `http://[::1]:${port}`]
    const wildcard = config.host === '0.0.0.0' || config.host === '::'
    if (!isLoopback(config.host) && !wildcard) {
      own.push(
        new URL(`http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${port}`).origin,
      )
    }
    own.push(...config.publicUrls)
    this.ownOrigins = new Set(own)
    this.allowedOrigins = new Set([...own, ...config.allowOrigins])
    this.hosts = new Set([...this.ownOrigins].map((origin) => new URL(origin).host.toLowerCase()))
  }

  /** The Host header names this server: a rebound DNS name of an attacker's page does not. */
  hostAllowed(req: IncomingMessage): boolean {
    return this.hosts.has((req.headers.host ?? '').toLowerCase())
  }

  /** No Origin means no browser page asked (curl, Node); a token is still required. */
  originAllowed(req: IncomingMessage): boolean {
    const origin = req.headers.origin
    return origin === undefined || this.allowedOrigins.has(origin)
  }

  /** A configured origin that is not ours: the only case that gets CORS headers. */
  corsOrigin(req: IncomingMessage): string | undefined {
    const origin = req.headers.origin
    return origin !== undefined && this.allowedOrigins.has(origin) && !this.ownOrigins.has(origin)
      ? origin
      : undefined
  }

  /**
   * The token goes only to the app served here, loaded on this machine: the browser vouches
   * for same-origin with Sec-Fetch-Site, and a remote machine types the token in instead.
   */
  mayReadToken(req: IncomingMessage): boolean {
    const origin = req.headers.origin
    return (
      isLoopbackPeer(req.socket.remoteAddress) &&
      req.headers['sec-fetch-site'] === 'same-origin' &&
      (origin === undefined || this.ownOrigins.has(origin))
    )
  }
}
