/**
 * newman's wording of a JSON parse error. Its sandbox's `JSON.parse` (and so `pm.response.json()`)
 * throws a `JSONError` whose message names the first problem, its line and column, and shows
 * that line with a caret under the place:
 *
 *     Unexpected token 'p' at 1:1
 *     plain words
 *     ^
 *
 * (`No data, empty input at 1:1`, `No value found for key a at 1:6`, `Unexpected end of input at
 * 1:8`, ...), and for `undefined` V8's own `"undefined" is not valid JSON`. This walks the text
 * as that parser does, only to find where and why it stops: it runs only after the engine's own
 * parse has failed. tests/fixtures/postman-parity/json-errors compares it with newman.
 */

class Stop {
  constructor(
    readonly reason: string | null,
    readonly at: number,
  ) {}
}

const NUMBER = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?(e[+-]?[0-9]+)?$/i
const LINE_END = /[\n\r]/
const SPACE = /[ \t\n\r]/

export const JSON_ERROR = 'JSONError'

/** The message newman gives for `JSON.parse(input)` failing (`undefined`: `input` absent). */
export function jsonErrorMessage(input: string | undefined): string {
  if (input === undefined) return '"undefined" is not valid JSON'
  try {
    new Walk(input).document()
    return 'Unexpected end of input'
  } catch (stop) {
    if (!(stop instanceof Stop)) return 'Unexpected end of input'
    return located(input, stop)
  }
}

/** `reason at line:column`, the line (at most 70 characters before the place) and the caret. */
function located(input: string, stop: Stop): string {
  let line = 0
  let lineStart = 0
  for (let i = 0; i < stop.at && i < input.length; i++) {
    const c = input[i]!
    if (c === '\n' || c === '\r') {
      if (c === '\r' && input[i + 1] === '\n') i++
      line++
      lineStart = i + 1
    }
  }
  const column = stop.at - lineStart
  const reason =
    stop.reason ??
    (stop.at < input.length
      ? `Unexpected token '${JSON.stringify(input[stop.at])
          .slice(1, -1)
          .replace(/'/g, "\\'")
          .replace(/\\"/g, '"')}'`
      : 'Unexpected end of input')
  let from = Math.max(lineStart, stop.at - 70)
  let text = ''
  let caret = ''
  for (; ; from++) {
    const c = input[from]
    if (from >= input.length || LINE_END.test(c!)) {
      if (stop.at >= from) caret += '^'
      break
    }
    text += c
    if (from === stop.at) caret += '^'
    else if (from < stop.at) caret += c === '\t' ? '\t' : ' '
    if (text.length > 78) break
  }
  return `${reason} at ${line + 1}:${column + 1}\n${text}\n${caret}`
}

/** The parser's walk; `undefined` where it found no value. */
class Walk {
  private at = 0
  constructor(private readonly text: string) {}

  private stop(reason: string | null = null, at = this.at): never {
    throw new Stop(reason, at)
  }

  private space(): void {
    while (this.at < this.text.length && SPACE.test(this.text[this.at]!)) this.at++
  }

  document(): void {
    this.space()
    const found = this.value()
    if (found !== undefined || this.at < this.text.length) {
      this.space()
      if (this.at < this.text.length) this.stop()
      return
    }
    this.stop(this.at > 0 ? 'No data, only a whitespace' : 'No data, empty input')
  }

  private value(): unknown {
    if (this.at >= this.text.length) return undefined
    const c = this.text[this.at++]!
    if (c === '"') return this.string()
    if (c === '{') return this.object()
    if (c === '[') return this.array()
    if (c === '-' || c === '.' || (c >= '0' && c <= '9')) return this.number()
    if (c === 'n') return this.keyword('null')
    if (c === 't') return this.keyword('true')
    if (c === 'f') return this.keyword('false')
    this.at--
    return undefined
  }

  private key(): string | undefined {
    if (this.at >= this.text.length) return undefined
    const c = this.text[this.at]
    if (c === '"') {
      this.at++
      return this.string()
    }
    // A number, an object or an array as a key gets as far as the colon, then is refused.
    if (c === '{' || c === '[' || c === '.' || (c! >= '0' && c! <= '9')) return String(this.value())
    return undefined
  }

  private keyword(word: string): unknown {
    const start = this.at - 1
    for (let i = 1; i < word.length; i++, this.at++)
      if (this.at >= this.text.length || this.text[this.at] !== word[i]) this.stop(null, start)
    return word
  }

  private number(): number {
    const start = this.at - 1
    let end = start
    while (end < this.text.length && /[0-9eE.+-]/.test(this.text[end]!)) end++
    const literal = this.text.slice(start, end)
    const prefix = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(literal)?.[0] ?? ''
    // A number that goes on past a valid start with a digit (`01`) ends there; what follows is
    // an unexpected token.
    const cut = prefix !== '' && prefix !== '-' && /[0-9]/.test(literal[prefix.length] ?? '')
    if (!cut && Number.isNaN(Number(literal))) {
      const at = literal === '-' ? start : end
      this.stop(`Bad numeric literal - "${this.text.slice(start, at + 1)}"`, at)
    }
    if (!cut && !NUMBER.test(literal)) this.stop(`Non-json numeric literal - "${literal}"`, end - 1)
    this.at = start + (cut ? prefix.length : literal.length)
    return 0
  }

  private string(): string {
    const start = this.at - 1
    while (this.at < this.text.length) {
      const c = this.text[this.at++]!
      if (c === '"') return JSON.parse(this.text.slice(start, this.at)) as string
      if (c === '\\') {
        if (this.at >= this.text.length) this.stop()
        const e = this.text[this.at++]!
        if (e === 'u') {
          for (let i = 0; i < 4; i++) {
            if (this.at >= this.text.length) this.stop()
            if (!/[0-9a-fA-F]/.test(this.text[this.at]!)) this.stop('Bad escape sequence')
            this.at++
          }
        } else if (!'"\\/bfnrt'.includes(e)) {
          this.at--
          this.stop()
        }
      } else if (LINE_END.test(c)) this.stop()
      else if (c.charCodeAt(0) < 32) {
        this.at--
        this.stop('Unexpected control character')
      }
    }
    return this.stop()
  }

  private object(): object {
    let filled = false
    while (this.at < this.text.length) {
      this.space()
      const key = this.key()
      this.space()
      const c = this.text[this.at++]
      if (c === '}' && key === undefined) {
        if (filled) this.stop('Trailing comma in object', --this.at)
        return {}
      }
      if (c !== ':' || key === undefined) this.stop(null, --this.at)
      this.space()
      if (this.value() === undefined) this.stop(`No value found for key ${key}`)
      filled = true
      this.space()
      const next = this.text[this.at++]
      if (next === '}') return {}
      if (next !== ',') this.stop()
    }
    return this.stop()
  }

  private array(): unknown[] | undefined {
    let count = 0
    while (this.at < this.text.length) {
      this.space()
      const item = this.value()
      this.space()
      const c = this.text[this.at++]
      if (item !== undefined) count++
      if (c === ',') {
        if (item === undefined) this.stop('Elisions are not supported')
      } else if (c === ']') {
        if (item === undefined && count > 0) this.stop('Trailing comma in array', --this.at)
        return []
      } else this.stop(null, --this.at)
    }
    // `[` at the very end: no value, as for a document of only whitespace.
    return undefined
  }
}
