/**
 * Bounds what Bruno's `.bru` parser (@usebruno/lang, an Ohm grammar) is given. It costs about
 * 25 µs and 1 KB of memory per byte, so a 1 MB body took 29 s and 1 GB here: large text blocks
 * (bodies, scripts, tests, docs) are taken out before parsing and put back after, and what is left
 * of a file (and of a whole folder) is limited, so a hostile 50 MB folder is refused at once.
 *
 * A text block is `body:json {`, its lines, and the first line starting with `}`; its value is its
 * lines with two leading spaces removed (what the grammar's `textblock` and `outdentString` do).
 * A block is replaced by one line holding a token; if the parse does not give back each token as a
 * whole value, the file is parsed as it is (within the same limits).
 */
import { ImportError } from './import-error.ts'

/** What a `.bru` file may hold besides its large text blocks. */
export const MAX_BRU_REST_BYTES = 128 * 1024
/** The same for all the `.bru` files of a folder together. */
export const MAX_BRU_FOLDER_REST_BYTES = 4 * 1024 * 1024
/** Text blocks smaller than this are left for the parser. */
const SMALL_BLOCK = 2048

const TEXT_BLOCK =
  /^(body:graphql:vars|body:graphql|body:json|body:text|body:xml|body:sparql|script:pre-request|script:post-response|tests|docs)[ \t]*\{(?:\r?\n)*/gm

export interface SplitBru {
  /** The file with its large text blocks replaced by tokens. */
  rest: string
  /** Token → the block's value. */
  blocks: Map<string, string>
  /** For each block taken out: the line of `rest` holding its token and how many lines it had. */
  lines: { at: number; count: number }[]
}

function outdent(text: string): string {
  return text
    .split(/\r\n|\r|\n/)
    .map((line) => line.replace(/^ {2}/, ''))
    .join('\n')
}

export function splitBru(text: string): SplitBru {
  const blocks = new Map<string, string>()
  const lines: SplitBru['lines'] = []
  let restLines = 0
  let nonce = 0
  while (text.includes(`SENDBOX_BLOCK_${nonce}_`)) nonce++
  let rest = ''
  let from = 0
  TEXT_BLOCK.lastIndex = 0
  for (let match = TEXT_BLOCK.exec(text); match; match = TEXT_BLOCK.exec(text)) {
    const start = match.index + match[0].length
    const end = /\r?\n\}/.exec(text.slice(start))
    if (!end) break
    const stop = start + end.index
    if (stop - start >= SMALL_BLOCK) {
      const token = `SENDBOX_BLOCK_${nonce}_${blocks.size}`
      const value = outdent(text.slice(start, stop))
      blocks.set(token, value)
      const before = text.slice(from, start)
      restLines += before.split('\n').length - 1
      lines.push({ at: restLines + 1, count: value.split('\n').length })
      rest += `${before}  ${token}`
      from = stop
    }
    TEXT_BLOCK.lastIndex = stop + end[0].length
  }
  return { rest: rest + text.slice(from), blocks, lines }
}

/** A line of `rest` as a line of the file. */
export function fileLine(split: SplitBru, line: number): number {
  let shift = 0
  for (const block of split.lines) if (block.at < line) shift += block.count - 1
  return line + shift
}

/** `value` with each string equal to a token replaced by its block; `undefined` when one is missing. */
export function joinBru<T>(value: T, blocks: Map<string, string>): T | undefined {
  if (blocks.size === 0) return value
  let found = 0
  let stray = false
  const walk = (node: unknown): unknown => {
    if (typeof node === 'string') {
      const block = blocks.get(node)
      if (block !== undefined) found++
      else if (node.includes('SENDBOX_BLOCK_')) stray = true
      return block ?? node
    }
    if (Array.isArray(node)) return node.map(walk)
    if (typeof node !== 'object' || node === null) return node
    const copy: Record<string, unknown> = {}
    for (const [key, entry] of Object.entries(node))
      Object.defineProperty(copy, key, {
        value: walk(entry),
        enumerable: true,
        writable: true,
        configurable: true,
      })
    return copy
  }
  const joined = walk(value) as T
  return found === blocks.size && !stray ? joined : undefined
}

export function tooLarge(path: string, bytes: number, limit: number, what: string): ImportError {
  const size =
    bytes >= 1024 * 1024 ? `${(bytes / 1024 / 1024).toFixed(1)} MB` : `${Math.ceil(bytes / 1024)} KB`
  const most = limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KB`
  return new ImportError(
    path,
    `${what} too large (${size} besides bodies, scripts, tests and docs; Sendbox reads up to ${most})`,
  )
}
