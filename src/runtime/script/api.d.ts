// Declarations of every script namespace: the script editor loads this file as text for autocomplete, and tests/script/api-types.test.ts type-checks scripts against it.
interface SvcHeaderList {
  /** A header's value (repeated headers joined with ", "), or undefined. */
  get(name: string): string | undefined
  has(name: string, value?: string): boolean
  toObject(): Record<string, string>
  all(): { key: string; value: string }[]
  each(fn: (header: { key: string; value: string }) => void): void
  count(): number
}
interface SvcScope {
  /** The value, or null when absent. Reading a withheld secret stops the script. */
  get(name: string): string | null
  /** Stored as text, for this session only (never written into the environment). */
  set(name: string, value: unknown): void
  unset(name: string): void
  /** False for a withheld secret. */
  has(name: string): boolean
  toObject(): Record<string, string>
  /** Substitutes {{variables}} and the dynamic ones: {{$guid}}, {{$timestamp}}, {{$isoTimestamp}}, {{$randomInt}} and Postman's whole {{$random…}} list. */
  replaceIn(text: string): string
  /** The first compatibility API's scopes: postman-collection's VariableList of the variables. */
  readonly values?: AlphaVariableList
}
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
interface SvcRequest {
  readonly id: string
  readonly name: string
  /** With variables substituted. */
  readonly url: string
  /** Upper case. */
  readonly method: string
  /** Empty in a pre-request script. */
  readonly headers: SvcHeaderList
  readonly body: string | undefined
}
interface SvcResponseAssertion {
  readonly to: SvcResponseAssertion
  readonly be: SvcResponseAssertion
  readonly have: SvcResponseAssertion
  readonly not: SvcResponseAssertion
  readonly and: SvcResponseAssertion
  /** Any 2xx status; works as a call and as a property. */
  ok: SvcResponseAssertion & (() => SvcResponseAssertion)
  readonly success: SvcResponseAssertion
  readonly info: SvcResponseAssertion
  readonly redirection: SvcResponseAssertion
  readonly clientError: SvcResponseAssertion
  readonly serverError: SvcResponseAssertion
  readonly error: SvcResponseAssertion
  readonly accepted: SvcResponseAssertion
  readonly badRequest: SvcResponseAssertion
  readonly unauthorized: SvcResponseAssertion
  readonly forbidden: SvcResponseAssertion
  readonly notFound: SvcResponseAssertion
  readonly rateLimited: SvcResponseAssertion
  readonly withBody: SvcResponseAssertion
  readonly json: SvcResponseAssertion
  readonly html: SvcResponseAssertion
  readonly xml: SvcResponseAssertion
  status(codeOrReason: number | string): SvcResponseAssertion
  header(name: string, value?: string): SvcResponseAssertion
  body(expected?: string | RegExp | object): SvcResponseAssertion
  jsonBody(path?: string | object, value?: unknown): SvcResponseAssertion
  jsonSchema(schema: object): SvcResponseAssertion
  readonly responseTime: Chai.Assertion & ((ms: number) => SvcResponseAssertion)
  readonly responseSize: Chai.Assertion & ((bytes: number) => SvcResponseAssertion)
}
interface SvcResponse {
  readonly code: number
  /** The numeric status (alpha.response.status is the reason text). */
  readonly status: number
  readonly statusText: string
  /** Milliseconds. */
  readonly responseTime: number
  readonly responseSize: number
  readonly headers: SvcHeaderList
  json(): any
  text(): string
  readonly to: SvcResponseAssertion
  readonly not: SvcResponseAssertion
}
interface SvcInfo {
  readonly requestName: string
  readonly requestId: string
  readonly eventName: 'prerequest' | 'test'
  readonly iteration: number
  readonly iterationCount: number
}
declare namespace Chai {
  interface Assertion {
    readonly to: Assertion; readonly be: Assertion; readonly been: Assertion; readonly is: Assertion
    readonly that: Assertion; readonly which: Assertion; readonly and: Assertion; readonly has: Assertion
    readonly have: Assertion; readonly with: Assertion; readonly at: Assertion; readonly of: Assertion
    readonly same: Assertion; readonly but: Assertion; readonly does: Assertion; readonly still: Assertion; readonly also: Assertion
    readonly not: Assertion; readonly deep: Assertion; readonly nested: Assertion; readonly own: Assertion
    readonly ordered: Assertion; readonly any: Assertion; readonly all: Assertion
    readonly ok: Assertion; readonly true: Assertion; readonly false: Assertion; readonly null: Assertion
    readonly undefined: Assertion; readonly NaN: Assertion; readonly exist: Assertion; readonly empty: Assertion
    readonly finite: Assertion
    equal(value: unknown, message?: string): Assertion; equals(value: unknown, message?: string): Assertion
    eq(value: unknown, message?: string): Assertion; eql(value: unknown, message?: string): Assertion
    a(type: string, message?: string): Assertion; an(type: string, message?: string): Assertion
    above(n: number | Date): Assertion; gt(n: number | Date): Assertion; below(n: number | Date): Assertion
    lt(n: number | Date): Assertion; least(n: number | Date): Assertion; gte(n: number | Date): Assertion
    most(n: number | Date): Assertion; lte(n: number | Date): Assertion; within(from: number, to: number): Assertion
    include(value: unknown, message?: string): Assertion; includes(value: unknown): Assertion
    contain(value: unknown): Assertion; contains(value: unknown): Assertion
    match(re: RegExp): Assertion; matches(re: RegExp): Assertion; string(text: string): Assertion
    oneOf(list: unknown[]): Assertion; lengthOf(n: number): Assertion; length: Assertion & ((n: number) => Assertion)
    property(name: string, value?: unknown): Assertion; ownProperty(name: string, value?: unknown): Assertion
    keys(...keys: unknown[]): Assertion; key(...keys: unknown[]): Assertion; members(list: unknown[]): Assertion
    instanceof(ctor: Function): Assertion; instanceOf(ctor: Function): Assertion
    throw(expected?: unknown, message?: string | RegExp): Assertion; throws(expected?: unknown): Assertion
    satisfy(fn: (value: any) => boolean): Assertion; closeTo(n: number, delta: number): Assertion
    status(codeOrReason: number | string): Assertion; header(name: string, value?: string): Assertion
    jsonBody(path?: string | object, value?: unknown): Assertion; jsonSchema(schema: object): Assertion
  }
}
interface SvcApi {
  readonly environment: SvcScope
  /** Variables for this send only. */
  readonly variables: SvcScope
  readonly request: SvcRequest
  /** null in a pre-request script. */
  readonly response: SvcResponse | null
  readonly info: SvcInfo
  /** A test fails when its function throws; a returned promise is not awaited. */
  test: {
    (name: string, fn: () => unknown): void
    /** The function does not run and no result is recorded, as in newman. */
    skip(name: string, fn?: () => unknown): void
  }
  expect(value: unknown, message?: string): Chai.Assertion
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
interface AlphaInert {
  get(name: string): undefined
  has(name: string): false
  toObject(): {}
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
  readonly cookies: AlphaInert & { jar(): object }
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

/** The native API. */
declare const svc: SvcApi
/** Another name for svc. */
declare const delta: SvcApi
/** The first compatibility API. */
declare const alpha: AlphaApi
declare const pm: AlphaApi
/** The second compatibility API. */
declare const beta: BetaApi
declare const bru: BetaApi
declare const req: BetaRequest
/** null in a pre-request script. */
declare const res: BetaRes
/** The second API's test: an async test is awaited. */
declare function test(name: string, fn: () => unknown): void
declare function expect(value: unknown, message?: string): Chai.Assertion
/** The third compatibility API. */
declare const gamma: GammaApi
declare const pw: GammaApi
/** The newer API of that namespace is unsupported. */
declare const hopp: never
/**
 * The sandbox's libraries: lodash, moment, crypto-js, tv4, atob, btoa, uuid, ajv, xml2js, cheerio,
 * csv-parse/lib/sync, csv-parse/sync, postman-collection, and the Node-like modules assert, buffer,
 * events, path, punycode, querystring, string_decoder, stream, timers, url, util. Write the name in
 * quotes: a module is loaded only when the script's text names it. Any other name throws
 * `Cannot find module`. Typed any: each module has its own shape.
 */
declare function require(name: string): any
/** Postman's cheerio global (the cheerio module, also callable). */
declare const cheerio: any
/** Postman's xml2Json(text): xml2js without explicit arrays, attributes under `$`. */
declare function xml2Json(text: string): any
/** Node's Buffer (the buffer module). */
declare const Buffer: any
