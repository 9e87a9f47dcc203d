/**
 * `--git <dir>`: every workspace room that is open on this server is mirrored into its own git
 * repository, `<dir>/<workspace-name-slug>-<short-id>/` (files: src/model/git/README.md). A
 * workspace is its root room and the collection rooms the root lists (`workspace-docs.ts`, held
 * open while the root is): the files are the same as for a one-doc workspace, and a commit made
 * in git is applied to the collection docs it touches (and the root's `collectionIndex`).
 *
 * - The workspace → git: after edits settle (2 s without one, at most 10 s under continuous
 *   typing) the changed files are written and committed, authored by the people whose edits they
 *   are (their presence names), with a message saying what changed.
 * - git → the workspace: HEAD is checked every second; a commit someone else made is read and
 *   applied as a CRDT change against the files the mirror last wrote, so edits made meanwhile stay.
 *   A file that does not parse changes nothing: the workspace's `meta.gitNotice` names the file
 *   and line until a later commit reads cleanly.
 * - `refs/sendbox/mirrored` marks the last commit the workspace and the files agreed on, so
 *   commits made while the room was closed are applied when it next opens.
 *
 * Work per room runs one step at a time (a promise chain), never overlapping.
 */
import { readdir } from 'node:fs/promises'
import path from 'node:path'
import type * as Y from 'yjs'
import { applyGitChanges } from '../../src/model/git/apply-changes.ts'
import { describeChanges, diffCollections } from '../../src/model/git/changes.ts'
import { GitFileError } from '../../src/model/git/item-file.ts'
import {
  collectionsToFiles,
  createFileTextCache,
  filesToCollections,
  itemPaths,
  type FileTextCache,
} from '../../src/model/git/tree-files.ts'
import type { Collection } from '../../src/model/types.ts'
import { listCollections, readCollection } from '../../src/model/workspace/api.ts'
import { Repo, type Version } from './repo.ts'
import { WorkspaceDocs, type HoldRoom } from './workspace-docs.ts'

export const MIRROR_ORIGIN = 'sendbox-git-mirror'
const MIRRORED_REF = 'refs/sendbox/mirrored'

export interface MirrorTiming {
  settleMs: number
  maxWaitMs: number
  pollMs: number
  /**
   * false: re-read and re-serialise the whole workspace for every commit, as the mirror first
   * did (kept for `npm run bench:git`, which measures both in one run).
   */
  incremental?: boolean
}

export const DEFAULT_TIMING: MirrorTiming = { settleMs: 2000, maxWaitMs: 10_000, pollMs: 1000 }

/** What one export did: entities read from the doc, file texts made, files written or removed. */
export interface ExportStats {
  read: number
  serialised: number
  written: string[]
}

export interface GitNotice {
  file: string
  line: number
  message: string
  commit: string
}

interface Room {
  repo: Repo
  /** The root doc; `docs` also holds the collection docs it lists. */
  doc: Y.Doc
  docs: WorkspaceDocs
  head: string | undefined
  files: Map<string, string>
  collections: Collection[]
  /** The file texts of unchanged items kept (the docs are read incrementally by `docs`). */
  texts: FileTextCache
  lastExport: ExportStats | undefined
  authors: Set<string>
  firstPending: number | undefined
  timer: ReturnType<typeof setTimeout> | undefined
  poll: ReturnType<typeof setInterval>
  chain: Promise<unknown>
  onUpdate: (update: Uint8Array, origin: unknown) => void
}

export interface GitMirrors {
  attach(room: string, doc: Y.Doc): Promise<void>
  /** Commits what is pending and stops watching (the room's last person left). */
  detach(room: string): Promise<void>
  /** The versions of an item's file, newest first; undefined when the room has no repository. */
  history(room: string, itemId: string): Promise<Version[] | undefined>
  /** One version's file text. */
  version(room: string, commit: string, file: string): Promise<string | undefined>
  /** What the room's last export did (tests, the benchmark). */
  lastExport(room: string): ExportStats | undefined
  /** Waits until every room's pending work is done (tests, shutdown). */
  idle(): Promise<void>
  close(): Promise<void>
}

export function readCollections(doc: Y.Doc): Collection[] {
  return listCollections(doc).flatMap(({ id }) => readCollection(doc, id) ?? [])
}

function slug(name: string): string {
  return (
    name
      .normalize('NFKD')
      .replace(/[^\w\s-]/gu, '')
      .trim()
      .toLowerCase()
      .replace(/[\s_-]+/gu, '-')
      .slice(0, 40) || 'workspace'
  )
}

/** Who edited: the presence names of the connections whose updates these were. */
function editorsOf(doc: Y.Doc, origin: unknown): string[] {
  const shared = doc as Y.Doc & {
    conns?: Map<unknown, Set<number>>
    awareness?: { getStates(): Map<number, { user?: { name?: unknown } }> }
  }
  const ids = shared.conns?.get(origin)
  if (!ids || !shared.awareness) return []
  const states = shared.awareness.getStates()
  return [...ids].flatMap((id) => {
    const name = states.get(id)?.user?.name
    return typeof name === 'string' && name.trim() ? [name.trim().slice(0, 80)] : []
  })
}

export function createGitMirrors(
  root: string,
  nameOf: (room: string) => Promise<string | undefined> = async () => undefined,
  timing: MirrorTiming = DEFAULT_TIMING,
  /** Opens a workspace's collection rooms (`<room>/c/<id>`); without it only the root is read. */
  holdRoom?: HoldRoom,
): GitMirrors {
  const rooms = new Map<string, Room>()

  const shortId = (room: string) => room.replace(/[^A-Za-z0-9]/gu, '').slice(0, 12) || 'room'

  /** The room's repository folder if it has one: found by its id, so a renamed workspace keeps it. */
  async function existingDir(room: string): Promise<string | undefined> {
    const entries = await readdir(root).catch(() => [] as string[])
    const found = entries.find((entry) => entry.endsWith(`-${shortId(room)}`))
    return found === undefined ? undefined : path.join(root, found)
  }

  async function dirFor(room: string): Promise<string> {
    return (
      (await existingDir(room)) ?? path.join(root, `${slug((await nameOf(room)) ?? '')}-${shortId(room)}`)
    )
  }

  async function repoOf(room: string): Promise<Repo | undefined> {
    const state = rooms.get(room)
    if (state) return state.repo
    const dir = await existingDir(room)
    return dir === undefined ? undefined : Repo.open(dir)
  }

  function step(state: Room, work: () => Promise<unknown>): Promise<unknown> {
    state.chain = state.chain
      .then(work)
      .catch((error: unknown) => console.error(`sendbox: git mirror: ${(error as Error).message}`))
    return state.chain
  }

  function setNotice(state: Room, notice: GitNotice | undefined) {
    const meta = state.doc.getMap('meta')
    if (notice === undefined && !meta.has('gitNotice')) return
    state.doc.transact(
      () => (notice ? meta.set('gitNotice', notice) : meta.delete('gitNotice')),
      MIRROR_ORIGIN,
    )
  }

  async function exportDoc(state: Room): Promise<void> {
    state.firstPending = undefined
    const authors = [...state.authors]
    state.authors.clear()
    const incremental = timing.incremental !== false
    await state.docs.refresh()
    const collections = state.docs.read(incremental)
    const serialisedBefore = state.texts.serialised
    const files = collectionsToFiles(collections, incremental ? state.texts : undefined)
    const paths = await state.repo.write(files, state.files)
    state.lastExport = {
      read: incremental ? state.docs.misses : files.size,
      serialised: incremental ? state.texts.serialised - serialisedBefore : files.size,
      written: paths,
    }
    if (paths.length === 0) return
    const described = describeChanges(diffCollections(state.collections, collections))
    const message = described === 'No changes' ? 'Write files in the mirror format' : described
    const name = authors.join(', ') || 'Sendbox'
    const commit = await state.repo.commit(paths, message, { name, email: `${slug(name)}@sendbox.invalid` })
    state.files = files
    state.collections = collections
    if (commit) {
      state.head = commit
      await state.repo.setRef(MIRRORED_REF, commit)
    }
  }

  /** Applies commits made by others since `state.head`, then commits what the workspace adds. */
  async function importHead(state: Room): Promise<void> {
    const head = await state.repo.head()
    if (!head || head === state.head) return
    const files = await state.repo.filesAt(head)
    let theirs: Collection[]
    try {
      theirs = filesToCollections(files)
    } catch (error) {
      if (!(error instanceof GitFileError)) throw error
      state.head = head
      setNotice(state, { file: error.file, line: error.line, message: error.message, commit: head })
      return
    }
    await applyToDocs(state.docs, state.collections, theirs)
    setNotice(state, undefined)
    state.head = head
    state.files = files
    state.collections = theirs
    await state.repo.setRef(MIRRORED_REF, head)
    await exportDoc(state)
  }

  /**
   * Each collection's changes applied to the doc holding it; collections still in the root (the
   * one-doc shape) are applied together, so a move between two of them stays a move.
   */
  async function applyToDocs(docs: WorkspaceDocs, base: Collection[], theirs: Collection[]) {
    await docs.refresh()
    const byDoc = new Map<Y.Doc, { base: Collection[]; theirs: Collection[]; ids: string[] }>()
    const baseById = new Map(base.map((c) => [c.id, c]))
    const theirsById = new Map(theirs.map((c) => [c.id, c]))
    for (const id of new Set([...baseById.keys(), ...theirsById.keys()])) {
      // A collection the workspace deleted meanwhile is not brought back by an edit in git.
      const doc = docs.docOf(id) ?? (baseById.has(id) ? undefined : await docs.docForNew(id, MIRROR_ORIGIN))
      if (!doc) continue
      let group = byDoc.get(doc)
      if (!group) byDoc.set(doc, (group = { base: [], theirs: [], ids: [] }))
      group.ids.push(id)
      if (baseById.has(id)) group.base.push(baseById.get(id)!)
      if (theirsById.has(id)) group.theirs.push(theirsById.get(id)!)
    }
    for (const [doc, group] of byDoc) {
      applyGitChanges(doc, group.base, group.theirs, MIRROR_ORIGIN)
      if (doc !== docs.root) for (const id of group.ids) docs.syncIndex(id, MIRROR_ORIGIN)
    }
  }

  function schedule(state: Room) {
    const now = Date.now()
    state.firstPending ??= now
    clearTimeout(state.timer)
    const wait = Math.max(0, Math.min(timing.settleMs, state.firstPending + timing.maxWaitMs - now))
    state.timer = setTimeout(() => void step(state, () => exportDoc(state)), wait)
  }

  return {
    async attach(room, doc) {
      if (rooms.has(room)) return
      const repo = await Repo.open(await dirFor(room))
      const mirrored = await repo.ref(MIRRORED_REF)
      const files = mirrored ? await repo.filesAt(mirrored) : new Map<string, string>()
      let collections: Collection[] = []
      try {
        collections = filesToCollections(files)
      } catch {
        // The mirrored commit is the mirror's own writing; if it no longer parses, start afresh.
      }
      const onUpdate = (from: Y.Doc, origin: unknown) => {
        if (origin === MIRROR_ORIGIN) return
        for (const name of editorsOf(from, origin)) state.authors.add(name)
        schedule(state)
      }
      const state: Room = {
        repo,
        doc,
        docs: new WorkspaceDocs(room, doc, holdRoom, onUpdate),
        head: mirrored,
        files,
        collections,
        texts: createFileTextCache(),
        lastExport: undefined,
        authors: new Set(),
        firstPending: undefined,
        timer: undefined,
        poll: setInterval(() => void step(state, () => importHead(state)), timing.pollMs),
        chain: Promise.resolve(),
        onUpdate: (_update, origin) => onUpdate(doc, origin),
      }
      state.poll.unref?.()
      rooms.set(room, state)
      doc.on('update', state.onUpdate)
      await step(state, async () => {
        await importHead(state)
        await exportDoc(state)
      })
    },
    async detach(room) {
      const state = rooms.get(room)
      if (!state) return
      rooms.delete(room)
      clearInterval(state.poll)
      clearTimeout(state.timer)
      state.doc.off('update', state.onUpdate)
      await step(state, () => exportDoc(state))
      state.docs.dispose()
    },
    async history(room, itemId) {
      const repo = await repoOf(room)
      const head = await repo?.head()
      if (!repo || !head) return repo ? [] : undefined
      const state = rooms.get(room)
      // After the commit in progress, if any: its files and the paths worked out agree then.
      await state?.chain
      const collections = state ? state.collections : filesToCollections(await repo.filesAt(head))
      const file = itemPaths(collections).get(itemId)
      return file ? repo.log(file) : []
    },
    async version(room, commit, file) {
      const repo = await repoOf(room)
      return repo?.show(commit, file).catch(() => undefined)
    },
    lastExport: (room) => rooms.get(room)?.lastExport,
    async idle() {
      await Promise.all([...rooms.values()].map((state) => state.chain))
    },
    async close() {
      await Promise.all([...rooms.keys()].map((room) => this.detach(room)))
    },
  }
}
