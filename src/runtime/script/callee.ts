/**
 * V8 names the callee of a failed call (`o.go is not a function`); QuickJS says only `not a
 * function`, but its stack gives the line and column of the call's `(` in the compiled script
 * (the guest's `infoAt` appends them after U+0002). This reads the callee's text back from the
 * script as V8 prints it: `o.go`, `a.b(...).c`, `o.k` for `o['k']`, `o[i]` for a computed key,
 * `o?.go`. Anything it cannot read back exactly (a call inside a library, a parenthesised
 * expression) keeps QuickJS's wording.
 */

const MARK = '\u0002'
const ID = /[\p{L}\p{Nl}\p{Mn}\p{Mc}\p{Nd}\p{Pc}$\u200c\u200d]/u
const POSITION = new RegExp(`${MARK}(\\d+):(\\d+)`, 'g')

/**
 * The message with every `not a function<mark>line:column` worded as V8 does, given the text
 * QuickJS compiled; without that text (or the callee) the position is dropped.
 */
export function withCallee(message: string, compiled: string | undefined): string {
  if (!message.includes(MARK)) return message
  return message
    .replace(
      new RegExp(`\\bnot a function${MARK}(\\d+):(\\d+)`, 'g'),
      (_whole, line: string, column: string) => {
        const found = compiled === undefined ? null : calleeAt(compiled, Number(line), Number(column))
        if (found === null) return 'not a function'
        return `${found.callee} is not a ${found.constructed ? 'constructor' : 'function'}`
      },
    )
    .replace(POSITION, '')
}

/**
 * The callee of the call whose `(` is at 1-based line and column of `text`, and whether the call
 * is `new` (QuickJS says `not a function` there too; V8 `not a constructor`), or null.
 */
export function calleeAt(
  text: string,
  line: number,
  column: number,
): { callee: string; constructed: boolean } | null {
  const at = offsetAt(text, line, column, (i) => text[i] === '(')
  if (at === undefined) return null
  const chain = chainBefore(text, at)
  if (chain === null) return null
  return { callee: chain.text, constructed: /(?:^|[^\w$.])new\s*$/.test(text.slice(0, chain.start)) }
}

/**
 * The index in `text` of 1-based line and column as QuickJS reports them (in UTF-16 units or,
 * on some lines, UTF-8 bytes): the first reading `accept` takes.
 */
export function offsetAt(
  text: string,
  line: number,
  column: number,
  accept: (index: number) => boolean,
): number | undefined {
  const lines = text.split('\n')
  if (line < 1 || line > lines.length) return undefined
  let start = 0
  for (let i = 0; i < line - 1; i++) start += lines[i]!.length + 1
  return [start + column - 1, start + utf16Index(lines[line - 1]!, column - 1)].find(accept)
}

/** QuickJS may count a column in UTF-8 bytes: the UTF-16 index of that many bytes into the line. */
function utf16Index(line: string, bytes: number): number {
  let i = 0
  for (const ch of line) {
    if (bytes <= 0) break
    const code = ch.codePointAt(0)!
    bytes -= code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4
    i += ch.length
  }
  return i
}

function back(text: string, i: number): number {
  while (i >= 0 && /\s/.test(text[i]!)) i--
  return i
}

/** The index of the bracket opening the one at i (scanning back, quoted strings skipped), or -1. */
function opening(text: string, i: number): number {
  const close = text[i]
  const open = close === ')' ? '(' : '['
  let depth = 0
  for (; i >= 0; i--) {
    const c = text[i]
    if (c === '"' || c === "'" || c === '`') {
      i--
      while (i >= 0 && !(text[i] === c && text[i - 1] !== '\\')) i--
      continue
    }
    if (c === close) depth++
    else if (c === open && --depth === 0) return i
  }
  return -1
}

function chainBefore(text: string, end: number): { text: string; start: number } | null {
  const parts: string[] = []
  let i = back(text, end - 1)
  for (;;) {
    if (i < 0) return null
    const c = text[i]!
    if (c === ')') {
      const o = opening(text, i)
      if (o < 0) return null
      parts.unshift('(...)')
      i = back(text, o - 1)
      // `(a || b)()`: a parenthesised expression, which V8 calls "(intermediate value)".
      if (i < 0 || (!ID.test(text[i]!) && text[i] !== ')' && text[i] !== ']')) return null
      continue
    }
    if (c === ']') {
      const o = opening(text, i)
      if (o < 0) return null
      const inner = text.slice(o + 1, i).trim()
      const literal = /^(['"])([\p{L}$_][\p{L}\p{Nd}$_]*)\1$/u.exec(inner)
      parts.unshift(literal ? `.${literal[2]}` : `[${inner}]`)
      i = back(text, o - 1)
      if (text[i] === '.' && text[i - 1] === '?') {
        parts[0] = `?.${parts[0]!.replace(/^\./, '')}`
        i = back(text, i - 2)
      }
      continue
    }
    if (!ID.test(c)) return null
    let s = i
    while (s > 0 && ID.test(text[s - 1]!)) s--
    if (/^\d/.test(text[s]!)) return null
    parts.unshift(text.slice(s, i + 1))
    const p = back(text, s - 1)
    if (p >= 1 && text[p] === '.' && text[p - 1] === '?') {
      parts[0] = `?.${parts[0]}`
      i = back(text, p - 2)
      continue
    }
    if (p >= 0 && text[p] === '.' && text[p - 1] !== '.') {
      parts[0] = `.${parts[0]}`
      i = back(text, p - 1)
      continue
    }
    i = s
    break
  }
  const out = parts.join('')
  return /^[.?(]/.test(out) ? null : { text: out, start: i }
}
