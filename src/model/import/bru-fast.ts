/**
 * A fast reader for `.bru` request files, for the blocks real collections mostly hold: `meta`,
 * the HTTP verbs, `params:query`/`params:path`, `headers`, the simple `auth:*` modes, `body:*`,
 * `vars:*`, `assert`, `script:*`, `tests`, `docs`, `settings`. It gives exactly what Bruno's own
 * parser (`bruLang.bruToJsonV2`, an Ohm grammar: about 0.4 s to compile, then 1–3 ms a file)
 * gives, or `undefined` for anything else (other blocks, annotations, quoted keys, lists,
 * `'''` values, text Bruno's parser refuses), which the caller then hands to Bruno's parser.
 * `bru-fast.test.ts` compares both on every `.bru` file at hand and on mutations of them.
 */
import type { BruDocument } from './bruno-lang.ts'
import { dictionary, skipSpace, textBlock, UNKNOWN, type Pair } from './bru-scan.ts'

type Json = Record<string, unknown>

const VERBS = new Set(['get', 'post', 'put', 'delete', 'patch', 'options', 'head', 'connect', 'trace'])

/** A dictionary's pairs as one object, later keys winning. */
function record(pairs: Pair[]): Record<string, string> {
  const out: Record<string, string> = {}
  for (const { key, value } of pairs) out[key] = value
  return out
}

/** Rows of a table block: a leading `~` marks a row disabled. */
function rows(pairs: Pair[]): { name: string; value: string; enabled: boolean }[] {
  return pairs.map(({ key, value }) =>
    key.startsWith('~') ? { name: key.slice(1), value, enabled: false } : { name: key, value, enabled: true },
  )
}

/** An auth block: the first value of each field (keys as written, `~` included), else ''. */
function fields(pairs: Pair[], names: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {}
  for (const [field, key] of Object.entries(names))
    out[field] = pairs.find((pair) => pair.key === key)?.value ?? ''
  return out
}

const same = (...names: string[]) => Object.fromEntries(names.map((name) => [name, name]))

const AUTH: Record<string, Record<string, string>> = {
  basic: same('username', 'password'),
  bearer: same('token'),
  digest: same('username', 'password'),
  apikey: same('key', 'value', 'placement'),
  awsv4: same('accessKeyId', 'secretAccessKey', 'sessionToken', 'service', 'region', 'profileName'),
  wsse: same('username', 'password'),
}

/** `name @contentType(type)` and `@file(a|b)` values of a multipart row. */
function multipart(pairs: Pair[]): Json[] {
  return rows(pairs).map((row) => {
    const typed = /^(.*?)\s*@contentType\((.*?)\)\s*$/s.exec(row.value)
    const value = typed ? typed[1]! : row.value
    const file = value.startsWith('@file(') && value.endsWith(')')
    return {
      ...row,
      value: file ? value.slice(6, -1).split('|').filter(Boolean) : value,
      type: file ? 'file' : 'text',
      contentType: typed ? typed[2]! : '',
    }
  })
}

/** `vars:*` rows: a leading `@` (after `~`) marks a variable local to the request. */
function vars(pairs: Pair[]): Json[] {
  return rows(pairs).map((row) =>
    row.name.startsWith('@') ? { ...row, name: row.name.slice(1), local: true } : { ...row, local: false },
  )
}

const int = (value: string | undefined) => (value === undefined ? NaN : parseInt(value, 10))

function settings(pairs: Pair[]): Json {
  const given = record(pairs)
  const out: Json = {
    encodeUrl: given.encodeUrl === 'true',
    timeout:
      given.timeout === 'inherit' ? 'inherit' : Number.isNaN(int(given.timeout)) ? 0 : int(given.timeout),
  }
  if (given.followRedirects !== undefined) out.followRedirects = given.followRedirects === 'true'
  if (!Number.isNaN(int(given.maxRedirects))) out.maxRedirects = int(given.maxRedirects)
  if (given.forwardAuthorizationHeader !== undefined)
    out.forwardAuthorizationHeader = given.forwardAuthorizationHeader === 'true'
  const keepAlive = Object.hasOwn(given, 'keepAliveInterval') ? Number(given.keepAliveInterval) : 0
  if (keepAlive) out.keepAliveInterval = keepAlive
  return out
}

type Reader = (text: string, at: number) => typeof UNKNOWN | undefined | { part: Json; end: number }

/** A dictionary block mapped by `map`. */
const dict =
  (map: (pairs: Pair[]) => Json, assertKeys = false): Reader =>
  (text, at) => {
    const read = dictionary(text, at, assertKeys)
    return read === UNKNOWN || read === undefined ? UNKNOWN : { part: map(read.pairs), end: read.end }
  }

/** A text block mapped by `map`. */
const textual =
  (map: (value: string) => Json): Reader =>
  (text, at) => {
    const read = textBlock(text, at)
    return read === UNKNOWN || read === undefined ? UNKNOWN : { part: map(read.value), end: read.end }
  }

const BLOCKS = new Map<string, Reader>([
  [
    'meta',
    dict((pairs) => {
      const meta: Json = record(pairs)
      if (!meta.seq) meta.seq = 1
      if (!meta.type) meta.type = 'http'
      return { meta }
    }),
  ],
  ...[...VERBS].map((verb): [string, Reader] => [
    verb,
    dict((pairs) => ({ http: { method: verb, ...record(pairs) } })),
  ]),
  ['query', dict((pairs) => ({ params: rows(pairs).map((row) => ({ ...row, type: 'query' })) }))],
  ['params:query', dict((pairs) => ({ params: rows(pairs).map((row) => ({ ...row, type: 'query' })) }))],
  ['params:path', dict((pairs) => ({ params: rows(pairs).map((row) => ({ ...row, type: 'path' })) }))],
  ['headers', dict((pairs) => ({ headers: rows(pairs) }))],
  ...Object.entries(AUTH).map(([mode, names]): [string, Reader] => [
    `auth:${mode}`,
    dict((pairs) => ({ auth: { [mode]: fields(pairs, names) } })),
  ]),
  ...['json', 'text', 'xml', 'sparql'].map((kind): [string, Reader] => [
    `body:${kind}`,
    textual((value) => ({ body: { [kind]: value } })),
  ]),
  ['body', textual((json) => ({ http: { body: 'json' }, body: { json } }))],
  ['body:graphql', textual((query) => ({ body: { graphql: { query } } }))],
  ['body:graphql:vars', textual((variables) => ({ body: { graphql: { variables } } }))],
  ['body:form-urlencoded', dict((pairs) => ({ body: { formUrlEncoded: rows(pairs) } }))],
  ['body:multipart-form', dict((pairs) => ({ body: { multipartForm: multipart(pairs) } }))],
  ['vars:pre-request', dict((pairs) => ({ vars: { req: vars(pairs) } }))],
  ['vars:post-response', dict((pairs) => ({ vars: { res: vars(pairs) } }))],
  ['assert', dict((pairs) => ({ assertions: rows(pairs) }), true)],
  ['script:pre-request', textual((req) => ({ script: { req } }))],
  ['script:post-response', textual((res) => ({ script: { res } }))],
  ['tests', textual((tests) => ({ tests }))],
  ['docs', textual((docs) => ({ docs }))],
  ['settings', dict((pairs) => ({ settings: settings(pairs) }))],
  [
    'app',
    dict((pairs) => {
      const app = record(pairs)
      return { app: { code: app.code || null, enabled: app.enabled === 'true' } }
    }),
  ],
])

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value)

/** Blocks combine as in Bruno: objects merge, arrays (rows) append, anything else is replaced. */
function merge(into: Json, part: Json): Json {
  for (const [key, value] of Object.entries(part)) {
    const had = into[key]
    if (Array.isArray(had) && Array.isArray(value)) into[key] = [...had, ...value]
    else if (isObject(value)) into[key] = merge(isObject(had) ? had : {}, value)
    else into[key] = value
  }
  return into
}

/** A `.bru` request file as Bruno's parser reads it, or `undefined` to leave it to that parser. */
export function readBruFast(text: string): BruDocument | undefined {
  const doc: Json = {}
  let at = skipSpace(text, 0)
  while (at < text.length) {
    let end = at
    for (let c = text.charCodeAt(end); end < text.length; c = text.charCodeAt(++end))
      if (c <= 32 || c === 123) break
    const read = BLOCKS.get(text.slice(at, end))?.(text, end)
    if (read === undefined || read === UNKNOWN) return undefined
    merge(doc, read.part)
    at = skipSpace(text, read.end)
  }
  return doc as BruDocument
}
