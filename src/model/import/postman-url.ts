/**
 * A Postman URL object → the URL text newman sends. newman (postman-collection's Url) builds the
 * URL from the structured parts, not from `raw`: protocol, `auth` (user and password), `host`
 * (joined with `.`), `port`, `path` (joined with `/`), the enabled rows of `query` and `hash`.
 * A query row is its key (none when not a string) and, when its value is a string, `=` and the
 * value: `{key: "foo"}` is `foo`, `{key: "foo", value: ""}` is `foo=`, `{key: "", value: ""}`
 * is `=`, `{key: null}` is empty (`a&&b` keeps its empty part); `&`, `#`, controls (and `=` in a
 * key) are encoded. The `?` comes with any enabled row, even one that makes no text. Without a `host` the
 * object has only its `raw` text, which is used as written.
 */
import { isObject, optionalString, type JsonObject } from './import-error.ts'

/** The URL built from the object's parts, or undefined when it has no `host` (use `raw`). */
export function structuredPostmanUrl(object: JsonObject, path: string): string | undefined {
  const host = parts(object.host, '.', `${path}.host`)
  if (host === undefined || host === '') return undefined
  let url = ''
  const protocol = optionalString(object.protocol, `${path}.protocol`)
  if (protocol) url += protocol.endsWith('://') ? protocol : `${protocol}://`
  if (isObject(object.auth)) {
    const { user, password } = object.auth
    let auth = typeof user === 'string' ? user : undefined
    if (typeof password === 'string') auth = `${auth ?? ''}:${password}`
    if (auth !== undefined) url += `${auth}@`
  }
  url += host
  const port = object.port
  if (typeof port === 'string' ? port !== '' : typeof port === 'number') url += `:${String(port)}`
  // A path given as text loses one leading slash first; `["", "get"]` is `//get`.
  const pathname = parts(
    typeof object.path === 'string' ? object.path.replace(/^\//, '') : object.path,
    '/',
    `${path}.path`,
  )
  if (pathname !== undefined) url += `/${pathname}`
  if (Array.isArray(object.query)) {
    const enabled = object.query.filter((row) => !(isObject(row) && row.disabled === true))
    const query = enabled
      .map((row) => {
        if (!isObject(row)) return ''
        const key = typeof row.key === 'string' ? normalize(row.key, true) : ''
        return typeof row.value === 'string' ? `${key}=${normalize(row.value, false)}` : key
      })
      .join('&')
    // An enabled row that makes no text still gives the `?` (`http://host/get?`).
    if (enabled.length > 0) url += `?${query}`
  }
  if (typeof object.hash === 'string' && object.hash !== '') url += `#${object.hash}`
  return url
}

/** `host` or `path`: a string as written, or an array's parts (text, or `{ value }`) joined. */
function parts(value: unknown, separator: string, at: string): string | undefined {
  if (value === undefined || value === null) return undefined
  if (!Array.isArray(value)) return optionalString(value, at)
  return value
    .map((part) => {
      if (typeof part === 'string') return part
      if (isObject(part) && typeof part.value === 'string') return part.value
      return ''
    })
    .join(separator)
}

/**
 * `&` and `#` (and `=` in a key) of a query part, percent-encoded so the URL text keeps the rows
 * apart, as newman's query parameters do; `{{variables}}` stay as written.
 */
function normalize(text: string, key: boolean): string {
  // Controls too (a value ending in a newline): the URL text is trimmed and cut at them otherwise.
  const reserved = key ? /[&#=\x00-\x1f\x7f]/g : /[&#\x00-\x1f\x7f]/g
  if (!reserved.test(text)) return text
  return text
    .split(/(\{\{[^{}]*\}\})/)
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part.replace(reserved, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`),
    )
    .join('')
}
