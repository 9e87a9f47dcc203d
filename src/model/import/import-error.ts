/** A file that cannot be imported: `path` names where in the document the problem is. */
export class ImportError extends Error {
  constructor(
    readonly path: string,
    readonly problem: string,
  ) {
    super(path ? `${shortPath(path)}: ${problem}` : problem)
    this.name = 'ImportError'
  }
}

/**
 * A path short enough for one line: a folder 200 levels down is `item[0].item[0]…` 1,800
 * characters long, so the middle is left out (its start and its end say where it is).
 */
export function shortPath(path: string, max = 120): string {
  if (path.length <= max) return path
  const head = path.slice(0, Math.floor(max / 3))
  const tail = path.slice(path.length - Math.floor((max * 2) / 3))
  return `${head}…${tail}`
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

/** A field that holds text: absent or null reads as empty; anything but a string is refused. */
export function optionalString(value: unknown, path: string): string {
  if (value === undefined || value === null) return ''
  if (typeof value === 'string') return value
  throw new ImportError(path, `expected a string, found ${describe(value)}`)
}

/** A description: text, or Postman's and OpenCollection's `{ content, type }`; `{}` when blank. */
export function described(value: unknown, path: string): { description?: string } {
  const text = isObject(value)
    ? optionalString(value.content, `${path}.content`)
    : optionalString(value, path)
  return text.trim() ? { description: text } : {}
}

/** A field the format lets hold any value (a variable's value): numbers and booleans become text. */
export function optionalText(value: unknown, path: string): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value)
  if (value === undefined || value === null || typeof value === 'string') return optionalString(value, path)
  throw new ImportError(path, `expected text, a number or true/false, found ${describe(value)}`)
}

export function optionalBoolean(value: unknown, path: string, fallback: boolean): boolean {
  if (value === undefined || value === null) return fallback
  if (typeof value === 'boolean') return value
  throw new ImportError(path, `expected true or false, found ${describe(value)}`)
}

/** User text inside a message: in quotes, at most 40 characters, invisible characters shown. */
export function quoted(text: string): string {
  return visible(JSON.stringify(text.length > 40 ? `${text.slice(0, 40)}…` : text))
}

export function describe(value: unknown): string {
  if (value === null) return 'null'
  if (value === undefined) return 'nothing'
  if (Array.isArray(value)) return 'a list'
  return typeof value === 'object'
    ? 'an object'
    : `${typeof value} ${visible(JSON.stringify(value)?.slice(0, 40) ?? '')}`
}

/**
 * Text safe to print on one line: control and invisible characters (a stray byte order mark, a
 * zero-width space, a line break inside a quoted excerpt) are written as `U+FEFF`.
 */
export function visible(text: string): string {
  return text.replace(/[\p{Cc}\p{Cf}\p{Cs}\p{Zl}\p{Zp}]/gu, (char) => {
    return `U+${char.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0')}`
  })
}

/** `at.key`, or `at["a b"]` for a key that is not a plain name (invisible characters shown). */
export function keyPath(at: string, key: string): string {
  if (/^[A-Za-z_$][\w$-]*$/.test(key)) return at ? `${at}.${key}` : key
  return `${at}[${visible(JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key))}]`
}
