/**
 * The `History` button's API, for the owner (access token or session, like `/sync/share`) and for
 * the people a room is shared with: an invite link's token as `Authorization: Bearer <token>` reads
 * that room's history (view and edit links alike), never another room's, and only while the link
 * is valid (a revoked or expired link gets 403).
 *
 *   GET /sync/git/<room>                         → { enabled: true } | 404 (the server has no --git)
 *   GET /sync/git/<room>/history/<item id>       → { versions: [{ commit, time, author, message, path }] }
 *   GET /sync/git/<room>/version/<commit>?path=  → { text } (the file at that commit)
 */
import type http from 'node:http'
import { bearer } from '../auth.ts'
import type { RoomStore } from '../persistence.ts'
import { isCollectionRoom } from '../rooms.ts'
import { sendError, sendJson } from '../relay.ts'
import type { ShareService } from '../share.ts'
import { CLOSE_FORBIDDEN } from '../sync.ts'
import type { GitMirrors } from './mirror.ts'

const ROUTE = /^\/sync\/git\/([A-Za-z0-9_-]{1,128})(?:\/(history|version)\/([^/]{1,200}))?$/u

export function isGitRoute(pathname: string): boolean {
  return ROUTE.test(pathname)
}

/**
 * A History API call by someone who is not the owner: allowed with a valid invite link of this
 * very room (the same check as the link's sync socket), refused otherwise.
 */
export async function handleGitAsGuest(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: URL,
  mirrors: GitMirrors | undefined,
  authorize: ShareService['authorize'],
): Promise<void> {
  const room = ROUTE.exec(target.pathname)?.[1] ?? ''
  const decision = await authorize(room, bearer(req) ?? null, null)
  if ('grant' in decision) return handleGit(req, res, target, mirrors)
  res.setHeader('www-authenticate', 'Bearer')
  if (decision.code === CLOSE_FORBIDDEN)
    return sendError(res, 403, {
      code: 'other',
      message: `the invite link no longer works: ${decision.reason}`,
    })
  sendError(res, 401, {
    code: 'other',
    message: 'the access token is missing or wrong, or the invite link is not for this workspace',
  })
}

export async function handleGit(
  req: http.IncomingMessage,
  res: http.ServerResponse,
  target: URL,
  mirrors: GitMirrors | undefined,
): Promise<void> {
  const [, room, kind, arg] = ROUTE.exec(target.pathname) ?? []
  if (req.method !== 'GET' || !room)
    return sendError(res, 405, { code: 'invalid-request', message: 'GET only' })
  const notMirrored = () =>
    sendError(res, 404, { code: 'other', message: 'this workspace is not mirrored to git on this server' })
  if (!mirrors) return notMirrored()
  // Every room that syncs to this server is mirrored (its repository appears with its first sync).
  if (kind === undefined) return sendJson(res, { enabled: true })
  const item = decodeURIComponent(arg!)
  if (kind === 'history') {
    const versions = await mirrors.history(room, item)
    return versions === undefined ? notMirrored() : sendJson(res, { versions })
  }
  const file = target.searchParams.get('path') ?? ''
  const text = await mirrors.version(room, item, file)
  if (text === undefined)
    return sendError(res, 404, { code: 'other', message: `no version ${item} of ${file}` })
  sendJson(res, { text })
}

/**
 * Workspace rooms whose state is also mirrored: attached once loaded, committed and detached on
 * release. A workspace's collection rooms are read through its root's mirror (workspace-docs.ts).
 */
export function mirroredRooms(inner: RoomStore, mirrors: GitMirrors): RoomStore {
  const report = (error: unknown) => console.error(`sendbox: git mirror: ${(error as Error).message}`)
  return {
    async bind(room, doc) {
      await inner.bind(room, doc)
      // A collection room is mirrored with its workspace's root room, which opens it.
      if (isCollectionRoom(room)) return
      // Not awaited: a large first export must not hold up the room's first sync.
      mirrors.attach(room, doc).catch(report)
    },
    flushed: (doc) => inner.flushed(doc),
    async release(room, doc) {
      if (!isCollectionRoom(room)) await mirrors.detach(room).catch(report)
      await inner.release(room, doc)
    },
    async close() {
      await mirrors.close().catch(report)
      await inner.close()
    },
  }
}
