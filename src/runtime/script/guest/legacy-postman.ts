/**
 * Postman's legacy sandbox API, as newman still runs it: the `tests` object, `responseBody`,
 * `responseCode`, `responseHeaders`, `responseTime`, `responseCookies`, `request`, `environment`,
 * `globals`, `data`, `iteration` and the `postman` object. A script that names none of them runs
 * exactly as written; one that does is wrapped: the names it uses are declared around it (built
 * from `pm`, in the guest), its own code runs in an inner function, and the `tests` entries become
 * tests after it, even when it throws (newman reports them then too). Declared in a scope around
 * the script, never as globals, so nothing carries over to the next script.
 */
import type { ScriptPhase } from '../types.ts'
import { withPmRequest } from './pm-sdk.ts'
import { TextCache } from '../text-cache.ts'

const LEGACY =
  /(?<![.\w$])(tests|responseBody|responseCode|responseHeaders|responseTime|responseCookies|request|environment|globals|data|iteration|postman)(?![\w$])/g

/** The values newman gives each name (postman-sandbox `postman-legacy-interface.js`). */
const BOTH: Record<string, string> = {
  tests: '{}',
  environment: 'pm.environment.toObject()',
  globals: 'pm.globals.toObject()',
  data: 'pm.iterationData.toObject()',
  iteration: 'pm.info.iteration || 0',
  request: `{ id: pm.info.requestId, name: pm.info.requestName, description: undefined,
    headers: pm.request.headers.toObject(), method: pm.request.method, url: String(pm.request.url),
    data: (function (b) {
      // As newman: a raw body's text, a form's enabled fields (a name twice: a list), else {}.
      if (!b || (typeof b.isEmpty === 'function' && b.isEmpty())) return {}
      if (b.mode === 'raw') return b.raw || {}
      if (b.mode !== 'urlencoded' && b.mode !== 'formdata') return {}
      const form = {}
      for (const p of (b[b.mode] && b[b.mode].members) || []) {
        if (p.disabled) continue
        if (form[p.key]) Array.isArray(form[p.key]) ? form[p.key].push(p.value) : (form[p.key] = [form[p.key], p.value])
        else form[p.key] = p.value
      }
      return form
    })(pm.request.body) }`,
}

const POST: Record<string, string> = {
  responseBody: 'pm.response.text()',
  responseCode: '{ code: pm.response.code, name: pm.response.status, detail: pm.response.status }',
  // Names as sent (svc's list; pm's HeaderList.toObject() gives them in lower case).
  responseHeaders: 'svc.response.headers.toObject()',
  responseTime: 'pm.response.responseTime',
  responseCookies: '[]',
}

// setEnvironmentVariable and setGlobalVariable store a value's text, as newman's legacy object does.
const POSTMAN = String.raw`(function () {
  function text(v) { return (v === false || v) && typeof (v && v.toString) === 'function' ? v.toString() : v }
  // The environment and globals snapshots follow the object's own changes, as in newman.
  function keep(o, k, v) { if (o !== null && typeof o === 'object') { if (v === undefined) delete o[k]; else o[k] = v } }
  const o = {
    setEnvironmentVariable: function (k, v) { v = text(v); keep(typeof environment === 'undefined' ? null : environment, k, v); pm.environment.set(k, v) },
    getEnvironmentVariable: function (k) { return pm.environment.get(k) },
    clearEnvironmentVariable: function (k) { keep(typeof environment === 'undefined' ? null : environment, k); pm.environment.unset(k) },
    clearEnvironmentVariables: function () { pm.environment.clear() },
    setGlobalVariable: function (k, v) { v = text(v); keep(typeof globals === 'undefined' ? null : globals, k, v); pm.globals.set(k, v) },
    getGlobalVariable: function (k) { return pm.globals.get(k) },
    clearGlobalVariable: function (k) { keep(typeof globals === 'undefined' ? null : globals, k); pm.globals.unset(k) },
    clearGlobalVariables: function () { pm.globals.clear() },
    setNextRequest: function (n) { pm.execution.setNextRequest(n) },
  }
  if (pm.response) {
    o.getResponseHeader = function (n) { return pm.response.headers.get(n) }
    o.getResponseCookie = function (n) { return undefined }
  }
  return o
})()`

// Each entry of tests is a test named by its key; a falsy value fails with newman's message.
const FLUSH = String.raw`for (const k in tests) (function (k, v) {
  pm.test(k, function () { if (!v) { const e = new Error('expected ' + String(v) + ' to be truthy'); e.name = 'AssertionError'; throw e } })
})(k, tests[k])`

// One cache per phase, keyed by the script's own string: V8 keeps a string's hash, so a lookup
// with the same script text costs no pass over it (a key built per call, phase + code, did).
const caches = new Map<ScriptPhase, TextCache<string>>()

/** The script as it runs: unchanged unless it names a legacy global. */
export function withLegacyPostman(code: string, phase: ScriptPhase): string {
  let cache = caches.get(phase)
  if (cache === undefined) caches.set(phase, (cache = new TextCache(64)))
  let out = cache.get(code)
  if (out === undefined) {
    out = withPmRequest(wrap(code, phase), phase, code)
    cache.set(code, out)
  }
  return out
}

function wrap(code: string, phase: ScriptPhase): string {
  const used = new Set<string>()
  for (const match of code.matchAll(LEGACY)) used.add(match[1]!)
  const values: Record<string, string> = phase === 'post-response' ? { ...BOTH, ...POST } : BOTH
  const names = [...used].filter((name) => name === 'postman' || name in values)
  if (names.length === 0) return code
  const declarations = names.map((name) => `${name} = ${name === 'postman' ? POSTMAN : values[name]}`)
  const body = /\bawait\b/.test(code)
    ? `return await (async function () {\n${code}\n}).call(this)`
    : `return (function () {\n${code}\n}).call(this)`
  if (!used.has('tests')) return `var ${declarations.join(',\n')}\n${body}`
  return `var ${declarations.join(',\n')}\ntry {\n${body}\n} finally {\n${FLUSH}\n}`
}

/**
 * Sugar.js's `String.prototype.has`, which Postman's sandbox still carries and legacy snippets use
 * (`tests['x'] = responseBody.has('text')`). Evaluated in every context before the lockdown.
 */
export const LEGACY_INTRINSICS = String.raw`Object.defineProperty(String.prototype, 'has', {
  value: function has(f) { return typeof f === 'string' ? this.indexOf(f) !== -1 : String(this).search(f) !== -1 },
  writable: true, configurable: true,
})`
