/**
 * The variable scopes of `pm` / `alpha` with newman's value semantics: `get` of a missing name is
 * undefined; a value set comes back as set within the script that set it and as newman's sandbox
 * boundary hands it on after it (through JSON: `undefined`, `NaN`, a function become null;
 * model/postman-values.ts), and `{{name}}` substitution uses that value's text. `values` is
 * postman-collection's VariableList, built in the guest (guest/variable-list.ts). `svc` keeps
 * spec 4.5's text and null (common.ts).
 */
import type { CurrentRun } from './common.ts'
import { api, VariableListValue } from './bridge.ts'
import { toText } from './values.ts'

export function postmanScope(current: CurrentRun) {
  const vars = () => current.run.input.variables
  return api({
    get: (key: unknown) => vars().postmanGet(String(key), current.run),
    set: (key: unknown, value: unknown) => void vars().postmanSet(String(key), value, current.run),
    unset: (key: unknown) => void vars().scriptUnset(String(key)),
    has: (key: unknown) => vars().scriptHas(String(key)),
    toObject: () => vars().postmanSnapshot(current.run),
    replaceIn: (text: unknown) => vars().replaceForScript(toText(text), current.run),
    clear: () => undefined,
    get values() {
      return new VariableListValue(Object.entries(vars().postmanSnapshot(current.run)))
    },
  })
}

export function postmanLocalScope(current: CurrentRun) {
  const vars = () => current.run.input.variables
  return api({
    get: (key: unknown) => vars().postmanLocalGet(String(key), current.run),
    set: (key: unknown, value: unknown) => void vars().postmanLocalSet(String(key), value, current.run),
    unset: (key: unknown) => void vars().localUnset(String(key)),
    has: (key: unknown) => vars().localHas(String(key)),
    toObject: () => vars().postmanLocalSnapshot(current.run),
    replaceIn: (text: unknown) => vars().replaceForScript(toText(text), current.run),
    get values() {
      const local = vars()
      return new VariableListValue(
        [...local.singleSend.keys()].map((key) => [key, local.postmanLocalGet(key, current.run)]),
      )
    },
  })
}
