import { describe, expect, it } from 'vitest'
import {
  authChallenge,
  bodyExcerpt,
  buildExplainRequest,
  chatAnswer,
  chatCompletionsUrl,
  MASK,
  maskHeaders,
  maskUrl,
  offlineExplanation,
  retryAfterText,
  type ExplainInput,
} from './explain.ts'

const input = (over: Partial<ExplainInput> = {}): ExplainInput => ({
  method: 'POST',
  url: 'https://api.test/v1/users?page=2&api_key=k-123456',
  requestHeaders: [
    ['Authorization', 'Bearer eyJhbGciOi.secret.sig'],
    ['Content-Type', 'application/json'],
    ['X-Trace', 'trace-with-s3cr3t-value-inside'],
  ],
  status: 401,
  statusText: 'Unauthorized',
  responseHeaders: [
    ['WWW-Authenticate', 'Bearer realm="api", error="invalid_token", error_description="The token expired"'],
    ['Set-Cookie', 'sid=abc123; Path=/; HttpOnly'],
  ],
  bodyText: '{"error":"invalid_token","password":"hunter22","detail":"s3cr3t-value"}',
  failures: [],
  scriptError: null,
  secrets: ['s3cr3t-value'],
  ...over,
})

describe('masking', () => {
  it('keeps the auth scheme and masks credentials, cookies and sensitive names', () => {
    expect(
      maskHeaders([
        ['Authorization', 'Bearer abc.def'],
        ['authorization', 'opaque'],
        ['Cookie', 'a=1; b=2'],
        ['Set-Cookie', 'sid=xyz; Path=/; Secure'],
        ['X-Api-Key', 'k'],
        ['X-Refresh-Token', 't'],
        ['Accept', 'application/json'],
      ]),
    ).toEqual([
      ['Authorization', `Bearer ${MASK}`],
      ['authorization', MASK],
      ['Cookie', `a=${MASK}; b=${MASK}`],
      ['Set-Cookie', `sid=${MASK}; Path=/; Secure`],
      ['X-Api-Key', MASK],
      ['X-Refresh-Token', MASK],
      ['Accept', 'application/json'],
    ])
  })

  it('masks URL passwords, sensitive query values and secret values anywhere', () => {
    expect(maskUrl('https://ada:pw@api.test/x?token=t1&page=2&q=my-secret-1', ['my-secret-1'])).toBe(
      `https://ada:${MASK}@api.test/x?token=${MASK}&page=2&q=${MASK}`,
    )
    expect(maskUrl('not a url my-secret-1', ['my-secret-1'])).toBe(`not a url ${MASK}`)
  })

  it('masks sensitive JSON and form fields in the body and cuts it after masking', () => {
    const body = '{"password":"p1","name":"Ada","access_token":"t"} grant_type=x&client_secret=cs'
    expect(bodyExcerpt(body, [])).toBe(
      `{"password":"${MASK}","name":"Ada","access_token":"${MASK}"} grant_type=x&client_secret=${MASK}`,
    )
    const long = 'abc '.repeat(2000) + 'tail-secret'
    const excerpt = bodyExcerpt(long, ['tail-secret'], 100)
    expect(excerpt.startsWith('abc abc')).toBe(true)
    expect(excerpt).toMatch(/… \(\d+ more characters not sent\)$/)
    // A secret cut in half by the limit must not leak its first half.
    const cut = bodyExcerpt('x'.repeat(95) + 'tail-secret', ['tail-secret'], 100)
    expect(cut).not.toContain('tail-')
  })
})

describe('buildExplainRequest', () => {
  it('holds method, URL, status, headers and body excerpt, with nothing secret in it', () => {
    const request = buildExplainRequest(
      input({ failures: [{ name: 'is 200', error: 'expected 401 to equal 200' }] }),
      'qwen',
    )
    expect(request.model).toBe('qwen')
    expect(request.messages.map((m) => m.role)).toEqual(['system', 'user'])
    const prompt = request.messages[1]!.content
    expect(prompt).toContain('Request: POST https://api.test/v1/users?page=2&api_key=' + MASK)
    expect(prompt).toContain('Response: 401 Unauthorized')
    expect(prompt).toContain(`Authorization: Bearer ${MASK}`)
    expect(prompt).toContain('Content-Type: application/json')
    expect(prompt).toContain('error="invalid_token"')
    expect(prompt).toContain('"error":"invalid_token"')
    expect(prompt).toContain('- is 200: expected 401 to equal 200')
    for (const leaked of ['eyJhbGciOi', 'k-123456', 'hunter22', 's3cr3t-value', 'abc123']) {
      expect(prompt).not.toContain(leaked)
    }
  })

  it('names the endpoint from a base URL or the full path, and reads the answer', () => {
    expect(chatCompletionsUrl('http://127.0.0.1:8080/v1/')).toBe('http://127.0.0.1:8080/v1/chat/completions')
    expect(chatCompletionsUrl('http://h/v1/chat/completions')).toBe('http://h/v1/chat/completions')
    expect(chatAnswer({ choices: [{ message: { content: ' Fix the token. ' } }] })).toBe('Fix the token.')
    expect(chatAnswer({ error: 'x' })).toBeNull()
  })
})

describe('offlineExplanation', () => {
  const now = Date.parse('2026-01-01T00:00:00Z')

  it('reads WWW-Authenticate and notices a missing Authorization header', () => {
    const result = offlineExplanation({ ...input(), requestHeaders: [['Accept', '*/*']] }, now)
    expect(result.title).toBe('401 Unauthorized')
    expect(result.points[0]).toMatch(/not authenticated/)
    expect(result.points[1]).toContain('Bearer authentication')
    expect(result.points[1]).toContain('token is invalid or expired')
    expect(result.points[1]).toContain('"The token expired"')
    expect(result.points[1]).toContain('no Authorization header')
  })

  it('reads Retry-After as seconds or a date', () => {
    expect(retryAfterText('30', now)).toBe('30 seconds')
    expect(retryAfterText('Thu, 01 Jan 2026 00:01:00 GMT', now)).toBe(
      '60 seconds (at 2026-01-01T00:01:00.000Z)',
    )
    expect(retryAfterText('soon', now)).toBeNull()
    const result = offlineExplanation(
      { ...input(), status: 429, statusText: 'Too Many Requests', responseHeaders: [['Retry-After', '30']] },
      now,
    )
    expect(result.points).toEqual([
      'Too many requests: the server is rate limiting you.',
      'Retry-After: the server asks you to wait 30 seconds before trying again.',
    ])
  })

  it('lists allowed methods on 405 and failed tests and script errors, masking secrets', () => {
    const result = offlineExplanation(
      {
        ...input(),
        status: 200,
        statusText: 'OK',
        responseHeaders: [],
        failures: [{ name: 'token is s3cr3t-value', error: 'expected 1 to equal 2' }],
        scriptError: 'TypeError: x is undefined',
      },
      now,
    )
    expect(result.title).toBe('1 failed test(s)')
    expect(result.points).toEqual([
      `Test failed: token is ${MASK} — expected 1 to equal 2`,
      'The post-response script threw: TypeError: x is undefined',
    ])
    const notAllowed = offlineExplanation(
      {
        ...input(),
        status: 405,
        statusText: 'Method Not Allowed',
        responseHeaders: [['Allow', 'GET, HEAD']],
      },
      now,
    )
    expect(notAllowed.points).toContain('Allowed methods here: GET, HEAD.')
  })

  it('falls back to the status class for unknown codes', () => {
    expect(offlineExplanation({ ...input(), status: 499, responseHeaders: [] }, now).points[0]).toMatch(
      /client error/,
    )
    expect(offlineExplanation({ ...input(), status: 599, responseHeaders: [] }, now).points[0]).toMatch(
      /server/,
    )
  })

  it('parses challenge parameters', () => {
    expect(authChallenge('Basic realm="echo"')).toEqual({ scheme: 'Basic', params: { realm: 'echo' } })
  })
})
