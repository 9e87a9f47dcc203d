/**
 * The variable scopes of `pm` / `alpha` with newman's value semantics: `get` of a missing name is
 * undefined; a value set comes back as set within the script that set it and as newman's sandbox
 * boundary hands it on after it (through JSON: `undefined`, `NaN`, a function become null;
 * model/postman-values.ts), and `{{name}}` substitution uses that value's text. `values` is
 * postman-collection's VariableList, built in the guest (guest/variable-list.ts). `svc` keeps
 * spec 4.5's text and null (common.ts).
 */
import { hideStoredName, hideStoredScope } from '../../../model/session-hidden.ts'
import { markSessionTarget, sessionTargetOf, type SessionTarget } from '../../../model/session-targets.ts'
import type { VariableScope } from '../../../model/variables.ts'
import type { CurrentRun } from './common.ts'
import { api, VariableListValue } from './bridge.ts'
import { toText } from './values.ts'

/** The stored layer a script's scope stands for. */
const LAYER_OF: Record<SessionTarget, VariableScope> = {
  environment: 'environment',
  globals: 'global',
  collection: 'collection',
}

/** `target`: the scope the script names (`pm.environment`, `pm.globals`, `pm.collectionVariables`). */
export function postmanScope(current: CurrentRun, target: SessionTarget = 'environment') {
  const vars = () => current.run.input.variables
  return api({
    get: (key: unknown) => vars().postmanGet(String(key), current.run),
    set: (key: unknown, value: unknown) => {
      vars().postmanSet(String(key), value, current.run)
      markSessionTarget(vars().session, String(key), target)
    },
    // As newman: the value leaves the scope, the one its file gave too (model/session-hidden.ts).
    unset: (key: unknown) => {
      vars().scriptUnset(String(key))
      markSessionTarget(vars().session, String(key), null)
      hideStoredName(vars().session, LAYER_OF[target], String(key))
    },
    has: (key: unknown) => vars().scriptHas(String(key)),
    toObject: () => vars().postmanSnapshot(current.run),
    replaceIn: (text: unknown) => vars().replaceForScript(toText(text), current.run),
    clear: () => {
      const session = vars().session
      for (const name of [...session.keys()]) {
        if (sessionTargetOf(session, name) !== target) continue
        session.delete(name)
        markSessionTarget(session, name, null)
      }
      hideStoredScope(session, LAYER_OF[target])
    },
    get values() {
      return new VariableListValue(Object.entries(vars().postmanSnapshot(current.run)))
    },
  })
}

export function postmanLocalScope(current: CurrentRun) {
  const vars = () => current.run.input.variables
  /** The iteration's data row's own value of a name that resolves to it (no local value over it). */
  const dataValue = (name: string): { found: boolean; value?: unknown } => {
    const data = current.run.input.iteration?.data
    if (!data || !Object.hasOwn(data, name) || vars().lookup(name)?.scope !== 'data') return { found: false }
    return { found: true, value: data[name] }
  }
  return api({
    // A data variable comes back as the row holds it (a CSV number is a number), as in newman.
    get: (key: unknown) => {
      const name = String(key)
      const data = dataValue(name)
      return data.found ? data.value : vars().postmanLocalGet(name, current.run)
    },
    set: (key: unknown, value: unknown) => void vars().postmanLocalSet(String(key), value, current.run),
    unset: (key: unknown) => void vars().localUnset(String(key)),
    has: (key: unknown) => vars().localHas(String(key)),
    toObject: () => {
      const result = vars().postmanLocalSnapshot(current.run)
      for (const name of Object.keys(vars().scriptSnapshot(true))) {
        const data = dataValue(name)
        if (data.found) result[name] = data.value
      }
      return result
    },
    replaceIn: (text: unknown) => vars().replaceForScript(toText(text), current.run),
    get values() {
      const local = vars()
      return new VariableListValue(
        [...local.singleSend.keys()].map((key) => [key, local.postmanLocalGet(key, current.run)]),
      )
    },
  })
}
