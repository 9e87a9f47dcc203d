/**
 * The one rule for turning a name (a collection's, an environment's, a folder's) into a file name,
 * used by every exporter and the app's downloads: each character file systems refuse or treat as
 * a separator (`\ / : * ? " < > |` and control characters) becomes `_`; leading and trailing dots
 * and white space go (hidden files, Windows' trailing dots); at most 100 characters. `fallback`
 * when nothing is left. (The git mirror's names are another matter: reversible, git/file-names.ts.)
 */
const REFUSED = /[\\/:*?"<>|\p{Cc}]/gu
const MAX_CHARS = 100

export function safeFileName(name: string, fallback = 'export'): string {
  const safe = name.replace(REFUSED, '_').replace(/^[.\s]+|[.\s]+$/gu, '')
  return [...safe].slice(0, MAX_CHARS).join('') || fallback
}
