/** Picks the line document for a body, a format and a view (Formatted, Raw or Hex). */
import { fromUtf8, utf8 } from '../encoding.ts'
import type { BodyFormat } from './format.ts'
import { JsonLines } from './json-lines.ts'
import type { LineDocument } from './lines.ts'
import { formatCss, formatMarkup } from './markup.ts'
import { HexLines, TextLines } from './text-lines.ts'

export type LineView = 'pretty' | 'raw' | 'hex'

/**
 * Above this, XML, HTML and CSS are shown as they came: their formatters build whole strings.
 * JSON has no such limit; its formatter works in place on the bytes.
 */
export const MARKUP_FORMAT_LIMIT = 20_000_000

export function makeLineDocument(body: Uint8Array, format: BodyFormat, view: LineView): LineDocument {
  if (view === 'hex') return new HexLines(body)
  if (view === 'raw') return new TextLines(body)
  switch (format) {
    case 'json':
      return new JsonLines(body)
    case 'xml':
    case 'html':
      if (body.length > MARKUP_FORMAT_LIMIT) return new TextLines(body)
      return new TextLines(utf8(formatMarkup(fromUtf8(body), format === 'html')))
    case 'css':
      if (body.length > MARKUP_FORMAT_LIMIT) return new TextLines(body)
      return new TextLines(utf8(formatCss(fromUtf8(body))))
    default:
      // JavaScript, YAML and text are shown with their own line breaks.
      return new TextLines(body)
  }
}
