/**
 * 5 → 6. Path variables are a table of the request (`pathVariables`, stored by row like params:
 * row-tables.ts). A request whose URL already has `:name` segments gets a row for each, with an
 * empty value, so its `Path Variables` table shows them and it sends what it sent before (an
 * empty value sends `:name` as written).
 *
 * The rows' ids come from their names (`path-<name>`), so two peers migrating the same doc at
 * once write the same rows. Their value texts are not made here but by the first write of a value
 * (row-tables.ts): made by each migrating peer, one of the two texts would win and a value typed
 * into the other before the peers meet would be lost (the v4 and v5 limit, README).
 */
import * as Y from 'yjs'
import { pathVariableNames } from '../../../path-variables.ts'

type Entity = Y.Map<unknown>

export function upWorkspace6(doc: Y.Doc): void {
  for (const request of doc.getMap<Entity>('requests').values()) {
    if ([...request.keys()].some((key) => key.startsWith('pathVariables.'))) continue
    const url = request.get('url')
    const text = url instanceof Y.Text ? url.toString() : typeof url === 'string' ? url : ''
    pathVariableNames(text).forEach((key, pos) =>
      request.set(`pathVariables.path-${key}`, { id: `path-${key}`, key, value: '', enabled: true, pos }),
    )
  }
}
