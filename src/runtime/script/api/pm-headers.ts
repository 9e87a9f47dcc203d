/**
 * `pm.response.headers` as Postman's HeaderList (a PropertyList of Header): `toObject()` keys in
 * lower case with repeated names as arrays, and the list's read methods (`one`, `idx`, `indexOf`,
 * `find`, `filter`, `map`, `reduce`, `members`, `toString`). A response never changes under a
 * script, so each member is a plain `{ key, value }` copy. `svc.response.headers` keeps the plain
 * shape of values.ts.
 */
import type { HeaderList } from '../../../model/wire.ts'
import { api, SdkArray, SdkHeader } from './bridge.ts'
import { headerList } from './values.ts'

type Member = SdkHeader
type Fn = (...args: unknown[]) => unknown

export function postmanHeaderList(pairs: () => HeaderList) {
  // Members reach the guest as Header objects, lists as arrays with `.each` (bridge.ts).
  const members = (): Member[] => pairs().map(([key, value]) => new SdkHeader(key, value))
  const named = (name: unknown) => {
    const lower = String(name).toLowerCase()
    return members().filter((m) => m.key.toLowerCase() === lower)
  }
  const rule = (r: unknown): ((m: Member, i: number, all: Member[]) => unknown) => {
    if (typeof r === 'function') return r as Fn
    if (r !== null && typeof r === 'object')
      return (m) => Object.entries(r).every(([k, v]) => (m as unknown as Record<string, unknown>)[k] === v)
    if (typeof r === 'string') return (m) => Boolean((m as unknown as Record<string, unknown>)[r])
    return () => false
  }
  const list = headerList(pairs)
  return api({
    ...list,
    toObject: (_excludeDisabled?: unknown, caseSensitive?: unknown) => {
      const o: Record<string, string | string[]> = {}
      for (const { key, value } of members()) {
        const k = caseSensitive === true ? key : key.toLowerCase()
        const was = o[k]
        o[k] = was === undefined ? value : Array.isArray(was) ? [...was, value] : [was, value]
      }
      return o
    },
    // The last value of that name, found without copying the list (called once per test).
    get: (name: unknown) => {
      const lower = String(name).toLowerCase()
      const all = pairs()
      for (let i = all.length - 1; i >= 0; i--) if (all[i]![0].toLowerCase() === lower) return all[i]![1]
      return undefined
    },
    one: (name: unknown) => named(name).at(-1),
    idx: (i: unknown) => members()[Number(i)],
    indexOf: (item: unknown) => {
      const all = members()
      if (typeof item === 'string') {
        const last = named(item).at(-1)
        return last ? all.findIndex((m) => m.key === last.key && m.value === last.value) : -1
      }
      const m = item as Member | null
      return m ? all.findIndex((x) => x.key === m.key && x.value === m.value) : -1
    },
    find: (r: unknown) => members().find(rule(r)),
    filter: (r: unknown) => new SdkArray(members().filter(rule(r))),
    map: (fn: unknown) =>
      new SdkArray(
        members().map(
          typeof fn === 'function'
            ? (fn as Fn)
            : (m) => (m as unknown as Record<string, unknown>)[String(fn)],
        ),
      ),
    all: () => new SdkArray(members()),
    reduce: (fn: unknown, initial: unknown) => (members() as unknown[]).reduce(fn as Fn, initial),
    get members() {
      return new SdkArray(members())
    },
    toString: () => members().reduce((text, m) => `${text}${m.key}: ${m.value}\r\n`, ''),
  })
}
