/**
 * 2 → 3. Deleting becomes soft: a deleted item keeps its map and gets a `deleted` marker
 * (workspace-doc.ts). Nothing stored changes; the version says that a reader which does not know
 * the marker (schema 2) must not open the doc, since it would show deleted items as live.
 */
import type * as Y from 'yjs'

export function upWorkspace3(doc: Y.Doc): void {
  void doc
}
