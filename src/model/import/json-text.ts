/**
 * From a file's bytes to JSON: the text decoded whatever its byte order mark (editors on Windows
 * write UTF-8 with one, PowerShell writes UTF-16), then parsed. Nesting limits keep every later
 * recursive walk (the importers, the runner, the workspace, `JSON.stringify`) far from the stack's
 * end. Problems are `ImportError`s with one readable line.
 */
import { ImportError, visible } from './import-error.ts'

/** Folders inside folders: deeper than this is refused on import (docs/cli.md, README). */
export const MAX_FOLDER_DEPTH = 200
export const FOLDERS_TOO_DEEP = `folders nested more than ${MAX_FOLDER_DEPTH} levels deep (Sendbox reads at most ${MAX_FOLDER_DEPTH})`

/**
 * Objects and arrays inside each other in a free-form value an importer keeps as JSON (GraphQL
 * variables): far below what `JSON.stringify` can write back (about 6,000 levels in Node 20).
 */
export const MAX_JSON_DEPTH = 1000

/** A file's bytes as text: a UTF-8 or UTF-16 byte order mark is honoured and dropped. */
export function decodeText(bytes: Uint8Array): string {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes.subarray(2))
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes.subarray(2))
  // TextDecoder drops a UTF-8 byte order mark itself.
  return stripBom(new TextDecoder('utf-8').decode(bytes))
}

/** Text read elsewhere (e.g. Node's `readFile(…, 'utf8')` keeps the mark): the mark dropped. */
export function stripBom(text: string): string {
  return text.charCodeAt(0) === 0xfeff ? text.slice(1) : text
}

/**
 * Parses JSON text (a leading byte order mark is ignored); throws `ImportError` for bad JSON.
 * (`JSON.parse` itself does not recurse: a million nested lists parse fine.)
 */
export function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(stripBom(text))
  } catch (error) {
    throw new ImportError('', `not valid JSON (${visible((error as Error).message)})`)
  }
}

/** Throws at `path` when objects and arrays nest deeper than `limit` (walked without recursion). */
export function checkJsonDepth(json: unknown, path: string, limit = MAX_JSON_DEPTH): void {
  const stack: [unknown, number][] = [[json, 0]]
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!
    if (typeof value !== 'object' || value === null) continue
    if (depth >= limit) {
      throw new ImportError(
        path,
        `nested more than ${limit} levels deep (objects and lists inside each other)`,
      )
    }
    for (const child of Array.isArray(value) ? value : Object.values(value)) {
      if (typeof child === 'object' && child !== null) stack.push([child, depth + 1])
    }
  }
}
