/** Environments, variable tables and secrets (secret values stay in the device doc). */
import * as data from '../../model/workspace/api.ts'
import type { Id, Variable } from '../../model/types.ts'
import { messages } from '../messages.ts'
import type { OpenDocs } from './docs.ts'
import { itemDoc } from './item-doc.ts'
import { writeAction } from './view-only.ts'

export function makeVariableActions(docs: OpenDocs) {
  const { workspace, device } = docs
  // A collection's or folder's variables live in its collection's doc when each collection has
  // its own (docs/collection-docs.md); the other scopes in the workspace doc.
  const ownerDoc = (owner: data.VariableOwner) =>
    owner.scope === 'collection' || owner.scope === 'folder' ? itemDoc(docs, owner.id) : workspace
  return {
    readVariables(owner: data.VariableOwner): Variable[] {
      return data.readVariables(ownerDoc(owner), owner, device)
    },
    setVariables: writeAction((owner: data.VariableOwner, variables: Variable[]) => {
      data.setVariables(ownerDoc(owner), device, owner, variables)
      // A secret value is kept in the device doc alone: committed strictly like the rest.
      void docs.durability.commit()
    }),
    scriptAccess(variableId: Id): boolean {
      return data.readSecret(device, variableId)?.scriptAccess ?? false
    },
    setScriptAccess(variableId: Id, allowed: boolean) {
      data.setSecretScriptAccess(device, variableId, allowed)
      void docs.durability.commit()
    },
    createEnvironment: writeAction((name: string = messages.newEnvironment): Id => {
      return data.createEnvironment(workspace, { name })
    }),
    renameEnvironment: writeAction((id: Id, name: string) => {
      if (name.trim()) data.renameItem(workspace, id, name.trim())
    }),
    deleteEnvironment: writeAction((id: Id) => {
      const removed = data.deleteEnvironment(workspace, id)
      data.forgetSecrets(device, removed.variableIds)
      if (data.activeEnvironmentId(device) === id) data.setActiveEnvironment(device, null)
    }),
    selectEnvironment(id: Id | null) {
      data.setActiveEnvironment(device, id)
    },
  }
}
