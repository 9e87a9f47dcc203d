/**
 * Where the values Postman's API set are kept beside their text (variables.ts): per session map
 * and per single-send map, valid only while the map still holds that value's text.
 */
import type { PostmanValue } from './postman-values.ts'
import type { SessionValues } from './variable-types.ts'

/**
 * The values Postman's API set, as set (a number, null, undefined, an object), per session map:
 * newman gives them back unchanged, while substitution and every other API use the text. Keyed by
 * the session map itself, so every context of one collection run shares them.
 */
export const typedBySession = new WeakMap<SessionValues, Map<string, unknown>>()

/**
 * Values Postman's API set (postman-values.ts), per session map and per single-send map: as set
 * for the script that set them, as newman's boundary hands them on after it.
 */
export const postmanByMap = new WeakMap<Map<string, string>, Map<string, PostmanValue>>()

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
