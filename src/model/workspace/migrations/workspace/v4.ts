/**
 * 3 → 4. Typed text becomes Y.Text (text-fields.ts): the names of requests, folders, collections
 * and environments, request URLs, and the leaves of request scripts, bodies and tables (values,
 * descriptions) and of container scripts. A nested leaf moves out of its field's plain value,
 * which keeps the shape with the leaf emptied. What everything reads as does not change.
 *
 * Two peers migrating the same doc at once each make their own Y.Text for a field; one of them
 * wins for both, with the same text. An edit a peer types into the losing one before the two
 * meet is lost (README, "Known limits"); edits made after they meet merge.
 */
import * as Y from 'yjs'
import { isDefaultField, REQUEST_FIELDS } from '../../codec.ts'
import { fieldEntries, textOf, WHOLE_TEXT_FIELDS } from '../../text-fields.ts'

type Entity = Y.Map<unknown>

function convert(entity: Entity, key: string, isDefault: (shape: unknown) => boolean): void {
  const stored = entity.get(key)
  if (WHOLE_TEXT_FIELDS.has(key)) {
    if (typeof stored === 'string') entity.set(key, new Y.Text(stored))
    return
  }
  if (stored === undefined || [...entity.keys()].some((path) => path.startsWith(`${key}.`))) return
  const entries = fieldEntries(key, stored, isDefault)
  if (entries.length === 1 && entries[0]![0] === key) return
  if (!entries.some(([path]) => path === key)) entity.delete(key)
  for (const [path, value] of entries) entity.set(path, value)
}

export function upWorkspace4(doc: Y.Doc): void {
  for (const request of doc.getMap<Entity>('requests').values()) {
    for (const key of REQUEST_FIELDS) {
      if (request.has(key) || WHOLE_TEXT_FIELDS.has(key)) {
        if (!request.has(key)) request.set(key, new Y.Text())
        convert(request, key, (shape) => isDefaultField(key, shape))
      }
    }
  }
  const emptyScripts = JSON.stringify({ preRequest: '', postResponse: '' })
  for (const kind of ['collections', 'folders']) {
    for (const container of doc.getMap<Entity>(kind).values()) {
      convert(container, 'name', () => false)
      if (container.has('scripts'))
        convert(container, 'scripts', (shape) => JSON.stringify(shape) === emptyScripts)
    }
  }
  for (const environment of doc.getMap<Entity>('environments').values()) {
    if (typeof environment.get('name') === 'string')
      environment.set('name', new Y.Text(textOf(environment.get('name')) ?? ''))
  }
}
