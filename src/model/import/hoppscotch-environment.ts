/**
 * Hoppscotch environment export: `{ name, variables: [{ key, value, secret }] }` (newer exports:
 * `initialValue` / `currentValue`), or a list of them. `<<var>>` in values becomes `{{var}}`.
 */
import { makeEnvironment, makeVariable } from '../factories.ts'
import type { Environment } from '../types.ts'
import {
  expectObject,
  isObject,
  optionalArray,
  optionalBoolean,
  optionalString,
  optionalText,
} from './import-error.ts'
import { hoppVariables } from './hoppscotch.ts'

export function isHoppscotchEnvironment(json: unknown): boolean {
  const first = Array.isArray(json) ? json[0] : json
  return isObject(first) && Array.isArray(first.variables) && first.sendbox === undefined
}

export function parseHoppscotchEnvironments(json: unknown): Environment[] {
  const list = Array.isArray(json) ? json : [json]
  const prefix = Array.isArray(json) ? (i: number) => `[${i}]` : () => ''
  return list.map((raw, i) => {
    const at = prefix(i)
    const field = (name: string) => (at ? `${at}.${name}` : name)
    const source = expectObject(raw, at)
    return makeEnvironment({
      name: optionalString(source.name, field('name')) || 'Environment',
      variables: optionalArray(source.variables, field('variables')).map((rawVariable, j) => {
        const path = `${field('variables')}[${j}]`
        const v = expectObject(rawVariable, path)
        const valueField = v.currentValue
          ? 'currentValue'
          : v.initialValue !== undefined
            ? 'initialValue'
            : 'value'
        return makeVariable({
          key: optionalString(v.key, `${path}.key`),
          value: hoppVariables(optionalText(v[valueField], `${path}.${valueField}`)),
          secret: optionalBoolean(v.secret, `${path}.secret`, false),
        })
      }),
    })
  })
}
