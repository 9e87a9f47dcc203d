/**
 * Which workspaces this device has and which one is open, kept in localStorage so the choice is
 * known before any document loads. The device's own workspace keeps its local database
 * (`default`) and syncs to a room with a random id made once per device: two people on one
 * server never meet in a room they did not share. Joined workspaces are stored under
 * `joined-<id>`, so they can never overwrite the device's own.
 */
export type Access = 'edit' | 'view'

export interface JoinedWorkspace {
  /** The host's workspace id: the sync room. */
  id: string
  name: string
  token: string
  access: Access
}

export interface WorkspaceEntry {
  /** Key of the local databases (IndexedDB). */
  localId: string
  room: string
  name: string
  /** Set for a joined workspace: the share token it syncs with (never the host's relay). */
  joined?: JoinedWorkspace
}

interface Stored {
  ownRoom?: string
  ownName?: string
  joined?: JoinedWorkspace[]
  active?: string
}

export const REGISTRY_KEY = 'sendbox-workspaces'
export const DISPLAY_NAME_KEY = 'sendbox-display-name'
export const OWN_LOCAL_ID = 'default'
const ROOM_ID = /^[A-Za-z0-9_-]{1,128}$/

function read(storage: Storage): Stored {
  try {
    const value = JSON.parse(storage.getItem(REGISTRY_KEY) ?? '{}') as unknown
    return value && typeof value === 'object' ? (value as Stored) : {}
  } catch {
    // A damaged entry must not keep the app from opening the device's own workspace.
    return {}
  }
}

function write(storage: Storage, value: Stored) {
  storage.setItem(REGISTRY_KEY, JSON.stringify(value))
}

export function isRoomId(id: string): boolean {
  return ROOM_ID.test(id)
}

function randomRoom(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16))
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('')
}

export function makeWorkspaceRegistry(storage: Storage, ownDefaultName: string) {
  const ownRoom = (): string => {
    const stored = read(storage)
    if (stored.ownRoom && isRoomId(stored.ownRoom)) return stored.ownRoom
    const room = randomRoom()
    write(storage, { ...stored, ownRoom: room })
    return room
  }
  const joined = (): JoinedWorkspace[] =>
    (read(storage).joined ?? []).filter((w) => w && typeof w.id === 'string' && isRoomId(w.id))
  const own = (): WorkspaceEntry => ({
    localId: OWN_LOCAL_ID,
    room: ownRoom(),
    name: read(storage).ownName || ownDefaultName,
  })
  const entryOf = (w: JoinedWorkspace): WorkspaceEntry => ({
    localId: `joined-${w.id}`,
    room: w.id,
    name: w.name,
    joined: w,
  })

  return {
    /** The device's own workspace first, then the joined ones in the order they were joined. */
    list(): WorkspaceEntry[] {
      return [own(), ...joined().map(entryOf)]
    },
    active(): WorkspaceEntry {
      const id = read(storage).active
      const found = joined().find((w) => `joined-${w.id}` === id)
      return found ? entryOf(found) : own()
    },
    setActive(localId: string) {
      write(storage, { ...read(storage), active: localId })
    },
    /** The workspace joined with this invite token, if any: its `/join/<token>` address opens it. */
    joinedWith(token: string): WorkspaceEntry | undefined {
      const found = joined().find((w) => w.token === token)
      return found && entryOf(found)
    },
    /** Joining again (a new link, another access level) replaces the earlier entry's token. */
    join(workspace: JoinedWorkspace): WorkspaceEntry {
      const stored = read(storage)
      const others = (stored.joined ?? []).filter((w) => w.id !== workspace.id)
      const entry = entryOf(workspace)
      write(storage, { ...stored, joined: [...others, workspace], active: entry.localId })
      return entry
    },
    ownRoom,
  }
}

export type WorkspaceRegistry = ReturnType<typeof makeWorkspaceRegistry>

export function readDisplayName(storage: Storage): string {
  return storage.getItem(DISPLAY_NAME_KEY)?.trim() ?? ''
}

export function writeDisplayName(storage: Storage, name: string) {
  storage.setItem(DISPLAY_NAME_KEY, name.trim())
}
