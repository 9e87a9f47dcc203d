/**
 * The versions of a request in a git-synced workspace (sync-server `--git`), as the `History`
 * button shows them. Whether the workspace is mirrored and each request's list are remembered on
 * the device (localStorage), so offline the button stays and the list shows what was seen last.
 * The owner asks with the server's access token, someone who joined with their invite link's token.
 */
import { createSignal, onCleanup, type Accessor } from 'solid-js'
import type * as Y from 'yjs'

export interface GitVersion {
  commit: string
  time: number
  author: string
  message: string
  path: string
}

export interface VersionList {
  versions: GitVersion[]
  /** True when the server could not be asked and this is the list seen last. */
  stale: boolean
  /** Why not, when the server answered with an error; absent when it could not be reached (offline). */
  problem?: string
}

const KEY = 'sendbox-git'

function remembered(room: string): { enabled?: boolean; lists?: Record<string, GitVersion[]> } {
  try {
    const all = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Record<
      string,
      { enabled?: boolean; lists?: Record<string, GitVersion[]> }
    >
    return all[room] ?? {}
  } catch {
    return {}
  }
}

function remember(
  room: string,
  update: (entry: { enabled?: boolean; lists?: Record<string, GitVersion[]> }) => void,
) {
  let all: Record<string, { enabled?: boolean; lists?: Record<string, GitVersion[]> }> = {}
  try {
    all = JSON.parse(localStorage.getItem(KEY) ?? '{}') as typeof all
  } catch {
    // A damaged entry is replaced.
  }
  const entry = all[room] ?? {}
  update(entry)
  all[room] = entry
  try {
    localStorage.setItem(KEY, JSON.stringify(all))
  } catch {
    // Storage full: the list is still shown, just not kept for offline.
  }
}

/** The server could not be reached at all (offline, or the sync-server is down). */
class Unreachable extends Error {}

async function get<T>(path: string, token: string): Promise<T> {
  const response = await fetch(path, {
    headers: { authorization: `Bearer ${token}` },
    cache: 'no-store',
  }).catch((error: unknown) => {
    throw new Unreachable((error as Error).message)
  })
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as { message?: string }
    throw new Error(body.message ?? `HTTP ${response.status}`)
  }
  return (await response.json()) as T
}

/** What the server's mirror writes into the workspace when a committed file does not parse. */
export interface GitNotice {
  file: string
  line: number
  message: string
}

function readNotice(doc: Y.Doc): GitNotice | null {
  const value = doc.getMap('meta').get('gitNotice') as Partial<GitNotice> | undefined
  if (!value || typeof value.file !== 'string' || typeof value.line !== 'number') return null
  return {
    file: value.file,
    line: value.line,
    message: typeof value.message === 'string' ? value.message : '',
  }
}

/** `token`: the server's access token (the owner) or the invite link's token (who joined). */
export function createGitHistory(room: string, token: Accessor<string | null>, doc: Y.Doc) {
  const [available, setAvailable] = createSignal(remembered(room).enabled === true)
  const [notice, setNotice] = createSignal(readNotice(doc))
  const meta = doc.getMap('meta')
  const onMeta = () => setNotice(readNotice(doc))
  meta.observe(onMeta)
  onCleanup(() => meta.unobserve(onMeta))
  let checked = false

  const check = async () => {
    const key = token()
    if (checked || !key) return
    checked = true
    try {
      await get(`/sync/git/${encodeURIComponent(room)}`, key)
      setAvailable(true)
      remember(room, (entry) => (entry.enabled = true))
    } catch (error) {
      // 404: not mirrored. Anything else (offline): keep what the device knew.
      if ((error as Error).message.includes('not mirrored')) {
        setAvailable(false)
        remember(room, (entry) => (entry.enabled = false))
      } else checked = false
    }
  }

  return {
    /** A committed file the mirror could not read (file, line), until a later commit reads cleanly. */
    notice,
    /** Whether the `History` button shows; asks the server once the access token is known. */
    available: () => {
      void check()
      return available()
    },
    async versions(requestId: string): Promise<VersionList> {
      const key = token()
      const last = remembered(room).lists?.[requestId] ?? []
      if (!key || navigator.onLine === false) return { versions: last, stale: true }
      try {
        const { versions } = await get<{ versions: GitVersion[] }>(
          `/sync/git/${encodeURIComponent(room)}/history/${encodeURIComponent(requestId)}`,
          key,
        )
        remember(room, (entry) => ((entry.lists ??= {})[requestId] = versions.slice(0, 50)))
        return { versions, stale: false }
      } catch (error) {
        if (error instanceof Unreachable) return { versions: last, stale: true }
        return { versions: last, stale: true, problem: (error as Error).message }
      }
    },
    async versionText(version: GitVersion): Promise<string> {
      const key = token()
      if (!key) throw new Error('not connected to the server')
      const { text } = await get<{ text: string }>(
        `/sync/git/${encodeURIComponent(room)}/version/${version.commit}?path=${encodeURIComponent(version.path)}`,
        key,
      )
      return text
    },
  }
}

export type GitHistory = ReturnType<typeof createGitHistory>
