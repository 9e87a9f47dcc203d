/**
 * Re-indents XML, HTML and CSS for the Formatted view. Lenient by design: a response is shown
 * even when it is not well-formed, so these never throw; what they cannot place stays as text.
 */

const VOID_ELEMENTS = new Set(
  'area base br col embed hr img input link meta param source track wbr'.split(' '),
)
const RAW_TEXT = new Set(['script', 'style', 'textarea', 'pre'])

const INDENT = '  '

type Token =
  { kind: 'open' | 'close' | 'self' | 'other'; text: string; name: string } | { kind: 'text'; text: string }

function tokenize(src: string, html: boolean): Token[] {
  const tokens: Token[] = []
  let at = 0
  while (at < src.length) {
    const lt = src.indexOf('<', at)
    if (lt === -1) {
      tokens.push({ kind: 'text', text: src.slice(at) })
      break
    }
    if (!/[A-Za-z/!?]/.test(src[lt + 1] ?? '')) {
      // `a < b` in text: not a tag.
      tokens.push({ kind: 'text', text: src.slice(at, lt + 1) })
      at = lt + 1
      continue
    }
    if (lt > at) tokens.push({ kind: 'text', text: src.slice(at, lt) })
    let end: number
    if (src.startsWith('<!--', lt)) end = closing(src, '-->', lt)
    else if (src.startsWith('<![CDATA[', lt)) end = closing(src, ']]>', lt)
    else end = tagEnd(src, lt)
    const text = src.slice(lt, end)
    const name = /^<\/?([A-Za-z][\w:.-]*)/.exec(text)?.[1] ?? ''
    let kind: 'open' | 'close' | 'self' | 'other' = 'other'
    if (name && text.startsWith('</')) kind = 'close'
    else if (name) kind = text.endsWith('/>') ? 'self' : 'open'
    tokens.push({ kind, text, name })
    at = end
    if (html && kind === 'open' && RAW_TEXT.has(name.toLowerCase())) {
      // Script and style bodies are text up to their end tag, whatever `<` they contain.
      const close = src.toLowerCase().indexOf(`</${name.toLowerCase()}`, at)
      const stop = close === -1 ? src.length : close
      if (stop > at) tokens.push({ kind: 'text', text: src.slice(at, stop) })
      at = stop
    }
  }
  return tokens
}

function closing(src: string, marker: string, from: number): number {
  const found = src.indexOf(marker, from)
  return found === -1 ? src.length : found + marker.length
}

/** The `>` that ends a tag, skipping ones inside quoted attribute values. */
function tagEnd(src: string, from: number): number {
  let quote = ''
  for (let i = from + 1; i < src.length; i++) {
    const c = src[i]
    if (quote) {
      if (c === quote) quote = ''
    } else if (c === '"' || c === "'") quote = c
    else if (c === '>') return i + 1
  }
  return src.length
}

export function formatMarkup(src: string, html: boolean): string {
  const tokens = tokenize(src, html)
  const out: string[] = []
  let depth = 0
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    const pad = INDENT.repeat(depth)
    if (token.kind === 'text') {
      const text = token.text.trim()
      if (text) out.push(pad + text.replace(/\s*\n\s*/g, ' '))
      continue
    }
    const name = html ? token.name.toLowerCase() : token.name
    if (token.kind === 'close') {
      depth = Math.max(0, depth - 1)
      out.push(INDENT.repeat(depth) + token.text)
      continue
    }
    if (token.kind !== 'open' || (html && VOID_ELEMENTS.has(name))) {
      out.push(pad + token.text)
      continue
    }
    // `<a>short text</a>` stays on one line.
    const next = tokens[i + 1]
    const after = tokens[i + 2]
    if (next?.kind === 'text' && after?.kind === 'close' && sameName(after.name, token.name, html)) {
      if (!next.text.includes('\n') || (html && RAW_TEXT.has(name) && !next.text.trim())) {
        out.push(pad + token.text + next.text.trim() + after.text)
        i += 2
        continue
      }
    }
    if (next?.kind === 'close' && sameName(next.name, token.name, html)) {
      out.push(pad + token.text + next.text)
      i += 1
      continue
    }
    if (html && RAW_TEXT.has(name)) {
      // Script and style bodies keep their own lines: re-indenting code would change it.
      out.push(pad + token.text)
      let j = i + 1
      while (j < tokens.length && !isClose(tokens[j]!, name)) j++
      const body = tokens
        .slice(i + 1, j)
        .map((t) => t.text)
        .join('')
      for (const line of body.split('\n')) if (line.trim()) out.push(INDENT.repeat(depth + 1) + line.trim())
      if (j < tokens.length) out.push(pad + tokens[j]!.text)
      i = j
      continue
    }
    out.push(pad + token.text)
    depth++
  }
  return out.join('\n')
}

function isClose(token: Token, name: string): boolean {
  return token.kind === 'close' && sameName(token.name, name, true)
}

function sameName(a: string, b: string, html: boolean): boolean {
  return html ? a.toLowerCase() === b.toLowerCase() : a === b
}

/** One rule or declaration a line; strings and comments are copied as they are. */
export function formatCss(src: string): string {
  const out: string[] = []
  let depth = 0
  let line = ''
  const flush = () => {
    const text = line.trim()
    if (text) out.push(INDENT.repeat(depth) + text)
    line = ''
  }
  for (let i = 0; i < src.length; i++) {
    const c = src[i]!
    if (c === '"' || c === "'") {
      let j = i + 1
      while (j < src.length && src[j] !== c) j += src[j] === '\\' ? 2 : 1
      line += src.slice(i, j + 1)
      i = j
    } else if (c === '/' && src[i + 1] === '*') {
      const end = src.indexOf('*/', i + 2)
      const stop = end === -1 ? src.length : end + 2
      line += src.slice(i, stop)
      i = stop - 1
    } else if (c === '{') {
      line = line.trim() + ' {'
      flush()
      depth++
    } else if (c === '}') {
      flush()
      depth = Math.max(0, depth - 1)
      line = '}'
      flush()
    } else if (c === ';') {
      line += ';'
      flush()
    } else if (c === '\n' || c === '\r') {
      line += ' '
    } else {
      line += c
    }
  }
  flush()
  return out.join('\n')
}
