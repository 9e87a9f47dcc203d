/**
 * An import lands whole or not at all: every collection and environment of one import is written
 * in one transaction, with fresh ids. The app's import worker writes them into a scratch doc
 * (`writeImport`) and hands the page that doc's update; the page applies it to the workspace in
 * one transaction (`applyImport`), so the page never walks the parsed files itself. Secret values
 * never enter the workspace doc: they come back beside the update, for the device doc.
 */
import * as Y from 'yjs'
import { newId } from '../ids.ts'
import type { Collection, Environment, Id, TreeItem, Variable } from '../types.ts'
import { writeCollection } from './actions.ts'
import { createEnvironment } from './variable-tables.ts'
import { reId } from './codec.ts'
import { deviceRoots } from './device-doc.ts'
import { LOCAL_ORIGIN, roots, transact } from './workspace-doc.ts'

export interface ImportItems {
  collections: Collection[]
  environments: Environment[]
}

/** Where an import went: the new ids, and the secret values (by new variable id) for the device. */
export interface WrittenImport {
  collectionIds: Id[]
  environmentIds: Id[]
  secrets: [Id, string][]
}

function collectSecrets(variables: Variable[], into: [Id, string][]): void {
  for (const variable of variables)
    if (variable.secret && variable.value) into.push([variable.id, variable.value])
}

function collectTreeSecrets(node: Collection | TreeItem, into: [Id, string][]): void {
  if (!('children' in node)) return
  collectSecrets(node.variables, into)
  for (const child of node.children) collectTreeSecrets(child, into)
}

/** Writes `items` into `doc` with fresh ids, in one transaction. */
export function writeImport(doc: Y.Doc, items: ImportItems, origin?: unknown): WrittenImport {
  const written: WrittenImport = { collectionIds: [], environmentIds: [], secrets: [] }
  const collections = items.collections.map((collection) => reId(collection, new Map(), newId))
  const environments = items.environments.map((environment) => ({
    ...environment,
    id: newId(),
    variables: environment.variables.map((variable) => ({ ...variable, id: newId() })),
  }))
  for (const collection of collections) collectTreeSecrets(collection, written.secrets)
  for (const environment of environments) collectSecrets(environment.variables, written.secrets)
  transact(doc, origin, () => {
    for (const collection of collections) {
      writeCollection(doc, collection)
      written.collectionIds.push(collection.id)
    }
    for (const environment of environments) {
      written.environmentIds.push(createEnvironment(doc, environment, origin))
    }
  })
  return written
}

/** Moves `ids` to the end of `order`, in the order given (an update from another doc may put them first). */
function moveToEnd(order: Y.Array<Id>, ids: Id[]): void {
  const wanted = new Set(ids)
  const raw = order.toArray()
  for (let i = raw.length - 1; i >= 0; i--) if (wanted.has(raw[i]!)) order.delete(i, 1)
  order.push(ids)
}

/**
 * Applies an update made by `encodeImport` (format v2) to the workspace, in one transaction;
 * the imported collections and environments come after the existing ones. Secret values go to the
 * device doc.
 */
export function applyImport(
  doc: Y.Doc,
  device: Y.Doc,
  update: Uint8Array,
  written: WrittenImport,
  origin?: unknown,
): void {
  doc.transact((transaction) => {
    Y.applyUpdateV2(doc, update)
    // Applying an update marks the transaction remote; this one is the user's own action (and a
    // remote transaction that also writes as this client makes Yjs change the doc's client id).
    transaction.local = true
    const { collectionOrder, environmentOrder } = roots(doc)
    moveToEnd(collectionOrder, written.collectionIds)
    moveToEnd(environmentOrder, written.environmentIds)
  }, origin ?? LOCAL_ORIGIN)
  if (written.secrets.length === 0) return
  const { secrets } = deviceRoots(device)
  transact(device, origin, () => {
    for (const [id, value] of written.secrets) secrets.set(id, { value, scriptAccess: false })
  })
}

/**
 * A scratch doc's import as one update: what the import worker sends the page. Yjs's update
 * format v2: it codes most of its strings (keys, ids, texts) in one go, where v1 calls the
 * browser's TextDecoder once per string (hundreds of thousands of calls, about a fifth of the
 * page's CPU profile while it applied 10,000 requests in Chromium; a quarter of that with v2).
 */
export function encodeImport(items: ImportItems): { update: Uint8Array; written: WrittenImport } {
  const scratch = new Y.Doc()
  const written = writeImport(scratch, items)
  const update = Y.encodeStateAsUpdateV2(scratch)
  scratch.destroy()
  return { update, written }
}
