/** A file that cannot be imported: `path` names where in the document the problem is. */
export class ImportError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(path ? `${path}: ${problem}` : problem)
    this.name = 'ImportError'
  }
}

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json }
export type JsonObject = { [key: string]: Json }

export function isObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

export function expectObject(value: unknown, path: string): JsonObject {
  if (!isObject(value)) throw new ImportError(path, `expected an object, found ${describe(value)}`)
  return value
}

export function optionalArray(value: unknown, path: string): Json[] {
  if (value === undefined || value === null) return []
  if (!Array.isArray(value)) throw new ImportError(path, `expected a list, found ${describe(value)}`)
  return value
}

export function optionalString(value: unknown, path: string): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  throw new ImportError(path, `expected text, found ${describe(value)}`)
}

export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object' ? 'an object' : `${typeof value} ${JSON.stringify(value)?.slice(0, 40)}`
}
