/**
 * Environment and globals files: a Sendbox export (`{ "sendbox": 1, "environment": {...} }`) or a
 * Postman environment / globals export (`{ "name", "values": [{ key, value, enabled }] }`), or a
 * Hoppscotch environment export (one environment, or a list holding one).
 */
import { makeEnvironment, makeVariable } from '../factories.ts'
import type { Environment } from '../types.ts'
import {
  ImportError,
  expectObject,
  isObject,
  optionalArray,
  optionalBoolean,
  optionalString,
  optionalText,
} from './import-error.ts'
import { isHoppscotchEnvironment, parseHoppscotchEnvironments } from './hoppscotch-environment.ts'

/** A Postman environment or globals export: `{ name, values: [{ key, value, enabled, type }] }`. */
export function isPostmanEnvironment(json: unknown): boolean {
  return isObject(json) && Array.isArray(json.values) && json.sendbox === undefined
}

/** One environment as Sendbox writes it (`{ name, variables: [{ key, value, enabled, secret }] }`). */
export function readSendboxEnvironment(value: unknown, path: string): Environment {
  const environment = expectObject(value, path)
  return makeEnvironment({
    name: optionalString(environment.name, `${path}.name`) || 'Environment',
    variables: optionalArray(environment.variables, `${path}.variables`).map((raw, i) => {
      const at = `${path}.variables[${i}]`
      const v = expectObject(raw, at)
      return makeVariable({
        key: optionalString(v.key, `${at}.key`),
        value: optionalString(v.value, `${at}.value`),
        enabled: optionalBoolean(v.enabled, `${at}.enabled`, true),
        secret: optionalBoolean(v.secret, `${at}.secret`, false),
      })
    }),
  })
}

export function parseEnvironment(json: unknown): Environment {
  if (isHoppscotchEnvironment(json)) {
    const [first, ...more] = parseHoppscotchEnvironments(json)
    if (!first || more.length > 0)
      throw new ImportError('', `holds ${more.length + 1} environments (export one environment per file)`)
    return first
  }
  const root = expectObject(json, '')
  if (root.sendbox !== undefined) return readSendboxEnvironment(root.environment, 'environment')
  if (Array.isArray(root.values)) {
    return makeEnvironment({
      name: optionalString(root.name, 'name') || 'Environment',
      variables: optionalArray(root.values, 'values').map((raw, i) => {
        const at = `values[${i}]`
        const v = expectObject(raw, at)
        // Postman lets a value be any JSON value (`"type": "any"`); numbers and booleans become text.
        return makeVariable({
          key: optionalString(v.key, `${at}.key`),
          value: optionalText(v.value, `${at}.value`),
          // Postman's older exports mark a row `"disabled": true` instead of `"enabled": false`.
          enabled:
            optionalBoolean(v.enabled, `${at}.enabled`, true) &&
            !optionalBoolean(v.disabled, `${at}.disabled`, false),
          secret: optionalString(v.type, `${at}.type`) === 'secret',
        })
      }),
    })
  }
  throw new ImportError(
    '',
    isObject(root)
      ? 'not an environment: expected "values" (Postman), "variables" (Hoppscotch) or "sendbox" (Sendbox export)'
      : 'not an environment',
  )
}
