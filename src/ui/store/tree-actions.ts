/** Sidebar actions on collections, folders and requests, in plain calls to the data layer. */
import * as data from '../../model/workspace/api.ts'
import type { Auth, Id, Scripts } from '../../model/types.ts'
import { messages } from '../messages.ts'
import { makeCollection, makeRequest } from '../../model/factories.ts'
import type { OpenDocs } from './docs.ts'
import { writeAction } from './view-only.ts'
import { itemDoc } from './item-doc.ts'

export function makeTreeActions(
  docs: OpenDocs,
  expand: (id: Id, open?: boolean) => void,
  /** Shows an open tab in this window (`window-tab.ts`). */
  activate: (id: Id) => void,
) {
  const { workspace, device, collections } = docs
  const docOf = (id: Id) => itemDoc(docs, id)
  /**
   * Runs `act` once the item's doc is loaded: at once when it is (or with one doc); else (a
   * collapsed collection, one doc per collection) after loading it, and undefined now.
   */
  const withDoc = <T>(id: Id, act: () => T): T | undefined => {
    if (!collections || collections.docOf(id)) return act()
    const done = collections.locate(id).then((found) => found !== undefined && act())
    // `Saving…` and the dialogs that wait for the disk wait for it too.
    docs.durability.hold(done)
    done.catch(console.warn)
    return undefined
  }

  /** Keeps open tabs' names in step with a rename in the sidebar, without touching their edits. */
  const renameTabsOf = (requestId: Id, name: string) => {
    for (const tab of data.listTabs(device)) {
      if (tab.savedRequestId !== requestId) continue
      data.updateDraft(device, tab.id, { name })
      if (!tab.dirty) data.markTabSaved(device, tab.id, requestId)
    }
  }

  /**
   * A tab whose request was deleted (itself, or its folder or collection) closes; one with
   * unsaved edits stays open with them, and Save then restores the request where it was.
   */
  const closeTabsOfDeleted = () => {
    const tabs = data.listTabs(device)
    const gone = tabs.filter(
      (t) => t.savedRequestId && !data.readRequest(docOf(t.savedRequestId), t.savedRequestId),
    )
    for (const tab of gone) if (!tab.dirty) data.closeTab(device, tab.id)
    if (data.listTabs(device).length === 0 && tabs.length > 0) data.openTab(device, makeRequest())
  }

  return {
    createCollection: writeAction((): Id => {
      const collection = makeCollection({ name: messages.newCollectionName })
      // One doc per collection: the id is known at once, the doc is written once it is open.
      if (collections) {
        const created = collections.createCollection(collection)
        docs.durability.hold(created)
        created.catch(console.warn)
      } else data.createCollection(workspace, collection)
      return collection.id
    }),
    addRequest: writeAction((parentId: Id): Id | undefined =>
      withDoc(parentId, () => {
        const doc = docOf(parentId)
        const id = data.createRequest(doc, { parentId }, { name: messages.newRequestName })
        expand(parentId, true)
        const request = data.readRequest(doc, id)
        if (request) data.openTab(device, request, { savedRequestId: id })
        return id
      }),
    ),
    addFolder: writeAction((parentId: Id): Id | undefined =>
      withDoc(parentId, () => {
        const id = data.createFolder(docOf(parentId), { parentId }, { name: messages.newFolderName })
        expand(parentId, true)
        return id
      }),
    ),
    renameItem: writeAction((id: Id, name: string) => {
      const trimmed = name.trim()
      if (!trimmed) return
      withDoc(id, () => {
        if (collections) collections.renameItem(id, trimmed)
        else data.renameItem(workspace, id, trimmed)
        if (data.itemType(docOf(id), id) === 'request') renameTabsOf(id, trimmed)
      })
    }),
    duplicateItem: writeAction((id: Id): Id | undefined => {
      if (collections) {
        // The copy's id at once; a collection's copy is written once its docs are open.
        const copyNow = () => {
          const copy = collections.duplicateNow(id)
          void copy.done.then((done) => data.copySecrets(device, done.idMap)).catch(console.warn)
          return copy.id
        }
        return collections.collections(true).some((entry) => entry.id === id)
          ? copyNow()
          : withDoc(id, copyNow)
      }
      const copy = data.duplicateItem(workspace, id)
      data.copySecrets(device, copy.idMap)
      return copy.id
    }),
    /** Soft: `Recently deleted` restores it. Secret values stay on the device for that. */
    deleteItem: writeAction((id: Id) => {
      withDoc(id, () => {
        if (collections) collections.deleteItem(id)
        else data.deleteItem(workspace, id)
        closeTabsOfDeleted()
      })
    }),
    /** `Recently deleted`: newest first. */
    deletedItems(): data.DeletedItem[] {
      if (!collections) return data.listDeleted(workspace)
      // A deleted collection is listed from its doc: loaded for it (the list reads again then).
      for (const entry of collections.collections(true))
        if (entry.deleted && !collections.loaded(entry.id))
          void collections.load(entry.id).catch(console.warn)
      const all = collections.loadedDocs().flatMap(([, doc]) => data.listDeleted(doc))
      return all.sort((a, b) => b.deletedAt - a.deletedAt || (a.id < b.id ? -1 : 1))
    },
    /** `Restore`: brings a deletion back where it was, with the edits it received meanwhile. */
    restoreItem: writeAction((id: Id) => {
      withDoc(id, () => {
        if (collections) collections.restoreItem(id)
        else data.restoreItem(workspace, id)
        const chain = data.findAncestors(docOf(id), id)
        if (chain) expand(chain.collection.id, true)
      })
    }),
    /** `Delete permanently`: the deletion is gone for good, with its secret values on this device. */
    purgeItem: writeAction((id: Id) => {
      withDoc(id, () => {
        const purged = collections ? collections.purgeItem(id) : data.purgeItem(workspace, id)
        data.forgetSecrets(device, purged.variableIds)
      })
    }),
    moveItem: writeAction((id: Id, target: data.MoveTarget) => {
      if (collections)
        void collections
          .locate(id)
          .then(() => collections.moveItem(id, target))
          .catch(console.warn)
      else data.moveItem(workspace, id, target)
      if (target.parentId) expand(target.parentId, true)
    }),
    openRequest(id: Id) {
      const open = data.listTabs(device).find((t) => t.savedRequestId === id)
      if (open) return activate(open.id)
      const request = data.readRequest(docOf(id), id)
      if (request) data.openTab(device, request, { savedRequestId: id })
    },
    /** Collections and folders only, for the save dialog's destination tree. */
    containerRows(expanded: ReadonlySet<Id>): data.TreeRow[] {
      const rows = collections ? collections.listTree(expanded) : data.listTree(workspace, expanded)
      return rows.filter((row) => row.type !== 'request')
    },
    itemType(id: Id) {
      return collections?.collections(true).some((entry) => entry.id === id)
        ? 'collection'
        : data.itemType(docOf(id), id)
    },
    /** A collapsed collection's doc is loaded for it (the dialog reads again when it is). */
    readContainer(id: Id): data.ContainerSettings | undefined {
      return withDoc(id, () => readContainer(docOf(id), id))
    },
    setContainerAuth: writeAction((id: Id, auth: Auth) => {
      withDoc(id, () => data.setAuth(docOf(id), id, auth))
    }),
    setContainerScripts: writeAction((id: Id, scripts: Partial<Scripts>) => {
      withDoc(id, () => data.setScripts(docOf(id), id, scripts))
    }),
    setContainerDescription: writeAction((id: Id, text: string) => {
      withDoc(id, () => data.setDescription(docOf(id), id, text))
    }),
    /** The collection a request inherits from and its auth, for the request header's hint. */
    ancestors(id: Id): data.AncestorChain | undefined {
      return data.findAncestors(docOf(id), id)
    },
  }
}

/** A collection's or folder's own settings, without its children. */
export function readContainer(doc: import('yjs').Doc, id: Id): data.ContainerSettings | undefined {
  const type = data.itemType(doc, id)
  const found =
    type === 'collection'
      ? data.readCollection(doc, id)
      : type === 'folder'
        ? data.readFolder(doc, id)
        : undefined
  return (
    found && {
      id,
      name: found.name,
      auth: found.auth,
      variables: found.variables,
      scripts: found.scripts,
      ...(found.description ? { description: found.description } : {}),
    }
  )
}
