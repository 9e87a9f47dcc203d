/**
 * What Postman's named scopes read: `pm.environment.get(name)` gives the environment's value only,
 * `pm.globals` the globals', `pm.collectionVariables` the collection's, as in newman (undefined
 * when that scope has none, even if another scope defines the name); `pm.variables` resolves by
 * precedence (variables.ts). A scope's value is the one a script set in it this session
 * (session-targets.ts), else its stored layer's (unless a script unset or cleared it there).
 */
import { postmanEntry, postmanNames, postmanRead } from './postman-values.ts'
import { hiddenNames, isHidden } from './session-hidden.ts'
import { sessionTargetOf, type SessionTarget } from './session-targets.ts'
import { SecretWithheldError, type VariableContext, type VariableScope } from './variables.ts'

/** The stored layer a script's scope stands for. */
export const LAYER_OF: Record<SessionTarget, VariableScope> = {
  environment: 'environment',
  globals: 'global',
  collection: 'collection',
}

type Found = { session: true } | { session: false; value: string; withheld: boolean } | undefined

function find(vars: VariableContext, target: SessionTarget, name: string): Found {
  if (vars.session.has(name) && sessionTargetOf(vars.session, name) === target) return { session: true }
  const scope = LAYER_OF[target]
  if (isHidden(hiddenNames(vars.session), scope, name)) return undefined
  // Later layers of one scope are below earlier ones (as lookup reads them); in a layer the last row wins.
  for (const layer of vars.layers) {
    if (layer.scope !== scope) continue
    for (let i = layer.variables.length - 1; i >= 0; i--) {
      const variable = layer.variables[i]!
      if (variable.key !== name || variable.enabled === false) continue
      return {
        session: false,
        value: variable.value,
        withheld: variable.secret === true && !variable.scriptAccess,
      }
    }
  }
  return undefined
}

/** `get`: undefined when the scope has no such name; a withheld secret aborts. */
export function scopeGet(
  vars: VariableContext,
  target: SessionTarget,
  name: string,
  owner: unknown,
): unknown {
  const found = find(vars, target, name)
  if (found === undefined) return undefined
  if (found.session) {
    const entry = postmanEntry(vars.session, name)
    return entry ? postmanRead(entry, owner) : vars.session.get(name)
  }
  if (found.withheld) throw new SecretWithheldError(name)
  return found.value
}

/** `has`: false for a withheld secret. */
export function scopeHas(vars: VariableContext, target: SessionTarget, name: string): boolean {
  const found = find(vars, target, name)
  return found !== undefined && (found.session || !found.withheld)
}

/** `toObject()` / `values`: every name the scope gives, with the value `get` gives. */
export function scopeSnapshot(
  vars: VariableContext,
  target: SessionTarget,
  owner: unknown,
): Record<string, unknown> {
  const result: Record<string, unknown> = {}
  const scope = LAYER_OF[target]
  const hidden = hiddenNames(vars.session)
  for (const layer of [...vars.layers].reverse()) {
    if (layer.scope !== scope) continue
    for (const variable of layer.variables) {
      if (variable.enabled === false || isHidden(hidden, scope, variable.key)) continue
      if (variable.secret && !variable.scriptAccess) delete result[variable.key]
      else result[variable.key] = variable.value
    }
  }
  for (const [name, text] of vars.session) {
    if (sessionTargetOf(vars.session, name) === target) result[name] = text
  }
  for (const name of postmanNames(vars.session)) {
    const entry = postmanEntry(vars.session, name)
    if (entry && sessionTargetOf(vars.session, name) === target) result[name] = postmanRead(entry, owner)
  }
  return result
}
