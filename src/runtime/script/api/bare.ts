/** The second API's bare objects: `req` (request, with checked changes) and `res` (callable response). */
import type { ScriptRun } from '../run-state.ts'
import { messages, ScriptAbort } from '../errors.ts'
import { api, perRun, pure } from './bridge.ts'
import { queryPath } from './beta.ts'
import { bodyOf } from './common.ts'
import { joinHeaders, toText } from './values.ts'

export function reqApi(run: ScriptRun) {
  const request = run.input.request
  const pre = run.input.phase === 'pre-request'
  const local: { headers: [string, string][]; method?: string; body?: unknown; hasBody: boolean } = {
    headers: [],
    hasBody: false,
  }
  // Pre-request: only what this script set (spec 4.5); post-response: what was sent.
  const headers = () => joinHeaders(pre ? local.headers : request.headers, false)
  const setHeader = (name: unknown, value: unknown) => {
    const key = String(name)
    const text = toText(value)
    if (pre) run.changes.setHeader(key, text)
    const lower = key.toLowerCase()
    local.headers = local.headers.filter(([k]) => k.toLowerCase() !== lower)
    local.headers.push([key, text])
  }
  const getBody = () => {
    if (local.hasBody) return local.body
    if (!pre && request.bodyText !== undefined) {
      try {
        return JSON.parse(request.bodyText) as unknown
      } catch {
        return request.bodyText
      }
    }
    return typedBody(run)
  }
  const req = api({
    getUrl: () => request.url,
    setUrl: () => {
      throw new ScriptAbort('unsupported', messages.setUrl)
    },
    getMethod: () => local.method ?? request.method.toUpperCase(),
    setMethod: (method: unknown) => {
      const value = String(method).toUpperCase()
      if (pre) run.changes.setMethod(value)
      local.method = value
    },
    getName: () => request.name,
    getHeader: (name: unknown) => {
      const lower = String(name).toLowerCase()
      const found = Object.entries(headers()).find(([k]) => k.toLowerCase() === lower)
      return found?.[1]
    },
    getHeaders: headers,
    setHeader,
    setHeaders: (values: unknown) => {
      if (values !== null && typeof values === 'object')
        for (const [k, v] of Object.entries(values)) setHeader(k, v)
    },
    deleteHeader: (name: unknown) => {
      const key = String(name)
      if (pre) run.changes.deleteHeader(key)
      const lower = key.toLowerCase()
      local.headers = local.headers.filter(([k]) => k.toLowerCase() !== lower)
    },
    getBody,
    setBody: (body: unknown) => {
      if (pre) run.changes.setBody(toText(body))
      local.body = body
      local.hasBody = true
    },
  })
  for (const [key, get] of Object.entries({
    url: req.getUrl,
    method: req.getMethod,
    headers,
    body: getBody,
  })) {
    Object.defineProperty(req, key, { enumerable: true, get })
  }
  return req
}

/** `req.getBody()` in a pre-request script: the body as typed; JSON as an object (spec 4.5). */
function typedBody(run: ScriptRun): unknown {
  const body = run.input.request.body
  switch (body.type) {
    case 'raw':
      if (body.language === 'json') {
        try {
          return JSON.parse(body.text) as unknown
        } catch {
          return body.text
        }
      }
      return body.text
    case 'urlencoded':
      return Object.fromEntries(
        body.rows.filter((row) => row.enabled !== false && row.key !== '').map((row) => [row.key, row.value]),
      )
    case 'graphql': {
      let variables: unknown = body.variables
      try {
        variables = JSON.parse(body.variables)
      } catch {
        // Not JSON: handed back as typed.
      }
      return { query: body.query, variables }
    }
    default:
      return undefined
  }
}

/**
 * Built once per sandbox (api/index.ts), like `bru`: every member reads the current run's
 * response when called, so the guest keeps `res` and its members from script to script. The
 * namespace answers `res` only while there is a response.
 */
export function resApi(current: () => ScriptRun) {
  const response = () => {
    const value = current().response
    if (!value) throw new Error('There is no response')
    return value
  }
  const headers = () => joinHeaders(response().headers, true)
  const res = api((path: unknown) => queryPath(bodyOf(current()), String(path)))
  const members = {
    getStatus: () => response().code,
    getStatusText: () => response().reason,
    getHeaders: headers,
    getHeader: (name: unknown) => headers()[String(name).toLowerCase()],
    getBody: () => bodyOf(current()),
    getResponseTime: () => response().responseTime,
    getSize: () => ({ body: response().responseSize, total: response().responseSize }),
    getUrl: () => current().input.request.url,
  }
  // A response never changes under a script: the guest keeps these answers for the run.
  for (const [key, fn] of Object.entries(members))
    Object.defineProperty(res, key, { value: pure(api(fn)), enumerable: true })
  pure(res)
  for (const [key, get] of Object.entries({
    status: perRun(() => response().code),
    statusText: perRun(() => response().reason),
    headers,
    body: members.getBody,
    responseTime: perRun(() => response().responseTime),
  })) {
    Object.defineProperty(res, key, { enumerable: true, get })
  }
  return res
}
