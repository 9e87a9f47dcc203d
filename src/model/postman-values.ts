/**
 * How newman hands on a value a script set with Postman's API (`pm.environment.set(k, v)`, the
 * other scopes and `pm.variables.set`). Inside the script that set it the value stays as set;
 * after that script it has crossed newman's sandbox boundary, which goes through JSON, and
 * `{{k}}` substitutes the crossed value's text. Measured with newman 6.2.2:
 *
 * | set to                     | a later script's `get` (scopes) | `pm.variables` | `{{k}}`           |
 * | -------------------------- | ------------------------------- | -------------- | ----------------- |
 * | undefined                  | null                            | undefined      | `null` / empty    |
 * | NaN, Infinity, -Infinity   | null                            | null           | `null`            |
 * | a function, a symbol       | null                            | {} / undefined | `null`            |
 * | an object, an array        | its JSON copy                   | its JSON copy  | `String(copy)`    |
 * | a Date                     | its ISO text                    | its ISO text   | the ISO text      |
 *
 * Scopes (environment, globals, collection variables) cross as a list's item, so a value JSON
 * cannot say becomes null; the local `pm.variables` cross as an object's property, so it goes
 * missing (undefined), except a function, which arrives as an empty object.
 */

/** A scope's value after the boundary: `JSON.parse(JSON.stringify([value]))[0]`. */
export function crossScope(value: unknown): unknown {
  if (typeof value === 'string' || typeof value === 'boolean' || value === null) return value
  if (typeof value === 'number') return Number.isFinite(value) ? value + 0 : null
  try {
    return (JSON.parse(JSON.stringify([value])) as unknown[])[0]
  } catch {
    // A cycle or a BigInt: JSON cannot say it, as for a function.
    return null
  }
}

/** `pm.variables`' value after the boundary: `JSON.parse(JSON.stringify({ v: value })).v`. */
export function crossLocal(value: unknown): unknown {
  if (typeof value === 'function') return {}
  if (value === undefined || typeof value === 'symbol') return undefined
  return crossScope(value)
}

/** What `{{name}}` becomes for a value (postman-collection substitutes `String(value)`). */
export function substitutionText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return ''
  try {
    return String(value)
  } catch {
    // An object without toString (Object.create(null)).
    return '[object Object]'
  }
}

/** A value set through Postman's API: as set within `owner` (the script), crossed after it. */
export interface PostmanValue {
  raw: unknown
  crossed: unknown
  /** The text substitution uses, kept in the session or single-send map. */
  text: string
  owner: unknown
}

export function postmanValue(value: unknown, owner: unknown, local: boolean): PostmanValue {
  const crossed = local ? crossLocal(value) : crossScope(value)
  // A function's value inside its own script is what calling it gives in newman; the host only
  // holds a stub of the guest's function, so it reads as it will after the boundary.
  const raw = typeof value === 'function' ? crossed : value
  return { raw, crossed, text: substitutionText(crossed), owner }
}

/** The value a script reads: as set in the script that set it, crossed in every later one. */
export function postmanRead(entry: PostmanValue, owner: unknown): unknown {
  return owner !== undefined && entry.owner === owner ? entry.raw : entry.crossed
}

/** The text `replaceIn` gives in the script that set it (`undefined` is empty, a Date its text). */
export function postmanText(entry: PostmanValue, owner: unknown): string {
  return owner !== undefined && entry.owner === owner ? substitutionText(entry.raw) : entry.text
}

/**
 * Values Postman's API set (postman-values.ts), per session map and per single-send map: as set
 * for the script that set them, as newman's boundary hands them on after it.
 */
const postmanByMap = new WeakMap<Map<string, string>, Map<string, PostmanValue>>()

export function postmanEntry(map: Map<string, string>, name: string): PostmanValue | undefined {
  const entry = postmanByMap.get(map)?.get(name)
  // Only while the map still holds that value's text (nothing replaced it since).
  return entry !== undefined && map.get(name) === entry.text ? entry : undefined
}

export function keepPostman(map: Map<string, string>, name: string, entry: PostmanValue | null): void {
  let entries = postmanByMap.get(map)
  if (entry === null) {
    entries?.delete(name)
    return
  }
  if (!entries) postmanByMap.set(map, (entries = new Map()))
  entries.set(name, entry)
}

/** The names that have a kept value in `map` (possibly replaced since: check with postmanEntry). */
export function postmanNames(map: Map<string, string>): Iterable<string> {
  return postmanByMap.get(map)?.keys() ?? []
}
