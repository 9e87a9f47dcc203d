/**
 * What the Collection Runner reads from the documents and the send services when a run starts:
 * the collection (or the folder's collection) as plain data with this device's secret values, the
 * environment, the workspace and global variables, and the send pipeline's dependencies as a
 * single send gets them. Loaded with the runner's chunk (`sendState.runSource()`), not the shell.
 */
import type * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import type { Collection, Environment, Folder, Id, TreeItem, Variable } from '../../model/types.ts'
import type { SessionValues } from '../../model/variables.ts'
import { planRun, type PlannedRequest } from '../../runtime/run-collection.ts'
import type { SendDeps } from '../../runtime/send.ts'
import type { TokenStore } from '../../runtime/oauth/token-for-send.ts'
import type { SendSettings } from './settings-state.ts'
import { resolveFile } from './file-store.ts'
import type { OpenDocs } from './docs.ts'
import type { SendServices } from './types.ts'

export interface RunTarget {
  kind: 'collection' | 'folder'
  /** The collection's or folder's name. */
  name: string
  /** The collection the target belongs to: its whole tree, secret values filled in. */
  collection: Collection
  /** The target's requests in the collection's order. */
  planned: PlannedRequest[]
}

export interface RunSource {
  target(containerId: Id): RunTarget | undefined
  /** An environment with its secret values; undefined for none or a deleted one. */
  environment(id: Id | null): Environment | undefined
  /** The workspace and global variables, as one layer above the environment. */
  globals(): Environment
  /** Values scripts set this app session (spec 4.5): a run starts from them and may keep its own. */
  session: SessionValues
  deps(): Promise<Omit<SendDeps, 'onEvent'>>
  /** Where this device keeps OAuth 2.0 tokens: a run starts with the held ones and keeps new ones. */
  tokens: TokenStore
  /** The IndexedDB database of past runs: one per device doc, so a joined workspace keeps its own. */
  runsDb: string
}

/** A secret's value (and whether scripts may read it) comes from the device doc. */
function withSecret(device: Y.Doc, variable: Variable): Variable {
  if (!variable.secret) return variable
  const held = data.readSecret(device, variable.id)
  return { ...variable, value: held?.value ?? '', scriptAccess: held?.scriptAccess ?? false } as Variable
}

function withSecrets<T extends Collection | Folder>(device: Y.Doc, container: T): T {
  const children = container.children.map((child): TreeItem =>
    child.type === 'folder' ? withSecrets(device, child) : child,
  )
  return { ...container, variables: container.variables.map((v) => withSecret(device, v)), children }
}

export function makeRunSource(
  docs: OpenDocs,
  services: SendServices,
  session: SessionValues,
  sendSettings: () => SendSettings,
  tokens: TokenStore,
): RunSource {
  const { workspace, device, collections } = docs
  /**
   * The doc that holds the collection or folder. One doc per collection: its collection's, once
   * loaded; until then undefined, and it is loaded (the runner reads again when a doc loads).
   */
  const docOf = (id: Id): Y.Doc | undefined => {
    if (!collections) return workspace
    const doc = collections.docOf(id)
    if (!doc) void collections.locate(id).catch(console.warn)
    return doc
  }
  return {
    target(containerId) {
      const doc = docOf(containerId)
      if (!doc) return undefined
      const type = data.itemType(doc, containerId)
      const collectionId =
        type === 'collection' ? containerId : data.findAncestors(doc, containerId)?.collection.id
      const stored = collectionId === undefined ? undefined : data.readCollection(doc, collectionId)
      if (!stored || (type !== 'collection' && type !== 'folder')) return undefined
      const collection = withSecrets(device, stored)
      const all = planRun(collection)
      if (type === 'collection') return { kind: type, name: collection.name, collection, planned: all }
      const folder = data.readFolder(doc, containerId)
      const planned = all.filter((plan) => plan.folders.some((f) => f.id === containerId))
      return { kind: type, name: folder?.name ?? '', collection, planned }
    },
    environment(id) {
      const found = id === null ? undefined : data.listEnvironments(workspace).find((e) => e.id === id)
      return found && { ...found, variables: found.variables.map((v) => withSecret(device, v)) }
    },
    globals() {
      const variables = [
        ...data.readVariables(workspace, { scope: 'workspace' }, device),
        ...data.readVariables(workspace, { scope: 'global' }, device),
      ]
      return { id: 'globals', name: '', variables }
    },
    session,
    tokens,
    runsDb: `${docs.deviceDb}-runs`,
    async deps() {
      const { transport, relay } = await services.transport()
      const settings = data.readSettings(device)
      return {
        transport,
        scripts: services.scripts(),
        oauth: { store: tokens },
        options: sendSettings(),
        formatJson: settings.editor.formatJsonOnSend,
        defaultHeaders: settings.editor.defaultHeaders,
        resolveFile,
        // As a single send: the script worker builds and sends each scripted request itself.
        ...(relay ? { handOff: relay } : {}),
      }
    },
  }
}
