/**
 * A request's saved responses (examples) in its entity map: each one its own key,
 * `examples.<example id>`, holding the plain example and a `pos`. Two people saving examples
 * to one request at once both keep theirs, two deleting different ones both delete them, and
 * one example edited twice is last-writer-wins as a whole (an example is edited rarely, and
 * its body is not typed into collaboratively).
 */
import type * as Y from 'yjs'
import type { Id, SavedResponse } from '../types.ts'
import { clone } from './clone.ts'
import { roots, transact, type EntityMap } from './workspace-doc.ts'

const PREFIX = 'examples.'
type StoredExample = SavedResponse & { pos: number }

const isStored = (value: unknown): value is StoredExample =>
  typeof value === 'object' && value !== null && 'id' in value && 'status' in value

/** The examples in order (by `pos`, then id, so every peer reads the same order). */
export function readExamples(entity: EntityMap): SavedResponse[] {
  const stored: StoredExample[] = []
  for (const [key, value] of entity.entries())
    if (key.startsWith(PREFIX) && isStored(value)) stored.push(value)
  stored.sort((a, b) => a.pos - b.pos || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
  return stored.map((example) => {
    const copy = clone(example) as Partial<StoredExample>
    delete copy.pos
    return copy as SavedResponse
  })
}

/**
 * Makes the stored examples `examples`. With `base` (the list a draft started from), only what
 * the draft changed is written: examples others added meanwhile stay, and only those the draft
 * removed go.
 */
export function writeExamples(
  entity: EntityMap,
  examples: readonly SavedResponse[],
  base?: readonly SavedResponse[],
): void {
  const before = new Map(readExamples(entity).map((example) => [example.id, example]))
  const baseById = base ? new Map(base.map((example) => [example.id, JSON.stringify(example)])) : undefined
  const wanted = new Set(examples.map((example) => example.id))
  for (const id of before.keys()) {
    const removedByDraft = baseById ? baseById.has(id) : true
    if (!wanted.has(id) && removedByDraft) entity.delete(PREFIX + id)
  }
  examples.forEach((example, pos) => {
    const json = JSON.stringify(example)
    const current = before.get(example.id)
    // Untouched by the draft: whatever others did to it meanwhile (an edit, a delete) stands.
    if (baseById?.get(example.id) === json) return
    if (current && JSON.stringify(current) === json && readPos(entity, example.id) === pos) return
    entity.set(PREFIX + example.id, { ...clone(example), pos })
  })
}

function readPos(entity: EntityMap, id: Id): number | undefined {
  const value = entity.get(PREFIX + id)
  return isStored(value) ? value.pos : undefined
}

/** The entries a new request's entity starts with. */
export function exampleEntries(examples: readonly SavedResponse[] | undefined): [string, unknown][] {
  return (examples ?? []).map((example, pos) => [PREFIX + example.id, { ...clone(example), pos }])
}

function requestEntityOf(doc: Y.Doc, requestId: Id): EntityMap {
  const entity = roots(doc).requests.get(requestId)
  if (!entity || entity.has('deleted')) throw new Error(`No request with id ${requestId}`)
  return entity
}

/** Adds a saved response at the end of the request's examples (or replaces the one with its id). */
export function saveExample(doc: Y.Doc, requestId: Id, example: SavedResponse, origin?: unknown): void {
  const entity = requestEntityOf(doc, requestId)
  transact(doc, origin, () => {
    const existing = entity.get(PREFIX + example.id)
    const pos = isStored(existing) ? existing.pos : Math.max(-1, ...readPositions(entity)) + 1
    entity.set(PREFIX + example.id, { ...clone(example), pos })
  })
}

export function deleteExample(doc: Y.Doc, requestId: Id, exampleId: Id, origin?: unknown): void {
  const entity = requestEntityOf(doc, requestId)
  transact(doc, origin, () => entity.delete(PREFIX + exampleId))
}

function readPositions(entity: EntityMap): number[] {
  const positions: number[] = []
  for (const [key, value] of entity.entries())
    if (key.startsWith(PREFIX) && isStored(value)) positions.push(value.pos)
  return positions
}
