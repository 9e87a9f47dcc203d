/**
 * Removes `//` and `/* *\/` comments from a raw JSON body outside its strings, as Postman does
 * before sending one (so a body documented with comments still parses on the server). Everything
 * else, whitespace and the line break ending a `//` comment included, is left as typed.
 */
export function stripJsonComments(text: string): string {
  if (!text.includes('/')) return text
  let out = ''
  let i = 0
  while (i < text.length) {
    const c = text[i]!
    if (c === '"') {
      // A string, escapes included, copied whole.
      let j = i + 1
      while (j < text.length && text[j] !== '"') j += text[j] === '\\' ? 2 : 1
      out += text.slice(i, j + 1)
      i = j + 1
    } else if (c === '/' && text[i + 1] === '/') {
      const end = text.indexOf('\n', i)
      i = end < 0 ? text.length : end
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2)
      i = end < 0 ? text.length : end + 2
    } else {
      out += c
      i++
    }
  }
  return out
}
