/**
 * TypeScript declarations of what a script sees (spec 4.5, 4.6), as text: the script editor hands
 * them to its language service for autocomplete. Kept beside the runtime so the two change together.
 */
export const SCRIPT_API_DECLARATIONS = `
interface SendboxVariables {
  /** Reads a variable; null if absent. */
  get(name: string): string | null
  /** Sets a session value (stored as text; not written into the environment). */
  set(name: string, value: unknown): void
  unset(name: string): void
  has(name: string): boolean
  toObject(): Record<string, string>
  replaceIn(text: string): string
}
interface SendboxHeaders {
  get(name: string): string | undefined
  has(name: string): boolean
  toObject(): Record<string, string>
}
interface SendboxRequest {
  /** URL with variables substituted. */
  url: string
  /** Method in upper case. */
  method: string
  headers: SendboxHeaders
}
interface SendboxAssertion {
  to: SendboxAssertion; be: SendboxAssertion; have: SendboxAssertion; that: SendboxAssertion
  which: SendboxAssertion; and: SendboxAssertion; not: SendboxAssertion; deep: SendboxAssertion
  equal(value: unknown): SendboxAssertion; equals(value: unknown): SendboxAssertion; eql(value: unknown): SendboxAssertion
  a(type: string): SendboxAssertion; an(type: string): SendboxAssertion
  above(n: number): SendboxAssertion; below(n: number): SendboxAssertion
  least(n: number): SendboxAssertion; most(n: number): SendboxAssertion
  include(value: unknown): SendboxAssertion; match(re: RegExp): SendboxAssertion
  oneOf(values: unknown[]): SendboxAssertion; lengthOf(n: number): SendboxAssertion
  property(key: string, value?: unknown): SendboxAssertion; keys(...keys: string[]): SendboxAssertion
  members(values: unknown[]): SendboxAssertion
  exist: SendboxAssertion; ok: SendboxAssertion; true: SendboxAssertion; false: SendboxAssertion
  null: SendboxAssertion; undefined: SendboxAssertion; empty: SendboxAssertion
  status(code: number): SendboxAssertion; header(name: string, value?: string): SendboxAssertion
  jsonBody(path?: string, value?: unknown): SendboxAssertion
}
interface SendboxResponse {
  code: number
  status: number
  responseTime: number
  json(): any
  text(): string
  headers: SendboxHeaders
  to: { be: { ok(): void }; have: { status(code: number): void; header(name: string): void; jsonBody(): void } }
}
interface SendboxScriptResponse { code: number; status: string | number; responseTime: number; responseSize: number; headers: Record<string, string>; json(): any; text(): string }
interface SendboxApi {
  /** A test; it fails if the function throws. */
  test(name: string, fn: () => void): void
  expect(value: unknown): SendboxAssertion
  environment: SendboxVariables
  /** Variables for this send only. */
  variables: SendboxVariables
  globals: SendboxVariables
  collectionVariables: SendboxVariables
  request: SendboxRequest
  /** null in a pre-request script. */
  response: SendboxResponse
  info: { requestName: string; requestId: string }
  sendRequest(request: string | { url: string; method?: string; header?: unknown; body?: unknown }, callback: (err: unknown, res: SendboxScriptResponse) => void): void
}
declare const svc: SendboxApi
declare const delta: SendboxApi
declare const alpha: SendboxApi & { cookies: unknown; iterationData: unknown; setNextRequest(name: string | null): void }
declare const pm: typeof alpha
interface BetaApi {
  getEnvVar(name: string): string | undefined; setEnvVar(name: string, value: unknown): void
  getVar(name: string): string | undefined; setVar(name: string, value: unknown): void
  hasVar(name: string): boolean; deleteVar(name: string): void
  interpolate(text: string): string
  sendRequest(request: { url: string; method?: string; headers?: Record<string, string>; data?: unknown }, callback?: (err: unknown, res: unknown) => void): Promise<{ status: number; headers: Record<string, string>; data: any }>
  sleep(ms: number): Promise<void>
  setNextRequest(name: string | null): void
  runner: { skipRequest(): void; stopExecution(): void; setNextRequest(name: string): void }
}
declare const beta: BetaApi
declare const bru: BetaApi
declare const req: {
  getUrl(): string; getMethod(): string; getBody(): any
  getHeader(name: string): string | undefined; getHeaders(): Record<string, string>
  setHeader(name: string, value: string): void; setHeaders(headers: Record<string, string>): void
  deleteHeader(name: string): void; setBody(body: unknown): void; setMethod(method: string): void
}
declare const res: ((path: string) => any) & { status: number; body: any; getHeader(name: string): string | undefined; getStatus(): number; getBody(): any; getHeaders(): Record<string, string>; getResponseTime(): number }
declare function test(name: string, fn: () => void | Promise<void>): void
declare function expect(value: unknown): SendboxAssertion
interface GammaExpectation {
  not: GammaExpectation
  toBe(value: unknown): void; toBeLevel2xx(): void; toBeLevel3xx(): void; toBeLevel4xx(): void; toBeLevel5xx(): void
  toBeType(type: string): void; toHaveLength(n: number): void; toInclude(value: unknown): void
}
interface GammaApi {
  env: { get(name: string): string | null; set(name: string, value: string): void; unset(name: string): void; resolve(text: string): string; getResolve(name: string): string | null }
  test(name: string, fn: () => void): void
  expect(value: unknown): GammaExpectation
  response: { status: number; body: any; headers: { key: string; value: string }[] }
}
declare const gamma: GammaApi
declare const pw: GammaApi
`

/** The six snippets of spec 4.5, offered at the start of an empty line. */
export const SCRIPT_SNIPPETS: { label: string; detail: string; body: string }[] = [
  {
    label: 'test',
    detail: 'status code is 200',
    body: "svc.test('Status code is 200', function () {\n\tsvc.response.to.have.status(200)\n})",
  },
  {
    label: 'test',
    detail: 'body value equals',
    body: "svc.test('Body value equals', function () {\n\tsvc.expect(svc.response.json().${1:field}).to.equal(${2:'value'})\n})",
  },
  {
    label: 'test',
    detail: 'response time is fast',
    body: "svc.test('Response time is below 500 ms', function () {\n\tsvc.expect(svc.response.responseTime).to.be.below(500)\n})",
  },
  {
    label: 'test',
    detail: 'has header',
    body: "svc.test('Has Content-Type header', function () {\n\tsvc.response.to.have.header('${1:Content-Type}')\n})",
  },
  {
    label: 'environment.set',
    detail: 'save token',
    body: "svc.environment.set('token', svc.response.json().${1:access_token})",
  },
  {
    label: 'variables.set',
    detail: 'from response',
    body: "svc.variables.set('${1:name}', svc.response.json().${2:field})",
  },
]
