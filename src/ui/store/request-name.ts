/** An unnamed request takes its name from its URL (spec 2.1). */
export function nameFromUrl(url: string): string {
  const trimmed = url.trim()
  if (!trimmed) return ''
  const withoutScheme = trimmed.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '')
  const withoutQuery = withoutScheme.replace(/[?#].*$/, '')
  const name = withoutQuery.replace(/\/+$/, '') || withoutScheme
  return name.length > 80 ? `${name.slice(0, 79)}…` : name
}

/** The name a tab or a save shows: the request's own name, else one from its URL. */
export function displayName(name: string, url: string, fallback: string): string {
  return name.trim() || nameFromUrl(url) || fallback
}
