/**
 * Explain (spec 3, 7): what went wrong with a response, for a person. Two pure halves:
 * - `buildExplainRequest`: the chat-completions request for an OpenAI-compatible assistant, with
 *   auth values and secrets masked and the body cut to an excerpt, so nothing secret leaves;
 * - `offlineExplanation`: Sendbox's own answer from the status, the headers and the failed tests,
 *   used when no assistant is configured.
 */
import type { HeaderList } from './wire.ts'

export const MASK = '•••'
/** Characters of the response body sent to the assistant. */
export const BODY_EXCERPT_LIMIT = 4000

export interface ExplainFailure {
  name: string
  error: string | null
}

export interface ExplainInput {
  method: string
  url: string
  requestHeaders: HeaderList
  status: number
  statusText: string
  responseHeaders: HeaderList
  /** The response body as text (it is cut here, so the whole text may be passed). */
  bodyText: string
  failures: ExplainFailure[]
  /** The post-response script's error message, if it threw. */
  scriptError: string | null
  /** Secret variable values: masked wherever they appear. */
  secrets: string[]
}

export interface ChatRequest {
  model: string
  messages: { role: 'system' | 'user'; content: string }[]
  temperature: number
}

const SENSITIVE_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'x-auth-token',
  'x-amz-security-token',
  'x-csrf-token',
])
const SENSITIVE_NAME = /token|secret|passw(or)?d|api[-_]?key|apikey|auth|session|signature|credential|sig\b/i

/** Challenges name a scheme, never a credential: they are what the explanation needs most. */
const CHALLENGE_HEADERS = new Set(['www-authenticate', 'proxy-authenticate'])

export function isSensitiveName(name: string): boolean {
  if (CHALLENGE_HEADERS.has(name.toLowerCase())) return false
  return SENSITIVE_HEADERS.has(name.toLowerCase()) || SENSITIVE_NAME.test(name)
}

/** `Bearer abc` → `Bearer •••`: the scheme helps the explanation, the credential never does. */
export function maskHeaderValue(name: string, value: string): string {
  const lower = name.toLowerCase()
  if (lower === 'authorization' || lower === 'proxy-authorization') {
    const scheme = /^([A-Za-z][\w-]*)\s+\S/.exec(value)?.[1]
    return scheme ? `${scheme} ${MASK}` : MASK
  }
  if (lower === 'cookie') return value.replace(/=([^;]*)/g, `=${MASK}`)
  if (lower === 'set-cookie') return value.replace(/^([^=;]+)=([^;]*)/, `$1=${MASK}`)
  return MASK
}

export function maskHeaders(headers: HeaderList, secrets: string[] = []): HeaderList {
  return headers.map(([name, value]) => [
    name,
    isSensitiveName(name) ? maskHeaderValue(name, value) : maskSecrets(value, secrets),
  ])
}

export function maskUrl(url: string, secrets: string[] = []): string {
  let masked = url
  try {
    const parsed = new URL(url)
    // A placeholder the URL serializer leaves alone; the mask itself would be percent-encoded.
    if (parsed.password) parsed.password = 'MASKED__'
    for (const [name] of [...parsed.searchParams])
      if (isSensitiveName(name)) parsed.searchParams.set(name, 'MASKED__')
    masked = parsed.toString().replace(/MASKED__/g, MASK)
  } catch {
    // Not a URL the platform parses: only the secret values are masked below.
  }
  return maskSecrets(masked, secrets)
}

/** Replaces every occurrence of each secret value; short values are skipped (they match too much). */
export function maskSecrets(text: string, secrets: string[]): string {
  let result = text
  for (const secret of [...secrets].sort((a, b) => b.length - a.length)) {
    if (secret.length < 4) continue
    result = result.split(secret).join(MASK)
  }
  return result
}

/** JSON-ish `"password": "x"` and form-ish `token=x` values in a body. */
export function maskBody(text: string, secrets: string[]): string {
  const masked = text
    .replace(/("([^"\\]*)"\s*:\s*)"((?:[^"\\]|\\.)*)"/g, (whole, prefix: string, key: string) =>
      isSensitiveName(key) ? `${prefix}"${MASK}"` : whole,
    )
    .replace(/(^|[?&\s])([\w.-]+)=([^&\s]*)/g, (whole, lead: string, key: string) =>
      isSensitiveName(key) ? `${lead}${key}=${MASK}` : whole,
    )
  return maskSecrets(masked, secrets)
}

export function bodyExcerpt(text: string, secrets: string[], limit = BODY_EXCERPT_LIMIT): string {
  // Mask before cutting, so a secret split by the cut cannot leak its first half.
  const masked = maskBody(text, secrets)
  if (masked.length <= limit) return masked
  return `${masked.slice(0, limit)}\n… (${masked.length - limit} more characters not sent)`
}

const SYSTEM_PROMPT =
  'You help a developer understand why an HTTP request failed or why its tests failed. ' +
  'Answer briefly: the likely cause first, then concrete steps to fix the request. ' +
  'Values shown as ••• were masked on purpose; do not ask for them.'

export function explainPrompt(input: ExplainInput): string {
  const { secrets } = input
  const lines = [`Request: ${input.method} ${maskUrl(input.url, secrets)}`, 'Request headers:']
  for (const [name, value] of maskHeaders(input.requestHeaders, secrets)) lines.push(`  ${name}: ${value}`)
  lines.push(`Response: ${input.status} ${input.statusText}`.trimEnd(), 'Response headers:')
  for (const [name, value] of maskHeaders(input.responseHeaders, secrets)) lines.push(`  ${name}: ${value}`)
  lines.push('Response body (excerpt):', bodyExcerpt(input.bodyText, secrets) || '(empty)')
  if (input.failures.length > 0) {
    lines.push('Failed tests:')
    for (const failure of input.failures)
      lines.push(
        `  - ${maskSecrets(failure.name, secrets)}: ${maskSecrets(failure.error ?? 'failed', secrets)}`,
      )
  }
  if (input.scriptError) lines.push(`Post-response script error: ${maskSecrets(input.scriptError, secrets)}`)
  return lines.join('\n')
}

export function buildExplainRequest(input: ExplainInput, model: string): ChatRequest {
  return {
    model,
    temperature: 0.2,
    messages: [
      { role: 'system', content: SYSTEM_PROMPT },
      { role: 'user', content: explainPrompt(input) },
    ],
  }
}

/** `http://host:8080/v1` and `http://host:8080/v1/chat/completions` both name the endpoint. */
export function chatCompletionsUrl(base: string): string {
  const trimmed = base.trim().replace(/\/+$/, '')
  return trimmed.endsWith('/chat/completions') ? trimmed : `${trimmed}/chat/completions`
}

/** The answer text of a chat-completions response, or null when it has none. */
export function chatAnswer(response: unknown): string | null {
  const choices = (response as { choices?: { message?: { content?: unknown } }[] } | null)?.choices
  const content = choices?.[0]?.message?.content
  return typeof content === 'string' && content.trim() ? content.trim() : null
}

// ---------------------------------------------------------------------------------------------
// Offline: no assistant configured

export interface OfflineExplanation {
  title: string
  points: string[]
}

const STATUS_NOTES: Record<number, string> = {
  400: 'The server could not understand the request: check the body against the API’s schema, the Content-Type header and required parameters.',
  401: 'The request is not authenticated: credentials are missing, wrong or expired.',
  403: 'The server knows who you are but refuses the action: the credentials lack a permission or scope, or the resource is off limits.',
  404: 'Nothing exists at this URL: check the path, path variables and the base URL of the environment.',
  405: 'This method is not allowed on this URL.',
  406: 'The server cannot answer in a format the Accept header allows.',
  408: 'The server gave up waiting for the request.',
  409: 'The request conflicts with the current state of the resource (for example a duplicate or a stale version).',
  410: 'The resource existed but has been removed for good.',
  411: 'The server requires a Content-Length header.',
  412: 'A precondition header (If-Match, If-Unmodified-Since) did not hold.',
  413: 'The request body is larger than the server accepts.',
  414: 'The URL is longer than the server accepts: move data from the query into the body.',
  415: 'The server does not accept this body format: check the Content-Type header and the body type.',
  422: 'The body was well-formed but failed validation: the response body usually names the fields.',
  428: 'The server requires a conditional request (If-Match).',
  429: 'Too many requests: the server is rate limiting you.',
  431: 'The request headers are too large: look for a big Cookie or Authorization header.',
  500: 'The server failed while handling the request. This is usually a server bug; the response body or the server logs may say more.',
  501: 'The server does not implement this method or feature.',
  502: 'A gateway or proxy got an invalid answer from the server behind it.',
  503: 'The service is unavailable right now (overloaded or down for maintenance).',
  504: 'A gateway or proxy timed out waiting for the server behind it.',
}

function statusNote(status: number): string | null {
  const known = STATUS_NOTES[status]
  if (known) return known
  if (status >= 500) return 'The server reports an error on its side.'
  if (status >= 400) return 'The server rejected the request as a client error.'
  return null
}

/** `Bearer realm="api", error="invalid_token", error_description="expired"` → its parameters. */
export function authChallenge(value: string): { scheme: string; params: Record<string, string> } {
  const scheme = /^\s*([A-Za-z][\w-]*)/.exec(value)?.[1] ?? ''
  const params: Record<string, string> = {}
  for (const match of value.matchAll(/([\w-]+)=("((?:[^"\\]|\\.)*)"|[^,\s]*)/g))
    params[match[1]!.toLowerCase()] = match[3] ?? match[2]!
  return { scheme, params }
}

/** `Retry-After` as seconds or an HTTP date, against `now` (epoch ms). */
export function retryAfterText(value: string, now: number): string | null {
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return `${Number(trimmed)} seconds`
  const date = Date.parse(trimmed)
  if (Number.isNaN(date)) return null
  const seconds = Math.max(0, Math.round((date - now) / 1000))
  return `${seconds} seconds (at ${new Date(date).toISOString()})`
}

function header(headers: HeaderList, name: string): string | undefined {
  const lower = name.toLowerCase()
  return headers.find(([key]) => key.toLowerCase() === lower)?.[1]
}

export function offlineExplanation(
  input: Pick<
    ExplainInput,
    'status' | 'statusText' | 'responseHeaders' | 'failures' | 'scriptError' | 'secrets'
  > & {
    requestHeaders?: HeaderList
  },
  now = Date.now(),
): OfflineExplanation {
  const { status, responseHeaders, secrets } = input
  const points: string[] = []
  const note = statusNote(status)
  if (note) points.push(note)

  const challenge = header(responseHeaders, 'www-authenticate')
  if (challenge) {
    const { scheme, params } = authChallenge(challenge)
    let text = `The server asks for ${scheme || 'authentication'} authentication (WWW-Authenticate: ${challenge}).`
    if (params.error === 'invalid_token') text += ' It says the token is invalid or expired: get a new token.'
    else if (params.error === 'insufficient_scope')
      text += ` The token lacks a scope${params.scope ? ` (needs: ${params.scope})` : ''}.`
    if (params.error_description) text += ` Server: "${params.error_description}".`
    const sentAuth = input.requestHeaders && header(input.requestHeaders, 'authorization')
    if (status === 401 && input.requestHeaders && !sentAuth)
      text += ' The request carried no Authorization header: set one in the Autorisierung tab.'
    points.push(text)
  }
  const retryAfter = header(responseHeaders, 'retry-after')
  if (retryAfter) {
    const wait = retryAfterText(retryAfter, now)
    points.push(`Retry-After: the server asks you to wait ${wait ?? retryAfter} before trying again.`)
  }
  const allow = header(responseHeaders, 'allow')
  if (allow && status === 405) points.push(`Allowed methods here: ${allow}.`)
  const accept = header(responseHeaders, 'accept-post') ?? header(responseHeaders, 'accept-patch')
  if (accept && status === 415) points.push(`The server accepts: ${accept}.`)
  const remaining =
    header(responseHeaders, 'x-ratelimit-remaining') ?? header(responseHeaders, 'ratelimit-remaining')
  if (remaining !== undefined) points.push(`Rate limit remaining: ${remaining}.`)

  for (const failure of input.failures)
    points.push(
      `Test failed: ${maskSecrets(failure.name, secrets)} — ${maskSecrets(failure.error ?? 'failed', secrets)}`,
    )
  if (input.scriptError)
    points.push(`The post-response script threw: ${maskSecrets(input.scriptError, secrets)}`)
  if (points.length === 0) points.push('Nothing in the status or headers points at a problem.')

  const title =
    status >= 400 ? `${status} ${input.statusText}`.trimEnd() : `${input.failures.length} failed test(s)`
  return { title, points }
}
