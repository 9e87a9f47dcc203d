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

/**
 * Whether the document can be shown while the body is still arriving: XML, HTML and CSS are
 * formatted as whole strings, so their Formatted view waits for the whole body.
 */
export function formatsAsItArrives(format: BodyFormat, view: LineView): boolean {
  return view !== 'pretty' || !(format === 'xml' || format === 'html' || format === 'css')
}

/** `final`: `body` is the whole body; otherwise it grows (`LineDocument.grow`). */
export function makeLineDocument(
  body: Uint8Array,
  format: BodyFormat,
  view: LineView,
  final = true,
): LineDocument {
  if (view === 'hex') return new HexLines(body, final)
  if (view === 'raw') return new TextLines(body, final)
  if (!final && !formatsAsItArrives(format, view)) throw new Error(`${format} is formatted whole`)
  switch (format) {
    case 'json':
      return new JsonLines(body, final)
    case 'xml':
    case 'html':
      if (body.length > MARKUP_FORMAT_LIMIT) return new TextLines(body)
      return new TextLines(utf8(formatMarkup(fromUtf8(body), format === 'html')))
    case 'css':
      if (body.length > MARKUP_FORMAT_LIMIT) return new TextLines(body)
      return new TextLines(utf8(formatCss(fromUtf8(body))))
    default:
      // JavaScript, YAML and text are shown with their own line breaks.
      return new TextLines(body, final)
  }
}
