/**
 * Sharing a workspace: the owner's endpoints (make a link, list people and links, stop
 * sharing), the public invite lookup, and what a sync connection holding a link may do.
 *
 *   POST   /sync/share            owner   { workspace, access, name, expiresAt? } → { link, token, access }
 *   GET    /sync/share?workspace  owner   → { people, links }
 *   DELETE /sync/share?workspace  owner   → 204; every link revoked, their sockets closed (4403)
 *   GET    /sync/invite/<token>   public  → { workspace, name, access } | 404 invalid | 410 revoked/expired
 *
 * Who counts as owner is decided by the caller (auth.ts `isOwner`), never here.
 */
import type { IncomingMessage, ServerResponse } from 'node:http'
import { CLOSE_FORBIDDEN, CLOSE_UNAUTHORIZED, type Grant, type SyncService } from './sync.ts'
import type { Access, ShareStore } from './share-store.ts'

export const WORKSPACE_ID = /^[A-Za-z0-9_-]{1,128}$/
const MAX_BODY_BYTES = 16 * 1024
const MAX_NAME_LENGTH = 200
const MAX_PERSON_LENGTH = 64
/** A person counts as online this long after their process last said so; renewed at a third of it. */
const ONLINE_MS = 45_000

export const INVITE_ERRORS = {
  invalid: { status: 404, message: 'This invite link is not valid.' },
  revoked: { status: 410, message: 'This invite link was revoked.' },
  expired: { status: 410, message: 'This invite link has expired.' },
} as const

export type SocketDecision = { grant: Grant } | { code: number; reason: string }

export interface ShareService {
  /** `/sync/share` for an owner. */
  owner(req: IncomingMessage, res: ServerResponse, url: URL): Promise<void>
  /** `/sync/invite/<token>`, open to anyone holding a link. */
  invite(req: IncomingMessage, res: ServerResponse, token: string): Promise<void>
  /** What a non-owner connection to `room` with `token` may do, or why it is refused. */
  authorize(room: string, token: string | null, person: string | null): Promise<SocketDecision>
  close(): Promise<void>
}

class BadRequest extends Error {}

function send(res: ServerResponse, status: number, value?: unknown) {
  if (value === undefined) return void res.writeHead(status, { 'cache-control': 'no-store' }).end()
  const body = JSON.stringify(value)
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
  })
  res.end(body)
}

async function readJson(req: IncomingMessage): Promise<unknown> {
  const chunks: Buffer[] = []
  let size = 0
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length
    if (size > MAX_BODY_BYTES) throw new BadRequest(`the body is larger than ${MAX_BODY_BYTES} bytes`)
    chunks.push(chunk)
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'))
  } catch {
    throw new BadRequest('the body is not JSON')
  }
}

function workspaceOf(value: unknown): string {
  if (typeof value !== 'string' || !WORKSPACE_ID.test(value))
    throw new BadRequest('workspace must be a workspace id (letters, digits, _ and -, up to 128)')
  return value
}

/** A display name as given on the socket: one line, trimmed, bounded; "Guest" when empty. */
export function personName(raw: string | null): string {
  const clean = (raw ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').trim()
  return [...clean].slice(0, MAX_PERSON_LENGTH).join('') || 'Guest'
}

interface Local {
  workspace: string
  name: string
  access: Access
  connections: number
  dropped: boolean
}

export function createShareService(options: {
  store: ShareStore
  sync: SyncService
  /** The origin links are made on: the first --public-url, else the request's Host. */
  publicUrls: string[]
}): ShareService {
  const { store, sync } = options
  /** People connected to this process, renewed in the store while they stay. */
  const here = new Map<string, Local>()

  store.kv.onRevoked((workspace) => {
    for (const [key, local] of here) {
      if (local.workspace !== workspace) continue
      local.dropped = true
      here.delete(key)
    }
    sync.closeLinked(workspace, CLOSE_FORBIDDEN, 'link revoked')
  })

  const heartbeat = setInterval(() => {
    for (const local of here.values())
      void store
        .seen(local.workspace, local.name, local.access, Date.now() + ONLINE_MS)
        .catch(() => undefined)
  }, ONLINE_MS / 3)
  heartbeat.unref()

  function grantFor(workspace: string, name: string, access: Access): Grant {
    const key = `${workspace}\n${name}`
    let local: Local | undefined
    return {
      readOnly: access === 'view',
      viaLink: true,
      onOpen() {
        local = here.get(key)
        if (!local) here.set(key, (local = { workspace, name, access, connections: 0, dropped: false }))
        local.connections++
        if (access === 'edit') local.access = 'edit'
        void store.seen(workspace, name, local.access, Date.now() + ONLINE_MS).catch(() => undefined)
      },
      onClose() {
        if (!local || local.dropped) return
        if (--local.connections > 0) return
        here.delete(key)
        void store.seen(workspace, name, local.access, Date.now()).catch(() => undefined)
      },
    }
  }

  function origin(req: IncomingMessage): string {
    return options.publicUrls[0] ?? `http://${req.headers.host ?? '127.0.0.1'}`
  }

  async function owner(req: IncomingMessage, res: ServerResponse, url: URL) {
    try {
      if (req.method === 'POST') {
        const body = (await readJson(req)) as Record<string, unknown> | null
        if (typeof body !== 'object' || body === null) throw new BadRequest('the body must be a JSON object')
        const workspace = workspaceOf(body.workspace)
        if (body.access !== 'edit' && body.access !== 'view')
          throw new BadRequest('access must be "edit" or "view"')
        const name = body.name ?? ''
        if (typeof name !== 'string' || name.length > MAX_NAME_LENGTH)
          throw new BadRequest(`name must be the workspace's name, up to ${MAX_NAME_LENGTH} characters`)
        const expiresAt = body.expiresAt
        if (expiresAt !== undefined && (typeof expiresAt !== 'number' || !Number.isFinite(expiresAt)))
          throw new BadRequest('expiresAt must be a time in milliseconds since 1970')
        const { token } = await store.create(workspace, body.access, name, expiresAt)
        return send(res, 200, { link: `${origin(req)}/join/${token}`, token, access: body.access })
      }
      const workspace = workspaceOf(url.searchParams.get('workspace'))
      if (req.method === 'GET') {
        const [people, links] = await Promise.all([store.people(workspace), store.liveLinks(workspace)])
        return send(res, 200, { people, links })
      }
      if (req.method === 'DELETE') {
        await store.revokeAll(workspace)
        return send(res, 204)
      }
      send(res, 405, { code: 'invalid-request', message: `${req.method} is not allowed on /sync/share` })
    } catch (error) {
      if (!(error instanceof BadRequest)) throw error
      send(res, 400, { code: 'invalid-request', message: error.message })
    }
  }

  async function invite(req: IncomingMessage, res: ServerResponse, token: string) {
    if (req.method !== 'GET')
      return send(res, 405, { code: 'invalid-request', message: 'use GET on /sync/invite/<token>' })
    const found = await store.lookup(token)
    if (found.status !== 'ok') {
      const { status, message } = INVITE_ERRORS[found.status]
      return send(res, status, { code: found.status, message })
    }
    send(res, 200, { workspace: found.link.workspace, name: found.link.name, access: found.link.access })
  }

  async function authorize(
    room: string,
    token: string | null,
    person: string | null,
  ): Promise<SocketDecision> {
    const refused = { code: CLOSE_UNAUTHORIZED, reason: 'access or share token required' }
    if (!token) return refused
    const found = await store.lookup(token)
    if (found.status === 'revoked') return { code: CLOSE_FORBIDDEN, reason: 'link revoked' }
    if (found.status === 'expired') return { code: CLOSE_FORBIDDEN, reason: 'link expired' }
    if (found.status !== 'ok' || found.link.workspace !== room) return refused
    return { grant: grantFor(room, personName(person), found.link.access) }
  }

  return {
    owner,
    invite,
    authorize,
    async close() {
      clearInterval(heartbeat)
      await store.kv.close()
    },
  }
}
