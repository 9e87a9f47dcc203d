/** Sidebar actions on collections, folders and requests, in plain calls to the data layer. */
import * as data from '../../model/workspace/api.ts'
import type { Auth, Id, Scripts } from '../../model/types.ts'
import { messages } from '../messages.ts'
import { makeRequest } from '../../model/factories.ts'
import type { OpenDocs } from './docs.ts'
import { writeAction } from './view-only.ts'

export function makeTreeActions(
  docs: OpenDocs,
  expand: (id: Id, open?: boolean) => void,
  /** Shows an open tab in this window (`window-tab.ts`). */
  activate: (id: Id) => void,
) {
  const { workspace, device } = docs

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
    const gone = tabs.filter((t) => t.savedRequestId && !data.readRequest(workspace, t.savedRequestId))
    for (const tab of gone) if (!tab.dirty) data.closeTab(device, tab.id)
    if (data.listTabs(device).length === 0 && tabs.length > 0) data.openTab(device, makeRequest())
  }

  return {
    createCollection: writeAction((): Id => {
      return data.createCollection(workspace, { name: messages.newCollectionName })
    }),
    addRequest: writeAction((parentId: Id): Id => {
      const id = data.createRequest(workspace, { parentId }, { name: messages.newRequestName })
      expand(parentId, true)
      const request = data.readRequest(workspace, id)
      if (request) data.openTab(device, request, { savedRequestId: id })
      return id
    }),
    addFolder: writeAction((parentId: Id): Id => {
      const id = data.createFolder(workspace, { parentId }, { name: messages.newFolderName })
      expand(parentId, true)
      return id
    }),
    renameItem: writeAction((id: Id, name: string) => {
      const trimmed = name.trim()
      if (!trimmed) return
      data.renameItem(workspace, id, trimmed)
      if (data.itemType(workspace, id) === 'request') renameTabsOf(id, trimmed)
    }),
    duplicateItem: writeAction((id: Id): Id => {
      const copy = data.duplicateItem(workspace, id)
      data.copySecrets(device, copy.idMap)
      return copy.id
    }),
    /** Soft: `Recently deleted` restores it. Secret values stay on the device for that. */
    deleteItem: writeAction((id: Id) => {
      data.deleteItem(workspace, id)
      closeTabsOfDeleted()
    }),
    /** `Recently deleted`: newest first. */
    deletedItems(): data.DeletedItem[] {
      return data.listDeleted(workspace)
    },
    /** `Restore`: brings a deletion back where it was, with the edits it received meanwhile. */
    restoreItem: writeAction((id: Id) => {
      data.restoreItem(workspace, id)
      const chain = data.findAncestors(workspace, id)
      if (chain) expand(chain.collection.id, true)
    }),
    /** `Delete permanently`: the deletion is gone for good, with its secret values on this device. */
    purgeItem: writeAction((id: Id) => {
      data.forgetSecrets(device, data.purgeItem(workspace, id).variableIds)
    }),
    moveItem: writeAction((id: Id, target: data.MoveTarget) => {
      data.moveItem(workspace, id, target)
      if (target.parentId) expand(target.parentId, true)
    }),
    openRequest(id: Id) {
      const open = data.listTabs(device).find((t) => t.savedRequestId === id)
      if (open) return activate(open.id)
      const request = data.readRequest(workspace, id)
      if (request) data.openTab(device, request, { savedRequestId: id })
    },
    /** Collections and folders only, for the save dialog's destination tree. */
    containerRows(expanded: ReadonlySet<Id>): data.TreeRow[] {
      return data.listTree(workspace, expanded).filter((row) => row.type !== 'request')
    },
    itemType(id: Id) {
      return data.itemType(workspace, id)
    },
    readContainer(id: Id): data.ContainerSettings | undefined {
      return readContainer(workspace, id)
    },
    setContainerAuth: writeAction((id: Id, auth: Auth) => {
      data.setAuth(workspace, id, auth)
    }),
    setContainerScripts: writeAction((id: Id, scripts: Partial<Scripts>) => {
      data.setScripts(workspace, id, scripts)
    }),
    setContainerDescription: writeAction((id: Id, text: string) => {
      data.setDescription(workspace, id, text)
    }),
    /** The collection a request inherits from and its auth, for the request header's hint. */
    ancestors(id: Id): data.AncestorChain | undefined {
      return data.findAncestors(workspace, id)
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
