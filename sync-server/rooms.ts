/**
 * Room names. A workspace is one root room, `<workspace>`, plus one room per collection,
 * `<workspace>/c/<collection id>` (docs/collection-docs.md). Access, presence and the git mirror
 * belong to the workspace: a collection room is reached only through its workspace.
 */

/** A workspace id, and a collection id: letters, digits, `_` and `-`, up to 128. */
export const ID = /^[A-Za-z0-9_-]{1,128}$/

const SEPARATOR = '/c/'

export interface RoomName {
  workspace: string
  /** Set for a collection room. */
  collectionId?: string
}

/** The room named by a sync URL's path after `/sync/`, or why it is not one. */
export function parseRoom(name: string): RoomName | { error: string; badCollectionId: boolean } {
  const at = name.indexOf(SEPARATOR)
  const workspace = at < 0 ? name : name.slice(0, at)
  if (!ID.test(workspace))
    return { error: 'not a workspace id (letters, digits, _ and -, up to 128)', badCollectionId: false }
  if (at < 0) return { workspace }
  const collectionId = name.slice(at + SEPARATOR.length)
  if (!ID.test(collectionId))
    return { error: 'not a collection id (letters, digits, _ and -, up to 128)', badCollectionId: true }
  return { workspace, collectionId }
}

export function collectionRoom(workspace: string, collectionId: string): string {
  return `${workspace}${SEPARATOR}${collectionId}`
}

/** The workspace a room belongs to (itself for a root room). */
export function workspaceOf(room: string): string {
  const at = room.indexOf(SEPARATOR)
  return at < 0 ? room : room.slice(0, at)
}

export function isCollectionRoom(room: string): boolean {
  return room.includes(SEPARATOR)
}

/** Every open room of `workspace`: its root and its collection rooms. */
export function roomsOf(workspace: string, open: Iterable<string>): string[] {
  return [...open].filter((room) => room === workspace || room.startsWith(`${workspace}${SEPARATOR}`))
}
