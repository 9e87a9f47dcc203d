/** Splits URL text into plain runs and `{{variable}}` references, for highlighting. */
export interface UrlPart {
  text: string
  /** The variable's name when this part is a reference. */
  variable?: string
}

export function urlParts(text: string): UrlPart[] {
  const parts: UrlPart[] = []
  let last = 0
  for (const match of text.matchAll(/\{\{\s*([^{}]+?)\s*\}\}/g)) {
    if (match.index > last) parts.push({ text: text.slice(last, match.index) })
    parts.push({ text: match[0], variable: match[1]! })
    last = match.index + match[0].length
  }
  if (last < text.length) parts.push({ text: text.slice(last) })
  return parts
}
