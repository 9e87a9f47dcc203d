/**
 * Import and export as the store offers them: an import worker's update applied in one
 * transaction, a URL fetched through the page's transport for the Import dialog, and a
 * collection or environment read with its secret values (only when asked) for an exporter.
 */
import * as data from '../../model/workspace/api.ts'
import type { Collection, Environment, Id, TreeItem, Variable } from '../../model/types.ts'
import type { BuiltImport } from '../../runtime/import/client.ts'
import type { OpenDocs } from './docs.ts'
import type { SendServices } from './types.ts'
import { writeAction } from './view-only.ts'

export type { ExportTarget } from './types.ts'

export function makeTransferActions(docs: OpenDocs, services: SendServices) {
  const { workspace, device, collections } = docs
  /**
   * One doc per collection: the import landed in the root (one transaction, as before); its
   * collections go to docs of their own, stored before the root lets go of them.
   */
  const settleLanded = async () => {
    if (!collections) return
    const ids = [...data.planSplit(workspace).members.keys()]
    if (ids.length === 0) return
    for (const id of ids) await collections.load(id)
    data.copyLandedCollections(workspace, (id) => collections.loaded(id)!)
    await docs.durability.settled()
    data.removeLanded(workspace)
  }
  const secretsFilled = (variables: Variable[]): Variable[] =>
    variables.map((variable) =>
      variable.secret ? { ...variable, value: data.readSecret(device, variable.id)?.value ?? '' } : variable,
    )
  const fillTree = <T extends Collection | TreeItem>(node: T): T => {
    if ('type' in node && node.type === 'request') return node
    const container = node as Collection
    return {
      ...container,
      variables: secretsFilled(container.variables),
      children: container.children.map(fillTree),
    } as T
  }

  return {
    /** The worker's update, in one transaction: the import lands whole or not at all. */
    applyImport: writeAction((built: BuiltImport): void => {
      const started = performance.now()
      data.applyImport(workspace, device, built.update, built.written)
      void settleLanded().catch(console.warn)
      // Read by bench/import.ts: the one main-thread step of an import.
      performance.clearMeasures('sendbox-import-apply')
      performance.measure('sendbox-import-apply', { start: started })
    }),
    /** A URL's body for the Import dialog, fetched the way requests are sent (relay or direct). */
    async fetchForImport(url: string, signal: AbortSignal): Promise<{ status: number; body: Uint8Array }> {
      const { transport } = await services.transport()
      const response = await transport.send({ method: 'GET', url, headers: [], body: null }, { signal })
      return { status: response.status, body: response.body }
    },
    /** A collection as stored, with its secret values from this device when `includeSecrets`. */
    collectionForExport(id: Id, includeSecrets: boolean): Collection | undefined {
      // One doc per collection: loaded for it first (the dialog reads again when it is).
      if (collections && !collections.loaded(id)) void collections.load(id).catch(console.warn)
      const collection = data.readCollection(collections?.loaded(id) ?? workspace, id)
      return collection && includeSecrets ? fillTree(collection) : collection
    },
    /** Whether the collection is there and its doc still loading (one doc per collection). */
    collectionLoading(id: Id): boolean {
      return (
        collections !== undefined &&
        !collections.loaded(id) &&
        collections.collections(true).some((e) => e.id === id)
      )
    },
    /** An environment as stored, with its secret values from this device when `includeSecrets`. */
    environmentForExport(id: Id, includeSecrets: boolean): Environment | undefined {
      const environment = data.listEnvironments(workspace).find((env) => env.id === id)
      if (!environment || !includeSecrets) return environment
      return { ...environment, variables: secretsFilled(environment.variables) }
    },
  }
}
