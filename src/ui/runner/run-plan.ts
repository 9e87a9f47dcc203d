/**
 * The collection a run sends: the chosen requests in the chosen order, each still inside copies
 * of its own folders, so the run loop gives it the same folder auth, scripts and variables as in
 * the tree. Pure.
 */
import type { Collection, Folder, TreeItem } from '../../model/types.ts'
import type { PlannedRequest } from '../../runtime/run-collection.ts'

export function orderedCollection(collection: Collection, chosen: readonly PlannedRequest[]): Collection {
  const children: TreeItem[] = chosen.map((plan) =>
    // plan.folders is nearest first: wrap the request from the inside out.
    plan.folders.reduce<TreeItem>(
      (inner, folder): Folder => ({ ...folder, children: [inner] }),
      plan.request,
    ),
  )
  return { ...collection, children }
}
