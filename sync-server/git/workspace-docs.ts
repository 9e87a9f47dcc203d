/**
 * The docs of one mirrored workspace (docs/collection-docs.md): the root room's doc and, for each
 * collection its `collectionIndex`/`collectionOrder` lists, that collection room's doc, held open
 * while the mirror watches the workspace. A root still in the one-doc shape holds its collections
 * itself, and is read as before.
 */
import * as Y from 'yjs'
import type { Collection } from '../../src/model/types.ts'
import {
  createTreeReader,
  initCollectionDoc,
  isSplit,
  listCollections,
  listIndex,
  readCollection,
  type TreeReader,
} from '../../src/model/workspace/api.ts'
import { collectionRoom } from '../rooms.ts'
import type { RoomHold } from '../sync.ts'

/** Opens a room and holds it until released (sync.ts `holdRoom`). */
export type HoldRoom = (room: string) => Promise<RoomHold>

interface Source {
  doc: Y.Doc
  reader: TreeReader
  release(): void
}

type Entity = Y.Map<unknown>

function textOf(value: unknown): string {
  return value instanceof Y.Text ? value.toString() : typeof value === 'string' ? value : ''
}

export class WorkspaceDocs {
  private readonly sources = new Map<string, Source>()
  private readonly rootReader: TreeReader
  private disposed = false

  constructor(
    private readonly room: string,
    readonly root: Y.Doc,
    private readonly hold: HoldRoom | undefined,
    /** Called for every update of a collection doc (the root's own the caller watches). */
    private readonly onUpdate: (doc: Y.Doc, origin: unknown) => void,
  ) {
    this.rootReader = createTreeReader(root)
  }

  private get index(): Y.Map<unknown> {
    return this.root.getMap('collectionIndex')
  }

  /** The root still holds this collection itself (the one-doc shape). */
  private inRoot(id: string): boolean {
    return this.root.getMap('collections').get(id) instanceof Y.Map
  }

  /** The root in the one-doc shape: it holds its collections itself. */
  private get legacy(): boolean {
    return !isSplit(this.root) && this.root.getMap('collections').size > 0
  }

  /** Live collections in sidebar order: the root's index (split), or its own (one-doc shape). */
  ids(): string[] {
    return (this.legacy ? listCollections(this.root) : listIndex(this.root)).map(({ id }) => id)
  }

  /** Holds the collection docs the root lists now, and lets go of those it no longer lists. */
  async refresh(): Promise<void> {
    const wanted = new Set(this.ids().filter((id) => !this.inRoot(id)))
    for (const [id, source] of this.sources) {
      if (wanted.has(id)) continue
      this.sources.delete(id)
      this.close(source)
    }
    await Promise.all([...wanted].filter((id) => !this.sources.has(id)).map((id) => this.open(id)))
  }

  private async open(id: string): Promise<Y.Doc | undefined> {
    if (!this.hold) return undefined
    const held = await this.hold(collectionRoom(this.room, id))
    const existing = this.sources.get(id)
    if (existing || this.disposed) {
      held.release()
      return existing?.doc
    }
    const listener = (_update: Uint8Array, origin: unknown) => this.onUpdate(held.doc, origin)
    held.doc.on('update', listener)
    this.sources.set(id, {
      doc: held.doc,
      reader: createTreeReader(held.doc),
      release: () => {
        held.doc.off('update', listener)
        held.release()
      },
    })
    return held.doc
  }

  private close(source: Source) {
    source.reader.dispose()
    source.release()
  }

  /** The doc that holds collection `id`, if it is open. */
  docOf(id: string): Y.Doc | undefined {
    return this.inRoot(id) ? this.root : this.sources.get(id)?.doc
  }

  /**
   * Where a collection added in git goes: its own collection doc, or the root while the root
   * is in the one-doc shape (or no collection room can be opened).
   */
  async docForNew(id: string, origin: unknown): Promise<Y.Doc> {
    if (this.legacy || !this.hold) return this.root
    const doc = await this.open(id)
    if (!doc) return this.root
    initCollectionDoc(doc, origin)
    return doc
  }

  /** The workspace's collections, in sidebar order. */
  read(incremental: boolean): Collection[] {
    const inRoot = incremental ? new Map(this.rootReader.read().map((c) => [c.id, c])) : undefined
    return this.ids().flatMap((id) => {
      const doc = this.docOf(id)
      if (!doc) return []
      if (!incremental) return readCollection(doc, id) ?? []
      if (doc === this.root) return inRoot!.get(id) ?? []
      return (
        this.sources
          .get(id)!
          .reader.read()
          .find((c) => c.id === id) ?? []
      )
    })
  }

  /** Entities read from the docs by the last incremental `read` (the rest came from caches). */
  get misses(): number {
    let misses = this.rootReader.misses
    for (const source of this.sources.values()) misses += source.reader.misses
    return misses
  }

  /** The root's index entry of a collection doc's collection brought in line with it (name, deleted). */
  syncIndex(id: string, origin: unknown): void {
    const doc = this.sources.get(id)?.doc
    const entity = doc?.getMap<unknown>('collections').get(id)
    if (!(entity instanceof Y.Map)) return
    const name = textOf(entity.get('name'))
    const deleted = entity.get('deleted')
    const entry = this.index.get(id)
    if (
      entry instanceof Y.Map &&
      entry.get('name') === name &&
      JSON.stringify(entry.get('deleted')) === JSON.stringify(deleted)
    )
      return
    this.root.transact(() => {
      let target = entry instanceof Y.Map ? (entry as Entity) : undefined
      if (!target) this.index.set(id, (target = new Y.Map()))
      if (target.get('name') !== name) target.set('name', name)
      if (deleted === undefined) target.delete('deleted')
      else target.set('deleted', deleted)
      const order = this.root.getArray<string>('collectionOrder')
      if (!order.toArray().includes(id)) order.push([id])
    }, origin)
  }

  dispose(): void {
    this.disposed = true
    this.rootReader.dispose()
    for (const source of this.sources.values()) this.close(source)
    this.sources.clear()
  }
}
