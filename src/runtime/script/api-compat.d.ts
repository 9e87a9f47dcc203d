// The compatibility APIs' shapes (Postman's `pm`/`alpha`, Bruno's `bru`/`beta`, `req`, `res`,
// Hoppscotch's `pw`/`gamma`); api.d.ts declares the native API and the globals. Loaded together.
interface AlphaVariable {
  readonly key: string
  value: unknown
  readonly type: string
  get(): unknown
  valueOf(): unknown
  toString(): string
  toJSON(): { type: string; value: unknown; key: string }
}
/** An array as newman's sandbox gives it: with Sugar's `each`. */
type AlphaList<T> = T[] & { each(fn: (item: T, index: number, list: T[]) => unknown): AlphaList<T> }
type AlphaRule = ((item: AlphaVariable, index: number) => unknown) | string | object
interface AlphaVariableList {
  readonly members: AlphaList<AlphaVariable>
  readonly reference: Record<string, AlphaVariable>
  all(): AlphaList<AlphaVariable>
  one(key: string): AlphaVariable | undefined
  get(key: string): unknown
  has(key: string | AlphaVariable, value?: unknown): boolean
  each(fn: (item: AlphaVariable, index: number) => void, context?: object): void
  filter(rule: AlphaRule, context?: object): AlphaList<AlphaVariable>
  find(rule: AlphaRule, context?: object): AlphaVariable | undefined
  map<R>(fn: ((item: AlphaVariable, index: number) => R) | string, context?: object): AlphaList<R>
  reduce<R>(fn: (acc: R, item: AlphaVariable, index: number) => R, initial: R, context?: object): R
  count(): number
  idx(index: number): AlphaVariable | undefined
  indexOf(item: string | AlphaVariable): number
  toObject(excludeDisabled?: boolean, caseSensitive?: boolean, multiValue?: boolean): Record<string, unknown>
  toJSON(): { type: string; value: unknown; key: string }[]
}
interface PostmanProperty {
  key: string | null
  value: any
  disabled?: boolean
  /** A header the runtime added to the sent request (post-response: auth, defaults, Host...). */
  readonly system?: boolean
  update(options: { key?: string; value?: any; disabled?: boolean } | string): void
  valueOf(): any
  toString(): string
}
/** Postman's PropertyList (postman-collection): in a pre-request script, changes reach the request sent. */
interface PostmanPropertyList<T = PostmanProperty> {
  readonly members: T[]
  get(key: string): any
  has(key: string | T, value?: any): boolean
  one(key: string): T | undefined
  all(): T[]
  idx(index: number): T | undefined
  indexOf(item: string | T): number
  count(): number
  each(fn: (item: T, index: number) => unknown, context?: object): void
  map<R>(fn: (item: T, index: number) => R, context?: object): R[]
  filter(rule: ((item: T, index: number) => unknown) | Partial<T>, context?: object): T[]
  find(rule: ((item: T, index: number) => unknown) | Partial<T>, context?: object): T | undefined
  reduce<R>(fn: (acc: R, item: T, index: number) => R, initial: R, context?: object): R
  /** Header names in lower case (unless caseSensitive); repeated names give arrays. */
  toObject(excludeDisabled?: boolean, caseSensitive?: boolean, multiValue?: boolean): Record<string, any>
  add(item: Partial<PostmanProperty> | string): void
  upsert(item: Partial<PostmanProperty> | string): boolean | null
  remove(predicate: string | T | ((item: T) => unknown), context?: object): void
  clear(): void
  populate(items: Partial<PostmanProperty>[]): void
  toString(): string
  toJSON(): object[]
}
interface PostmanUrl {
  protocol?: string
  host?: string[]
  port?: string
  path?: string[]
  hash?: string
  auth?: { user?: string; password?: string }
  query: PostmanPropertyList
  variables: PostmanPropertyList
  getHost(): string
  getPath(unresolved?: boolean): string
  getPathWithQuery(): string
  getQueryString(): string
  getRemote(forcePort?: boolean): string
  addQueryParams(params: string | { key: string; value: string | null }[]): void
  removeQueryParams(params: string | string[]): void
  update(url: string): void
  toString(forceProtocol?: boolean): string
}
interface PostmanRequestBody {
  mode: 'raw' | 'urlencoded' | 'formdata' | 'graphql'
  raw?: string
  urlencoded?: PostmanPropertyList
  formdata?: PostmanPropertyList
  graphql?: { query: string; variables: string }
  toString(): string
  isEmpty(): boolean
  update(body: object | string): void
}
/** Postman's Request: in a pre-request script its changes reach the request sent (as newman). */
interface AlphaRequest {
  readonly id: string
  readonly name: string
  /** A Url object with variables substituted; a string once a script assigns one. */
  url: PostmanUrl | string
  method: string
  /** The request's own headers (the disabled ones marked); after the send, then the runtime's (`system`). */
  headers: PostmanPropertyList
  body: PostmanRequestBody | undefined
  readonly auth: { type: string; [type: string]: any } | undefined
  getHeaders(options?: { enabled?: boolean; ignoreCase?: boolean }): Record<string, string>
  addHeader(header: { key: string; value: string } | string): void
  removeHeader(header: string): void
  upsertHeader(header: { key: string; value: string }): void
  addQueryParams(params: string | { key: string; value: string | null }[]): void
  removeQueryParams(params: string | string[]): void
  /** chai-postman: `pm.request.to.have.header('Authorization')`, `.to.be.a.postmanRequest`. */
  readonly to: Chai.Assertion
  readonly not: Chai.Assertion
}
interface AlphaResponse extends Omit<SvcResponse, 'status' | 'headers'> {
  /** The reason text, e.g. "OK". */
  readonly status: string
  readonly headers: PostmanPropertyList<{ key: string; value: string }>
}
interface AlphaSendResponse {
  code: number
  status: string
  responseTime: number
  responseSize: number
  headers: Record<string, string> & { get(name: string): string | undefined; has(name: string): boolean }
  json(): any
  text(): string
}
interface AlphaRequestObject {
  url: string
  method?: string
  header?: Record<string, string> | { key: string; value: string; disabled?: boolean }[] | string
  body?: object | string | { mode: 'raw'; raw: string } | { mode: 'urlencoded'; urlencoded: { key: string; value: string }[] }
}
/** A cookie as postman-collection gives it: `value` URI-encoded, `valueOf()` decoded. */
interface AlphaCookie {
  name: string
  value: string
  expires: Date | null
  maxAge: number
  domain: string
  path: string
  secure: boolean
  httpOnly: boolean
  hostOnly: boolean
  valueOf(): string
  toString(): string
}
/** A cookie store for any URL; each answer comes through its callback. */
interface AlphaCookieJar {
  get(url: string, name: string, callback: (error: Error | null, value: string | null) => void): void
  getAll(url: string, callback: (error: Error | null, cookies: AlphaCookieList) => void): void
  getAll(url: string, options: { http?: boolean }, callback: (error: Error | null, cookies: AlphaCookieList) => void): void
  set(url: string, name: string, value: string, callback?: (error: Error | null, cookie: AlphaCookie) => void): void
  set(url: string, cookie: Partial<AlphaCookie> | string, callback?: (error: Error | null, cookie: AlphaCookie) => void): void
  unset(url: string, name: string, callback?: (error: Error | null) => void): void
  clear(url: string, callback?: (error: Error | null) => void): void
}
/** Cookies by name (any case); a name set on two paths is listed twice. */
interface AlphaCookieList {
  get(name: string): string | undefined
  has(name: string, value?: string): boolean
  one(name: string): AlphaCookie | undefined
  toObject(): Record<string, string | string[]>
  count(): number
  idx(index: number): AlphaCookie | undefined
  all(): AlphaCookie[]
  each(fn: (cookie: AlphaCookie) => void): void
  filter(fn: (cookie: AlphaCookie) => boolean): AlphaCookie[]
  find(fn: (cookie: AlphaCookie) => boolean): AlphaCookie | undefined
  map<T>(fn: (cookie: AlphaCookie) => T): T[]
}
/** The iteration's data row (a collection run's data file); changes last for the script that makes them. */
interface IterationDataScope {
  /** As the row holds it: a CSV number is a number; undefined when the row lacks it. */
  get(name: string): unknown
  has(name: string): boolean
  toObject(): Record<string, unknown>
  toJSON(): { values: { key: string; value: unknown; type: string }[] }
  set(name: string, value: unknown): void
  unset(name: string): void
  clear(): void
  replaceIn(text: string): string
}
interface AlphaApi extends Omit<SvcApi, 'response' | 'request'> {
  readonly request: AlphaRequest
  /** Behave as environment: session values, not the real global or collection variables. */
  readonly globals: SvcScope
  readonly collectionVariables: SvcScope
  readonly response: AlphaResponse | null
  /** Pre-request scripts only, at most 5 calls; the send waits for the callback. */
  sendRequest(request: string | AlphaRequestObject, callback: (error: Error | null, response: AlphaSendResponse | undefined) => void): void
  /** In a collection run the run's cookies for the response's URL; a single send's are its response's; none before the send. */
  readonly cookies: AlphaCookieList & { jar(): AlphaCookieJar }
  readonly iterationData: IterationDataScope
  setNextRequest(name: string | null): void
}
interface BetaResponse {
  status: number
  statusText: string
  headers: Record<string, string>
  data: any
  responseTime: number
}
interface BetaApi {
  /** The value as set (a number, a boolean, an object: as bru run), or its text; undefined when absent. */
  getEnvVar(name: string): unknown
  setEnvVar(name: string, value: unknown): void
  hasEnvVar(name: string): boolean
  deleteEnvVar(name: string): void
  /** As getEnvVar. */
  getVar(name: string): unknown
  setVar(name: string, value: unknown): void
  hasVar(name: string): boolean
  deleteVar(name: string): void
  interpolate<T extends string | object>(value: T): T
  /** A 4xx or 5xx response is an error with response.status, response.headers, response.data. */
  sendRequest(config: { url: string; method?: string; headers?: Record<string, string>; data?: unknown }, callback?: (error: (Error & { response?: BetaResponse }) | null, response?: BetaResponse) => void): Promise<BetaResponse>
  /** At most 3 seconds per call. */
  sleep(ms: number): Promise<void>
  getRequestName(): string
  setNextRequest(name: string | null): void
  readonly runner: {
    setNextRequest(name: string | null): void
    skipRequest(): void
    /** Ends the whole collection run after this request. */
    stopExecution(): void
    readonly iterationData: IterationDataScope
  }
  /** Unsupported: stops the script. */
  getProcessEnv(name: string): never
  /** Unsupported: stops the script. */
  runRequest(path: string): never
  /** Unsupported: stops the script. */
  readonly cookies: never
}
interface BetaRequest {
  readonly url: string
  readonly method: string
  readonly headers: Record<string, string>
  readonly body: any
  getUrl(): string
  /** Unsupported: stops the script. */
  setUrl(url: string): never
  getMethod(): string
  setMethod(method: string): void
  getName(): string
  getHeader(name: string): string | undefined
  getHeaders(): Record<string, string>
  setHeader(name: string, value: string): void
  setHeaders(headers: Record<string, string>): void
  deleteHeader(name: string): void
  getBody(): any
  setBody(body: unknown): void
}
interface BetaRes {
  /** Query the body: res('items[0].id'), res('items.id'), res('..id'). */
  (path: string): any
  readonly status: number
  readonly statusText: string
  readonly headers: Record<string, string>
  readonly body: any
  readonly responseTime: number
  getStatus(): number
  getStatusText(): string
  getHeader(name: string): string | undefined
  getHeaders(): Record<string, string>
  getBody(): any
  getResponseTime(): number
  getUrl(): string
}
interface GammaMatchers {
  toBe(expected: unknown): void
  toBeLevel2xx(): void
  toBeLevel3xx(): void
  toBeLevel4xx(): void
  toBeLevel5xx(): void
  toBeType(type: 'string' | 'boolean' | 'number' | 'object' | 'undefined' | 'bigint' | 'symbol' | 'function'): void
  toHaveLength(n: number): void
  toInclude(item: unknown): void
}
interface GammaApi {
  readonly env: {
    get(name: string): string | undefined
    set(name: string, value: string): void
    unset(name: string): void
    resolve(text: string): string
    getResolve(name: string): string | undefined
  }
  test(name: string, fn: () => void): void
  expect(value: unknown): GammaMatchers & { readonly not: GammaMatchers }
  /** null in a pre-request script. */
  readonly response: { readonly status: number; readonly body: any; readonly headers: { key: string; value: string }[] } | null
}
