/**
 * The variable scopes of `pm` / `alpha` with newman's value semantics: `get` of a missing name is
 * undefined, and a value set comes back as it was set (a number, null, undefined, an object), while
 * `{{name}}` substitution uses its text. `svc` keeps spec 4.5's text and null (common.ts).
 */
import { markSessionTarget, type SessionTarget } from '../../../model/session-targets.ts'
import type { CurrentRun } from './common.ts'
import { api } from './bridge.ts'
import { toText } from './values.ts'

/** `target`: the scope the script names (`pm.environment`, `pm.globals`, `pm.collectionVariables`). */
export function postmanScope(current: CurrentRun, target: SessionTarget = 'environment') {
  const vars = () => current.run.input.variables
  return api({
    get: (key: unknown) => vars().scriptGetTyped(String(key)),
    set: (key: unknown, value: unknown) => {
      vars().scriptSetTyped(String(key), value)
      markSessionTarget(vars().session, String(key), target)
    },
    unset: (key: unknown) => {
      vars().scriptUnset(String(key))
      markSessionTarget(vars().session, String(key), null)
    },
    has: (key: unknown) => vars().scriptHas(String(key)),
    toObject: () => vars().scriptSnapshot(),
    replaceIn: (text: unknown) => vars().replaceForScript(toText(text)),
    clear: () => undefined,
    /** newman's `values` (a PropertyList of Variable): here an array of `{ key, value, type }`. */
    get values() {
      return Object.entries(vars().scriptSnapshot()).map(([key, value]) => ({ key, value, type: 'any' }))
    },
  })
}

export function postmanLocalScope(current: CurrentRun) {
  const vars = () => current.run.input.variables
  return api({
    // A data variable comes back as the row holds it (a CSV number is a number), as in newman.
    get: (key: unknown) => {
      const name = String(key)
      const text = vars().localGet(name)
      if (text === null) return undefined
      const data = current.run.input.iteration?.data
      return data && vars().lookup(name)?.scope === 'data' && Object.hasOwn(data, name) ? data[name] : text
    },
    set: (key: unknown, value: unknown) => void vars().localSet(String(key), toText(value)),
    unset: (key: unknown) => void vars().localUnset(String(key)),
    has: (key: unknown) => vars().localHas(String(key)),
    toObject: () => ({ ...vars().scriptSnapshot(true), ...Object.fromEntries(vars().singleSend) }),
    replaceIn: (text: unknown) => vars().replaceForScript(toText(text)),
  })
}
