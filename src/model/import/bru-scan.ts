/**
 * The lexical parts of a `.bru` file, read the way Bruno's grammar (@usebruno/lang, an Ohm PEG)
 * reads them, for the common forms only: a dictionary block of `key: value` lines and a text
 * block. Each reader answers the position after the block, or `undefined` when the text is not in
 * a form it knows; the caller then leaves the whole file to Bruno's parser. So a form this file
 * does not know (annotations, quoted keys, lists, `'''` values) costs speed, never correctness.
 *
 * PEG matching is greedy and never backtracks into a finished repetition, so each rule is a loop.
 */

/** A `key: value` line: the key with `~` (disabled) still on it. */
export interface Pair {
  key: string
  value: string
}

/** `nl = "\r"? "\n"`: its length at `at` (0 when there is none). */
export function newline(text: string, at: number): number {
  const c = text.charCodeAt(at)
  if (c === 10) return 1
  if (c === 13 && text.charCodeAt(at + 1) === 10) return 2
  return 0
}

/** `tagend = nl "}"`: a line that starts with `}` closes a block. */
export function tagEnd(text: string, at: number): number {
  const nl = newline(text, at)
  return nl > 0 && text.charCodeAt(at + nl) === 125 ? nl + 1 : 0
}

const isSt = (c: number) => c === 32 || c === 9

function skipSt(text: string, at: number): number {
  while (isSt(text.charCodeAt(at))) at++
  return at
}

/** Ohm's `space` (any code unit up to U+0020), skipped between blocks. */
export function skipSpace(text: string, at: number): number {
  while (at < text.length && text.charCodeAt(at) <= 32) at++
  return at
}

/** Sentinel: the text has a form this reader leaves to Bruno's parser. */
export const UNKNOWN = Symbol('unknown form')
type Step<T> = T | undefined | typeof UNKNOWN

/**
 * One pair: `st* key st* ":" st* value`. `assert` blocks allow spaces in keys (anything up to
 * the `:` on its line). `undefined` when the grammar would not match here.
 */
function pair(text: string, at: number, assertKeys: boolean): Step<{ pair: Pair; end: number }> {
  at = skipSt(text, at)
  const first = text.charCodeAt(at)
  // `@` starts an annotation line, `"` or `~"` a quoted key.
  if (first === 64 || first === 34 || (first === 126 && text.charCodeAt(at + 1) === 34)) return UNKNOWN
  let end = at
  if (assertKeys) {
    if (tagEnd(text, at)) return undefined
    while (end < text.length && text.charCodeAt(end) !== 58 && !newline(text, end)) end++
  } else {
    for (let c = text.charCodeAt(end); end < text.length; c = text.charCodeAt(++end))
      if (c === 58 || isSt(c) || newline(text, end)) break
  }
  const key = text.slice(at, end).trim()
  at = skipSt(text, end)
  if (text.charCodeAt(at) !== 58) return undefined
  at = skipSt(text, at + 1)
  // A value starting `[` may be a list, one starting `'''` a multi-line value.
  if (text.charCodeAt(at) === 91 || text.startsWith("'''", at)) return UNKNOWN
  end = at
  while (end < text.length && !newline(text, end)) end++
  // An object's own key such as `__proto__` is lost by the grammar's pair objects.
  if (key === '__proto__') return UNKNOWN
  return { pair: { key, value: text.slice(at, end).trim() }, end }
}

/** `optionalnl* pair (~tagend stnl* pair)* (~tagend space)*` */
function pairList(text: string, at: number, assertKeys: boolean): Step<{ pairs: Pair[]; end: number }> {
  for (let nl = newline(text, at); nl > 0 && !tagEnd(text, at); nl = newline(text, at)) at += nl
  const head = pair(text, at, assertKeys)
  if (head === UNKNOWN || head === undefined) return head
  const pairs = [head.pair]
  at = head.end
  for (;;) {
    if (tagEnd(text, at)) break
    let next = at
    for (;;) {
      if (isSt(text.charCodeAt(next))) next++
      else if (newline(text, next)) next += newline(text, next)
      else break
    }
    const more = pair(text, next, assertKeys)
    if (more === UNKNOWN) return UNKNOWN
    if (more === undefined) break
    pairs.push(more.pair)
    at = more.end
  }
  while (at < text.length && text.charCodeAt(at) <= 32 && !tagEnd(text, at)) at++
  return { pairs, end: at }
}

/**
 * `st* "{" st* pairlist? tagend` from `at` (just after the block's name); an `assert` block has
 * no `st*` after its brace (so spaces there end its first pair before it starts).
 */
export function dictionary(
  text: string,
  at: number,
  assertKeys = false,
): Step<{ pairs: Pair[]; end: number }> {
  at = skipSt(text, at)
  if (text.charCodeAt(at) !== 123) return UNKNOWN
  at = assertKeys ? at + 1 : skipSt(text, at + 1)
  const list = pairList(text, at, assertKeys)
  if (list === UNKNOWN) return UNKNOWN
  const pairs = list?.pairs ?? []
  if (list) at = list.end
  const close = tagEnd(text, at)
  return close ? { pairs, end: at + close } : UNKNOWN
}

/** Each line with up to two leading spaces removed, lines joined with `\n` (Bruno's outdent). */
export function outdent(value: string): string {
  return value
    .split(/\r\n|\r|\n/)
    .map((line) => (line.startsWith('  ') ? line.slice(2) : line))
    .join('\n')
}

/** `st* "{" nl* textblock tagend`: the block's lines up to the first line starting with `}`. */
export function textBlock(text: string, at: number): Step<{ value: string; end: number }> {
  at = skipSt(text, at)
  if (text.charCodeAt(at) !== 123) return UNKNOWN
  at++
  for (let nl = newline(text, at); nl > 0; nl = newline(text, at)) at += nl
  const start = at
  for (;;) {
    while (at < text.length && !newline(text, at)) at++
    if (tagEnd(text, at) || !newline(text, at)) break
    at += newline(text, at)
  }
  const close = tagEnd(text, at)
  return close ? { value: outdent(text.slice(start, at)), end: at + close } : UNKNOWN
}
