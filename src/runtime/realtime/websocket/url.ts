/** A WebSocket request's URL checked and normalised (apart from prepare.ts: the page needs it without the pipeline). */
/** `http(s)://` and a bare host become `ws(s)://`; anything else is named as the problem. */
export function webSocketUrl(url: string): { ok: true; url: string } | { ok: false; error: string } {
  const trimmed = url.trim()
  if (!trimmed) return { ok: false, error: 'Enter a URL starting with ws:// or wss://' }
  const withScheme = /^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `ws://${trimmed}`
  let parsed: URL
  try {
    parsed = new URL(withScheme)
  } catch {
    return { ok: false, error: `Invalid URL: ${trimmed}` }
  }
  const scheme = parsed.protocol.toLowerCase()
  if (scheme === 'http:' || scheme === 'https:') parsed.protocol = scheme === 'https:' ? 'wss:' : 'ws:'
  else if (scheme !== 'ws:' && scheme !== 'wss:')
    return { ok: false, error: `A WebSocket URL starts with ws:// or wss://, not ${scheme}//` }
  return { ok: true, url: parsed.href }
}
