/** A deep copy of JSON-like data (and byte arrays): several times faster than structuredClone here. */
export function clone<T>(value: T): T {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map(clone) as T
  if (value instanceof Uint8Array) return value.slice() as T
  const copy: Record<string, unknown> = {}
  for (const key in value) copy[key] = clone((value as Record<string, unknown>)[key])
  return copy as T
}
