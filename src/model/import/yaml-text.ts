/**
 * From text that may be YAML or JSON (Insomnia v5, OpenAPI) to a value: JSON when it looks like
 * JSON, else YAML with anchors limited (a "billion laughs" file is refused, not expanded) and a
 * size limit, since a YAML document costs many times its size in memory while it is parsed.
 * Problems are `ImportError`s naming the line.
 */
import { parse, YAMLError } from 'yaml'
import { ImportError, visible } from './import-error.ts'
import { checkJsonDepth, parseJsonText, stripBom } from './json-text.ts'

/** Larger YAML is refused: exported as JSON, the same document is read without this limit. */
export const MAX_YAML_CHARS = 16 * 1024 * 1024

export function looksLikeJson(text: string): boolean {
  return /^\s*[{[]/.test(stripBom(text))
}

export function parseYamlOrJson(text: string): unknown {
  if (looksLikeJson(text)) return parseJsonText(text)
  if (text.length > MAX_YAML_CHARS)
    throw new ImportError(
      '',
      `YAML file too large (${(text.length / 1024 / 1024).toFixed(1)} MB; Sendbox reads YAML up to ${MAX_YAML_CHARS / 1024 / 1024} MB, or the same document as JSON)`,
    )
  let value: unknown
  try {
    value = parse(stripBom(text), {
      maxAliasCount: 1000,
      prettyErrors: true,
      uniqueKeys: true,
      logLevel: 'error',
    })
  } catch (error) {
    if (!(error instanceof Error)) throw error
    // The parser stops an alias bomb with a plain ReferenceError.
    if (/alias/i.test(error.message) && !(error instanceof YAMLError))
      throw new ImportError('', 'YAML aliases expand too far (refused as a resource exhaustion attack)')
    if (!(error instanceof YAMLError)) throw error
    const line = error.linePos?.[0]
    const where = line ? `line ${line.line}, column ${line.col}: ` : ''
    const message = error.message.split('\n')[0]?.replace(/ at line \d+, column \d+:?$/, '') ?? ''
    throw new ImportError('', `not valid YAML (${where}${visible(message)})`)
  }
  checkJsonDepth(value, '')
  return value
}
