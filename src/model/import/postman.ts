/**
 * Postman Collection v2.1 and v2.0 → the Sendbox model: folders, requests, auth and its
 * inheritance (`postman-auth.ts`), collection and folder variables (secret ones too), disabled
 * rows and their descriptions, url as text or object with path variables, raw / urlencoded /
 * formdata / graphql bodies, prerequest and test scripts at every level, descriptions (text or
 * `{ content, type }`) of the collection, folders and requests, saved responses
 * (`postman-examples.ts`). What Sendbox has no place for (file bodies, disabled scripts, request
 * variables) goes to the report.
 */
import { makeCollection, makeFolder, makeRequest, makeRow, makeScripts, makeVariable } from '../factories.ts'
import { newId } from '../ids.ts'
import type {
  Collection,
  FormDataRow,
  HttpMethod,
  KeyValueRow,
  RawLanguage,
  RequestBody,
  Scripts,
  TreeItem,
  Variable,
} from '../types.ts'
import { HTTP_METHODS } from '../types.ts'
import { pathVariableRows } from '../path-variables.ts'
import { paramsFromUrl, urlFromParams } from '../url-params.ts'
import {
  ImportError,
  described,
  expectObject,
  isObject,
  optionalArray,
  optionalBoolean,
  optionalString,
  optionalText,
  quoted,
  type JsonObject,
} from './import-error.ts'
import { checkJsonDepth, FOLDERS_TOO_DEEP, MAX_FOLDER_DEPTH } from './json-text.ts'
import { parsePostmanAuth } from './postman-auth.ts'
import { parsePostmanExamples } from './postman-examples.ts'
import { structuredPostmanUrl } from './postman-url.ts'
import { bodyPruningOff, prunedBody, systemHeadersOff } from './postman-behavior.ts'
import { emptyReport, named, skip, type ImportReport, type ImportResult } from './report.ts'

export function isPostmanCollection(json: unknown): boolean {
  if (!isObject(json) || !isObject(json.info)) return false
  const schema = json.info.schema
  return typeof schema === 'string' && /v2\.[01]\.\d+\/collection\.json$/.test(schema)
}

/** The schema version a collection names: `2.0` or `2.1`. */
export function postmanVersion(json: unknown): string {
  const schema = isObject(json) && isObject(json.info) ? json.info.schema : undefined
  return typeof schema === 'string' && /v2\.0\.\d+\/collection\.json$/.test(schema) ? '2.0' : '2.1'
}

export function parsePostmanCollection(json: unknown): Collection {
  return readPostmanCollection(json).value
}

export function readPostmanCollection(json: unknown): ImportResult<Collection> {
  const report = emptyReport()
  const root = expectObject(json, '')
  const info = expectObject(root.info, 'info')
  const name = optionalString(info.name, 'info.name') || 'Imported collection'
  const owner = named('collection', name)
  const value = makeCollection({
    name,
    auth: parsePostmanAuth(root.auth, 'auth', report, owner) ?? { type: 'none' },
    variables: parseVariables(root.variable, 'variable'),
    scripts: parseEvents(root.event, 'event', report, owner),
    children: parseItems(
      root.item,
      'item',
      0,
      report,
      bodyPruningOff(root.protocolProfileBehavior, 'protocolProfileBehavior', false),
    ),
    ...described(info.description, 'info.description'),
  })
  return { value, report }
}

/** One request Sendbox cannot read: it is reported and left out, the rest of the file imports. */
class SkippedRequest extends Error {
  constructor(
    readonly path: string,
    readonly reason: string,
  ) {
    super(reason)
  }
}

/** `depth`: how many folders `value` is inside; `pruningOff`: `disableBodyPruning` from above. */
function parseItems(
  value: unknown,
  path: string,
  depth: number,
  report: ImportReport,
  pruningOff: boolean,
): TreeItem[] {
  return optionalArray(value, path).flatMap((raw, i) => {
    const at = `${path}[${i}]`
    const item = expectObject(raw, at)
    const name = optionalString(item.name, `${at}.name`)
    const off = bodyPruningOff(item.protocolProfileBehavior, `${at}.protocolProfileBehavior`, pruningOff)
    if (Array.isArray(item.item) || (item.request === undefined && item.item !== undefined)) {
      if (depth >= MAX_FOLDER_DEPTH) throw new ImportError(at, FOLDERS_TOO_DEEP)
      const owner = named('folder', name)
      return makeFolder({
        name: name || 'Folder',
        auth: parsePostmanAuth(item.auth, `${at}.auth`, report, owner) ?? { type: 'inherit' },
        variables: parseVariables(item.variable, `${at}.variable`),
        scripts: parseEvents(item.event, `${at}.event`, report, owner),
        children: parseItems(item.item, `${at}.item`, depth + 1, report, off),
        ...described(item.description, `${at}.description`),
      })
    }
    if (item.request === undefined) throw new ImportError(at, 'an item needs either "request" or "item"')
    try {
      return [parseRequest(item, name, at, report, off)]
    } catch (error) {
      if (!(error instanceof SkippedRequest)) throw error
      skip(report, error.path, named('request', name), error.reason)
      return []
    }
  })
}

function parseRequest(
  item: JsonObject,
  name: string,
  at: string,
  report: ImportReport,
  pruningOff: boolean,
): TreeItem {
  const raw =
    typeof item.request === 'string' ? { url: item.request } : expectObject(item.request, `${at}.request`)
  const method = optionalString(raw.method, `${at}.request.method`).toUpperCase() || 'GET'
  if (!(HTTP_METHODS as readonly string[]).includes(method)) {
    throw new ImportError(
      `${at}.request.method`,
      `unsupported method ${quoted(method)} (use one of ${HTTP_METHODS.join(', ')})`,
    )
  }
  const url = parseUrl(raw.url, `${at}.request.url`)
  const owner = named('request', name || url.url)
  // v2.1 keeps it on the request; some writers put it on the item.
  const description = described(raw.description, `${at}.request.description`)
  const itemDescription = described(item.description, `${at}.description`)
  const examples = parsePostmanExamples(item.response, `${at}.response`, report, owner)
  if (optionalArray(item.variable, `${at}.variable`).length > 0)
    skip(report, `${at}.variable`, `variables of ${owner}`, 'requests have no variables in Sendbox')
  const parsed = parseBody(raw.body, `${at}.request.body`, report, owner)
  const where = { path: `${at}.request.body`, owner }
  const body = prunedBody(parsed.body, method, pruningOff, report, where)
  const kind = parsed.kind
  return makeRequest({
    kind,
    name: name || url.url,
    method: method as HttpMethod,
    url: url.url,
    params: url.params,
    headers: [
      ...parseRows(raw.header, `${at}.request.header`),
      ...systemHeadersOff(item.protocolProfileBehavior, `${at}.protocolProfileBehavior`),
    ],
    body,
    auth: parsePostmanAuth(raw.auth, `${at}.request.auth`, report, owner) ?? { type: 'inherit' },
    scripts: parseEvents(item.event, `${at}.event`, report, owner),
    ...(url.pathVariables.length > 0 ? { pathVariables: url.pathVariables } : {}),
    ...(description.description ? description : itemDescription),
    ...(examples.length > 0 ? { examples } : {}),
  })
}

interface ParsedUrl {
  url: string
  params: KeyValueRow[]
  /** The URL's `:name` segments with Postman's `url.variable` values (path-variables.ts). */
  pathVariables: KeyValueRow[]
}

function parseUrl(value: unknown, path: string): ParsedUrl {
  if (value === undefined || value === null) return { url: '', params: [], pathVariables: [] }
  if (typeof value === 'string')
    return { url: value, params: paramsFromUrl(value, []), pathVariables: pathVariableRows(value, []) }
  const object = expectObject(value, path)
  // newman sends the URL its structured parts make (postman-url.ts), `raw` only without them.
  const structured = structuredPostmanUrl(object, path)
  let url = structured ?? (optionalString(object.raw, `${path}.raw`) || assembleUrl(object, path))
  // Postman keeps disabled query rows in `query`; the URL carries only the enabled ones.
  const query = parseRows(object.query, `${path}.query`)
  // A query row without a value is sent as its bare key (`?flag`), one with `""` as `flag=`.
  const rawQuery = Array.isArray(object.query) ? (object.query as unknown[]) : []
  const bare = new Set(
    query
      .filter((_row, i) => {
        const value = (rawQuery[i] as { value?: unknown } | null)?.value
        return value === null || value === undefined
      })
      .map((row) => row.id),
  )
  if (query.length > 0 && structured === undefined) url = urlFromParams(url, query, bare)
  const pairs = optionalArray(object.variable, `${path}.variable`).map((variable, i) => {
    const v = expectObject(variable, `${path}.variable[${i}]`)
    const description = described(v.description, `${path}.variable[${i}].description`).description
    return {
      key: optionalString(v.key ?? v.id, `${path}.variable[${i}].key`),
      value: optionalText(v.value, `${path}.variable[${i}].value`),
      ...(description ? { description } : {}),
    }
  })
  const params = query.length > 0 ? query : paramsFromUrl(url, [])
  return { url, params, pathVariables: pathVariableRows(url, pairs) }
}

function assembleUrl(object: JsonObject, path: string): string {
  const join = (value: unknown, separator: string, at: string) =>
    Array.isArray(value)
      ? value.map((part, i) => optionalString(part, `${at}[${i}]`)).join(separator)
      : optionalString(value, at)
  const protocol = optionalString(object.protocol, `${path}.protocol`)
  const host = join(object.host, '.', `${path}.host`)
  const port = optionalText(object.port, `${path}.port`)
  const pathname = join(object.path, '/', `${path}.path`)
  return `${protocol ? `${protocol}://` : ''}${host}${port ? `:${port}` : ''}${pathname ? `/${pathname}` : ''}`
}

/** `anyValue`: the format lets a value be any JSON value (variables), not only a string (headers). */
function parseRows(value: unknown, path: string, anyValue = false): KeyValueRow[] {
  if (typeof value === 'string') {
    // The header list may be written as "Name: value" lines.
    return value
      .split(/\r?\n/)
      .filter((line) => line.includes(':'))
      .map((line) =>
        makeRow({
          key: line.slice(0, line.indexOf(':')).trim(),
          value: line.slice(line.indexOf(':') + 1).trim(),
        }),
      )
  }
  return optionalArray(value, path).map((raw, i) => {
    const row = expectObject(raw, `${path}[${i}]`)
    return makeRow({
      key: optionalString(row.key, `${path}[${i}].key`),
      value: (anyValue ? optionalText : optionalString)(row.value, `${path}[${i}].value`),
      enabled: !optionalBoolean(row.disabled, `${path}[${i}].disabled`, false),
      ...(typeof row.description === 'string' ? { description: row.description } : {}),
    })
  })
}

function parseVariables(value: unknown, path: string): Variable[] {
  const list = optionalArray(value, path)
  return parseRows(list, path, true).map((row, i) => {
    const type = (list[i] as JsonObject).type
    return makeVariable({ key: row.key, value: row.value, enabled: row.enabled, secret: type === 'secret' })
  })
}

function parseBody(
  value: unknown,
  path: string,
  report: ImportReport,
  owner: string,
): { body: RequestBody; kind: 'http' | 'graphql' } {
  if (value === undefined || value === null) return { body: { type: 'none' }, kind: 'http' }
  const body = expectObject(value, path)
  if (optionalBoolean(body.disabled, `${path}.disabled`, false))
    return { body: { type: 'none' }, kind: 'http' }
  const mode = optionalString(body.mode, `${path}.mode`)
  switch (mode) {
    case '':
    case 'none':
      return { body: { type: 'none' }, kind: 'http' }
    case 'raw': {
      const options = isObject(body.options) && isObject(body.options.raw) ? body.options.raw : {}
      const language = optionalString(options.language, `${path}.options.raw.language`)
      const map: Record<string, RawLanguage> = {
        json: 'json',
        xml: 'xml',
        html: 'text',
        javascript: 'text',
        text: 'text',
      }
      return {
        body: {
          type: 'raw',
          language: map[language] ?? 'text',
          text: optionalString(body.raw, `${path}.raw`),
        },
        kind: 'http',
      }
    }
    case 'urlencoded':
      return {
        body: { type: 'urlencoded', rows: parseRows(body.urlencoded, `${path}.urlencoded`) },
        kind: 'http',
      }
    case 'formdata':
      return {
        body: {
          type: 'form-data',
          rows: optionalArray(body.formdata, `${path}.formdata`).map((raw, i): FormDataRow => {
            const at = `${path}.formdata[${i}]`
            const row = expectObject(raw, at)
            const file = row.type === 'file'
            const src = Array.isArray(row.src) ? row.src[0] : row.src
            const source = optionalString(src, `${at}.src`)
            if (file && Array.isArray(row.src) && row.src.length > 1)
              skip(
                report,
                `${at}.src`,
                `${row.src.length - 1} more files of form row ${quoted(String(row.key))} of ${owner}`,
                'a row holds one file in Sendbox; the first is kept',
              )
            return {
              id: newId(),
              key: optionalString(row.key, `${at}.key`),
              value: file ? '' : optionalString(row.value, `${at}.value`),
              enabled: !optionalBoolean(row.disabled, `${at}.disabled`, false),
              type: file ? 'file' : 'text',
              ...(file ? { fileRef: source, fileName: source.split(/[\\/]/).pop() || 'file' } : {}),
              ...(typeof row.contentType === 'string' ? { contentType: row.contentType } : {}),
            }
          }),
        },
        kind: 'http',
      }
    case 'graphql': {
      const graphql = body.graphql === undefined ? {} : expectObject(body.graphql, `${path}.graphql`)
      const variables = graphql.variables
      checkJsonDepth(variables, `${path}.graphql.variables`)
      return {
        body: {
          type: 'graphql',
          query: optionalString(graphql.query, `${path}.graphql.query`),
          variables:
            typeof variables === 'string' ? variables : variables ? JSON.stringify(variables, null, 2) : '',
        },
        kind: 'graphql',
      }
    }
    case 'file':
      skip(report, path, `file body of ${owner}`, 'binary file bodies are not supported; sent without a body')
      return { body: { type: 'none' }, kind: 'http' }
    default:
      throw new SkippedRequest(`${path}.mode`, `its body mode ${quoted(mode)} is not one Postman defines`)
  }
}

function parseEvents(value: unknown, path: string, report: ImportReport, owner: string): Scripts {
  const scripts = makeScripts()
  for (const [i, raw] of optionalArray(value, path).entries()) {
    const at = `${path}[${i}]`
    const event = expectObject(raw, at)
    const listen = optionalString(event.listen, `${at}.listen`)
    const script = event.script === undefined ? {} : expectObject(event.script, `${at}.script`)
    const exec = script.exec
    const code = Array.isArray(exec)
      ? exec.map((line, j) => optionalString(line, `${at}.script.exec[${j}]`)).join('\n')
      : optionalString(exec, `${at}.script.exec`)
    if (optionalBoolean(event.disabled, `${at}.disabled`, false)) {
      if (code.trim())
        skip(report, at, `disabled ${listen} script of ${owner}`, 'Sendbox has no disabled scripts')
      continue
    }
    if (listen === 'prerequest') scripts.preRequest = appendScript(scripts.preRequest, code)
    else if (listen === 'test') scripts.postResponse = appendScript(scripts.postResponse, code)
  }
  return scripts
}

function appendScript(existing: string, code: string): string {
  return existing ? `${existing}\n${code}` : code
}
