/**
 * Java string literals. Everything outside ASCII is a `\uXXXX` escape, so the file compiles the same
 * whatever the platform encoding `javac` assumes; control characters are octal escapes, because a
 * `\u000a` escape would become a real line break before the string is read.
 */

export function javaString(text: string): string {
  let out = '"'
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!
    const code = text.charCodeAt(i)
    if (ch === '\\') out += '\\\\'
    else if (ch === '"') out += '\\"'
    else if (ch === '\n') out += '\\n'
    else if (ch === '\r') out += '\\r'
    else if (ch === '\t') out += '\\t'
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString(8).padStart(3, '0')}`
    else if (code > 0x7f) out += `\\u${code.toString(16).padStart(4, '0')}`
    else out += ch
  }
  return `${out}"`
}
