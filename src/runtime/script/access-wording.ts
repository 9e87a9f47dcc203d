/**
 * Two more of V8's messages QuickJS words without what V8 names, read back from the script at
 * the position QuickJS reports (the guest's `infoAt` appends it after U+0002, as for callee.ts):
 *
 * - `cannot read property of undefined` (a computed key, `list[0]`): QuickJS points at the `[`;
 *   a literal key inside gives V8's `Cannot read properties of undefined (reading '0')`.
 * - `'a' is read-only` for a `const` binding: QuickJS points at the assignment; when the target
 *   there is the bare name (not a property), V8's `Assignment to constant variable.`.
 *
 * Anything else (a key held in a variable, whose value V8 would print) keeps QuickJS's wording.
 */
import { offsetAt } from './callee.ts'

const MARK = '\u0002'
const KEYLESS = new RegExp(`\\bcannot read property of (undefined|null)${MARK}(\\d+):(\\d+)`, 'g')
const READ_ONLY = new RegExp(
  `'([\\p{L}\\p{Nl}$_][\\p{L}\\p{Nl}\\p{Mn}\\p{Mc}\\p{Nd}\\p{Pc}$]*)' is read-only${MARK}(\\d+):(\\d+)`,
  'gu',
)

export function withAccess(message: string, compiled: string | undefined): string {
  if (!message.includes(MARK)) return message
  return message
    .replace(KEYLESS, (whole, what: string, line: string, column: string) => {
      const key = compiled === undefined ? null : literalKeyAt(compiled, Number(line), Number(column))
      return key === null ? whole : `Cannot read properties of ${what} (reading '${key}')`
    })
    .replace(READ_ONLY, (whole, name: string, line: string, column: string) =>
      compiled !== undefined && bareNameAt(compiled, name, Number(line), Number(column))
        ? 'Assignment to constant variable.'
        : whole,
    )
}

/** The literal key of the `[...]` at that position: a number or a quoted string. */
function literalKeyAt(text: string, line: number, column: number): string | null {
  const at = offsetAt(text, line, column, (i) => text[i] === '[')
  if (at === undefined) return null
  const close = text.indexOf(']', at)
  if (close < 0) return null
  const inner = text.slice(at + 1, close).trim()
  if (/^\d+$/.test(inner)) return String(Number(inner))
  const quoted = /^(['"])([^'"\\\n]*)\1$/.exec(inner)
  return quoted ? quoted[2]! : null
}

/** Is the assignment there to the bare `name` (`name = `, `name += `, `name++`, `++name`)? */
function bareNameAt(text: string, name: string, line: number, column: number): boolean {
  const at = offsetAt(text, line, column, () => true)
  if (at === undefined) return false
  // QuickJS points at the name or at the operator after it: the name ends at or before `at`.
  for (let end = at + name.length; end >= Math.max(0, at - 3); end--) {
    const start = end - name.length
    if (start < 0 || text.slice(start, end) !== name) continue
    // Not part of a longer name, and not a property (`o.name = `).
    const word = /[\p{L}\p{Nd}$_]/u
    if (word.test(text[end] ?? '') || word.test(text[start - 1] ?? '')) continue
    if (text.slice(0, start).trimEnd().endsWith('.')) continue
    return true
  }
  return false
}
