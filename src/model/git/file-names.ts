/**
 * Names of collections, folders and requests as file names, and back. Escaping is reversible
 * (`unescapeName(escapeName(n)) === n`) for names whose escaped form fits in `MAX_NAME_BYTES`;
 * longer ones are cut and end in a short hash, which is fine because every file also holds its
 * item's name. What is escaped, as `%XX` per UTF-8 byte:
 * - `%` itself, path separators and the characters Windows refuses (`\ / : * ? " < > |`);
 * - control characters;
 * - a leading `.` (hidden files, `.` and `..`) and `_` (kept for `_folder.yaml`);
 * - a trailing `.` or space (Windows drops them);
 * - the first letter of Windows' device names (`CON`, `NUL`, `COM1`...), so `con.yaml` is safe;
 * - the dot of a trailing `.examples`, so no folder looks like a request's examples folder.
 * The empty name is `%` (a lone `%` is never the escape of anything else).
 */

export const MAX_NAME_BYTES = 200

const ALWAYS = /[%\\/:*?"<>|\u0000-\u001f\u007f]/u
const DEVICE = /^(con|prn|aux|nul|com\d|lpt\d)(\.|$)/iu
const EXAMPLES_END = /\.examples$/iu

function percent(char: string): string {
  return [...new TextEncoder().encode(char)]
    .map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`)
    .join('')
}

export function escapeName(name: string): string {
  if (name === '') return '%'
  const chars = [...name]
  const examplesDot = EXAMPLES_END.test(name) ? chars.length - '.examples'.length : -1
  const escaped = chars.map((char, index) => {
    if (ALWAYS.test(char) || index === examplesDot) return percent(char)
    if (index === 0 && (char === '.' || char === '_')) return percent(char)
    if (index === chars.length - 1 && (char === '.' || char === ' ')) return percent(char)
    if (index === 0 && DEVICE.test(name)) return percent(char)
    return char
  })
  return fit(escaped)
}

/** Cuts at a whole escaped character and appends `~` and a hash of the whole escaped name. */
function fit(escaped: string[]): string {
  const whole = escaped.join('')
  const encoder = new TextEncoder()
  if (encoder.encode(whole).length <= MAX_NAME_BYTES) return whole
  const suffix = `~${hash(whole)}`
  let cut = ''
  for (const part of escaped) {
    if (encoder.encode(cut + part + suffix).length > MAX_NAME_BYTES) break
    cut += part
  }
  return cut.replace(/[. ]+$/u, '') + suffix
}

/** FNV-1a, 32 bits, as 8 hex digits: enough to keep cut names of siblings apart. */
export function hash(text: string): string {
  let value = 0x811c9dc5
  for (let i = 0; i < text.length; i++) {
    value ^= text.charCodeAt(i)
    value = Math.imul(value, 0x01000193) >>> 0
  }
  return value.toString(16).padStart(8, '0')
}

/** The name a file name stands for; `%XX` sequences that do not decode are kept as written. */
export function unescapeName(file: string): string {
  if (file === '%') return ''
  return file.replace(/(?:%[0-9A-F]{2})+/gu, (run) => {
    try {
      return decodeURIComponent(run)
    } catch {
      return run
    }
  })
}

/**
 * `name` made unique among `taken` (compared case-insensitively, as macOS and Windows do) by
 * appending ` (2)`, ` (3)`...; adds the result to `taken`.
 */
export function uniqueName(name: string, taken: Set<string>): string {
  let candidate = name
  for (let n = 2; taken.has(candidate.toLowerCase()); n++) candidate = `${name} (${n})`
  taken.add(candidate.toLowerCase())
  return candidate
}
