// Declarations of every script namespace: the native API and every global here, the compatibility APIs' shapes in
// api-compat.d.ts. The script editor loads both as text for autocomplete, and tests/script/api-types.test.ts type-checks
// scripts against them.
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
