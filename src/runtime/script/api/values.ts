/** Small helpers the namespaces share. */
import type { HeaderList } from '../../../model/wire.ts'
import { api } from './bridge.ts'

/** How `environment.set` stores a value: as text (spec 4.5). */
export function toText(value: unknown): string {
  if (typeof value === 'string') return value
  if (value === undefined) return 'undefined'
  if (value !== null && typeof value === 'object') return JSON.stringify(value)
  return String(value)
}

export function name(value: unknown): string {
  return String(value)
}

/** Postman's HeaderList shape, which `svc` shares: get, has, toObject, all, each, count. */
export function headerList(pairs: () => HeaderList) {
  const find = (key: unknown) => {
    const lower = String(key).toLowerCase()
    return pairs()
      .filter(([k]) => k.toLowerCase() === lower)
      .map(([, v]) => v)
  }
  return api({
    get: (key: unknown) => {
      const values = find(key)
      return values.length > 0 ? values.join(', ') : undefined
    },
    has: (key: unknown, value?: unknown) => {
      const values = find(key)
      return value === undefined ? values.length > 0 : values.includes(String(value))
    },
    toObject: () => joinHeaders(pairs(), false),
    all: () => pairs().map(([key, value]) => ({ key, value })),
    each: (fn: unknown) => {
      if (typeof fn === 'function') for (const [key, value] of pairs()) fn({ key, value })
    },
    count: () => pairs().length,
    toJSON: () => pairs().map(([key, value]) => ({ key, value })),
  })
}

/** Headers as a plain object; repeated names joined with ", ". */
export function joinHeaders(pairs: HeaderList, lowerCase: boolean): Record<string, string> {
  const result: Record<string, string> = {}
  for (const [rawKey, value] of pairs) {
    const key = lowerCase ? rawKey.toLowerCase() : rawKey
    result[key] = Object.prototype.hasOwnProperty.call(result, key) ? `${result[key]}, ${value}` : value
  }
  return result
}

export function parseJsonOr(text: string): unknown {
  try {
    return JSON.parse(text) as unknown
  } catch {
    return text
  }
}
