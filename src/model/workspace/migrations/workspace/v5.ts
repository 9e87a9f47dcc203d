/**
 * 4 → 5. Table rows by key (row-tables.ts): params, headers, cookies and a form body's rows move
 * out of their field's plain array into one key per row, so concurrent adds and removes of rows
 * merge. And every text a new item is created with (text-fields.ts, `REQUEST_TEXTS`,
 * `CONTAINER_TEXTS`) is made where it is missing, so no two people ever create one later.
 *
 * Two peers migrating the same doc at once write the same rows; each makes its own empty Y.Text
 * for a missing text, one of which wins for both (like v4, an edit typed into the losing one
 * before the two meet is lost; README, "Known limits").
 */
import * as Y from 'yjs'
import { CONTAINER_TEXTS, REQUEST_TEXTS, upgradeTables } from '../../text-fields.ts'

type Entity = Y.Map<unknown>

function addTexts(entity: Entity, paths: readonly string[]): void {
  for (const path of paths) if (!entity.has(path)) entity.set(path, new Y.Text())
}

export function upWorkspace5(doc: Y.Doc): void {
  for (const request of doc.getMap<Entity>('requests').values()) {
    upgradeTables(request)
    addTexts(request, REQUEST_TEXTS)
  }
  for (const kind of ['collections', 'folders'])
    for (const container of doc.getMap<Entity>(kind).values()) addTexts(container, CONTAINER_TEXTS)
}
