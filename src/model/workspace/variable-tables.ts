/**
 * Variable tables (collection, folder, environment, workspace, global) and environments.
 * A secret's row lives in the workspace with an empty value; its value and script-access flag
 * live in the device doc under the variable's id, so a collaborator sees only that it exists.
 */
import type * as Y from 'yjs'
import { makeEnvironment } from '../factories.ts'
import type { Environment, Id, Variable } from '../types.ts'
import type { ScopedVariable, VariableLayer } from '../variables.ts'
import type { Deleted, VariableOwner } from './types.ts'
import { withoutSecretValues } from './codec.ts'
import { makeTable, readTable, writeTable, type VariableTable } from './variable-store.ts'
import { readScopeVariables, writeScopeVariables, type ScopeName } from './scope-variables.ts'
import { activeEnvironmentId, deviceRoots } from './device-doc.ts'
import { findAncestors } from './read.ts'
import { textOf } from './text-fields.ts'
import { orderedIds } from './tree-index.ts'
import { isLive, live, makeEntity, roots, transact, type EntityMap } from './workspace-doc.ts'

/** An entity's table (the workspace and global ones: scope-variables.ts). */
function ownerTable(
  doc: Y.Doc,
  owner: Exclude<VariableOwner, { scope: ScopeName }>,
  create: boolean,
): VariableTable | undefined {
  const r = roots(doc)
  const kind =
    owner.scope === 'collection' ? 'collections' : owner.scope === 'folder' ? 'folders' : 'environments'
  const entity: EntityMap | undefined = live(r[kind].get(owner.id))
  if (!entity) return undefined
  const existing = entity.get('variables') as VariableTable | undefined
  if (existing || !create) return existing
  const table = makeTable([])
  entity.set('variables', table)
  return table
}

function ownerExists(doc: Y.Doc, owner: VariableOwner): boolean {
  if (owner.scope === 'global' || owner.scope === 'workspace') return true
  const r = roots(doc)
  const kind =
    owner.scope === 'collection' ? 'collections' : owner.scope === 'folder' ? 'folders' : 'environments'
  return isLive(r[kind], owner.id)
}

function storedVariables(doc: Y.Doc, owner: VariableOwner): Variable[] {
  if (owner.scope === 'global' || owner.scope === 'workspace') return readScopeVariables(doc, owner.scope)
  return readTable(ownerTable(doc, owner, false))
}

export function readVariables(doc: Y.Doc, owner: VariableOwner, device?: Y.Doc): Variable[] {
  const variables = storedVariables(doc, owner)
  if (!device) return variables
  const { secrets } = deviceRoots(device)
  return variables.map((variable) =>
    variable.secret ? { ...variable, value: secrets.get(variable.id)?.value ?? '' } : variable,
  )
}

/** Replaces a table: secret values go to the device, rows no longer secret leave it. */
export function setVariables(
  doc: Y.Doc,
  device: Y.Doc,
  owner: VariableOwner,
  variables: Variable[],
  origin?: unknown,
): void {
  if (!ownerExists(doc, owner)) throw new Error(`No variable table for ${JSON.stringify(owner)}`)
  const before = storedVariables(doc, owner)
  const { secrets } = deviceRoots(device)
  transact(device, origin, () => {
    const kept = new Set(variables.filter((variable) => variable.secret).map((variable) => variable.id))
    for (const variable of before) if (variable.secret && !kept.has(variable.id)) secrets.delete(variable.id)
    for (const variable of variables) {
      if (!variable.secret) continue
      const current = secrets.get(variable.id)
      if (current?.value !== variable.value) {
        secrets.set(variable.id, { value: variable.value, scriptAccess: current?.scriptAccess ?? false })
      }
    }
  })
  const stored = withoutSecretValues(variables)
  transact(doc, origin, () => {
    if (owner.scope === 'global' || owner.scope === 'workspace') writeScopeVariables(doc, owner.scope, stored)
    else writeTable(ownerTable(doc, owner, true)!, stored)
  })
}

export function createEnvironment(doc: Y.Doc, fields: Partial<Environment> = {}, origin?: unknown): Id {
  const environment = makeEnvironment(fields)
  const { environments, environmentOrder } = roots(doc)
  transact(doc, origin, () => {
    const entity = makeEntity({
      name: environment.name,
      variables: makeTable(withoutSecretValues(environment.variables)),
    })
    environments.set(environment.id, entity)
    environmentOrder.push([environment.id])
  })
  return environment.id
}

export function deleteEnvironment(doc: Y.Doc, id: Id, origin?: unknown): Deleted {
  const variableIds = storedVariables(doc, { scope: 'environment', id }).map((variable) => variable.id)
  const { environments, environmentOrder } = roots(doc)
  if (!environments.has(id)) throw new Error(`No environment with id ${id}`)
  transact(doc, origin, () => {
    environments.delete(id)
    const raw = environmentOrder.toArray()
    for (let i = raw.length - 1; i >= 0; i--) if (raw[i] === id) environmentOrder.delete(i, 1)
  })
  return { ids: [id], variableIds }
}

/** Environments in sidebar order, with secret values left empty. */
export function listEnvironments(doc: Y.Doc): Environment[] {
  const { environments, environmentOrder } = roots(doc)
  return orderedIds(environmentOrder, environments).map((id) => ({
    id,
    name: textOf(environments.get(id)!.get('name')) ?? '',
    variables: storedVariables(doc, { scope: 'environment', id }),
  }))
}

function layerVariables(variables: Variable[], device: Y.Doc): ScopedVariable[] {
  const { secrets } = deviceRoots(device)
  return variables.map((variable) => {
    const scoped: ScopedVariable = { key: variable.key, value: variable.value, enabled: variable.enabled }
    if (!variable.secret) return scoped
    const secret = secrets.get(variable.id)
    return {
      ...scoped,
      value: secret?.value ?? '',
      secret: true,
      scriptAccess: secret?.scriptAccess ?? false,
    }
  })
}

/**
 * The layers `VariableContext` resolves through, for a request (or none): its folders nearest
 * first, its collection, the environment (the device's active one unless given), workspace, global.
 */
export function variableLayers(
  doc: Y.Doc,
  device: Y.Doc,
  requestId: Id | null,
  environmentId: Id | null = activeEnvironmentId(device),
  /** The doc holding the request, when it is not `doc` (a collection's doc: docs/collection-docs.md). */
  itemDoc: Y.Doc = doc,
): VariableLayer[] {
  const layers: VariableLayer[] = []
  const chain = requestId === null ? undefined : findAncestors(itemDoc, requestId)
  if (chain) {
    for (const folder of chain.folders) {
      layers.push({
        scope: 'folder',
        source: folder.name,
        variables: layerVariables(folder.variables, device),
      })
    }
    const { collection } = chain
    layers.push({
      scope: 'collection',
      source: collection.name,
      variables: layerVariables(collection.variables, device),
    })
  }
  const environment = environmentId === null ? undefined : roots(doc).environments.get(environmentId)
  if (environment && environmentId !== null) {
    layers.push({
      scope: 'environment',
      source: textOf(environment.get('name')) ?? '',
      variables: layerVariables(storedVariables(doc, { scope: 'environment', id: environmentId }), device),
    })
  }
  for (const scope of ['workspace', 'global'] as const) {
    layers.push({ scope, variables: layerVariables(storedVariables(doc, { scope }), device) })
  }
  return layers
}
