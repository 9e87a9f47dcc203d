/** POSIX shell quoting (bash, zsh, sh): what a word becomes so the shell passes it unchanged. */

/** `'…'`: nothing is special inside but `'` itself, written as `'\''`. */
export function singleQuoted(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`
}

/**
 * `"…"` with `\`, `"`, `$` and backtick escaped. `!` cannot be escaped inside double quotes
 * (interactive bash keeps the backslash), so it is written outside them, as `'!'`.
 */
export function doubleQuoted(text: string): string {
  if (text === '') return '""'
  return text
    .split('!')
    .map((piece) => (piece === '' ? '' : `"${piece.replace(/[\\"$`]/g, (ch) => `\\${ch}`)}"`))
    .join("'!'")
}

export function shellQuote(text: string, quotes: 'single' | 'double'): string {
  return quotes === 'single' ? singleQuoted(text) : doubleQuoted(text)
}
