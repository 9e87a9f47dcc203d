/**
 * `pm.request` as the postman-collection SDK shapes it (Request, Url, PropertyList, Header,
 * QueryParam, RequestBody), written here for the guest: the SDK itself costs tens of ms to load.
 * A script that names `pm.request` or `alpha.request` is wrapped: a local `pm` (and `alpha`)
 * answers `request` with these objects, built in the guest from one host snapshot, and every
 * other member is the host's. In a pre-request script each change (a list method, a setter) sends
 * the whole request back in one call; the host turns the difference into the run's request
 * changes (api/pm-request.ts), so they reach the wire as in newman. A script that does not name
 * it runs unchanged and pays nothing.
 */

import { AUTH_SDK } from './pm-sdk-auth.ts'

const NAMES = /(?<![\w$.])(pm|alpha)\s*\.\s*request(?![\w$])/
const EVERY = new RegExp(NAMES.source, 'g')

/** Guest source: `(function (real, pre) { ... })` answering the local `pm`. */
const SDK = String.raw`(function (real, pre) {
  'use strict'
  const hide = (o, k, v) => Object.defineProperty(o, k, { value: v, writable: true, configurable: true, enumerable: false })
  // Sugar's Array#each, which newman's sandbox gives every array: the lists' arrays take it.
  const each = Object.freeze(function each(fn) {
    if (typeof fn === 'function') for (let i = 0; i < this.length; i++) if (fn.call(this, this[i], i, this) === false) break
    return this
  })
  const sugar = (a) => { hide(a, 'each', each); return a }
  const str = (v) => (v === undefined || v === null ? v : String(v))
  let sync = () => {}
  const touch = () => sync()
  const enc = (s, eq) => { if (typeof s !== 'string') return s; s = s.replace(/[&#]/g, (c) => (c === '&' ? '%26' : '%23')); return eq ? s.replace(/=/g, '%3D') : s }
  const HEADER = {
    ci: true,
    parse(s) { s = String(s); let i = s.indexOf(':'); if (i < 0) i = s.length; return { key: s.slice(0, i).trim(), value: s.slice(i + 1).trim() } },
    one(m) { return m.key + ': ' + m.value },
    join(ms) { return ms.reduce((a, m) => (m && !m.disabled ? a + m.key + ': ' + m.value + '\r\n' : a), '') },
  }
  const QUERY = {
    ci: false,
    parse(s) { s = String(s); const i = s.indexOf('='); return i < 0 ? { key: s, value: null } : { key: s.slice(0, i), value: s.slice(i + 1) } },
    one(m) { return (typeof m.key === 'string' ? enc(m.key, true) : '') + (typeof m.value === 'string' ? '=' + enc(m.value) : '') },
    join(ms) { return ms.filter((m) => m && m.disabled !== true).map(QUERY.one).join('&') },
  }
  // Postman's FormParam: a QueryParam that also has a type ('text' or 'file') and a file's src.
  const FORM = Object.assign({}, QUERY)
  const VARIABLE = { ci: false, parse(s) { return { key: String(s), value: '' } }, one(m) { return String(m.value) }, join(ms) { return ms.map(VARIABLE.one).join('') } }
  class Property {
    constructor(kind, o) {
      if (typeof o === 'string') o = kind.parse(o)
      o = o || {}
      hide(this, '_t', kind)
      hide(this, '_s', { key: o.key === undefined ? null : o.key, value: o.value === undefined ? (kind === QUERY ? null : '') : o.value, disabled: o.disabled === true })
      if (kind === FORM) { this._s.type = o.type === 'file' ? 'file' : 'text'; if (o.src !== undefined) this._s.src = o.src }
      // An auth parameter's Variable keeps its type ('any' unless given), as the SDK's does.
      if (kind === VARIABLE) this._s.type = typeof o.type === 'string' ? o.type : 'any'
      // A header the runtime added, or a Digest parameter learnt from the challenge (post-response).
      if ((kind === HEADER || kind === VARIABLE) && o.system === true) this._s.system = true
    }
    get system() { return this._s.system }
    get type() { return this._s.type }
    set type(v) { this._s.type = v; touch() }
    get src() { return this._s.src }
    set src(v) { this._s.src = v; touch() }
    get key() { return this._s.key }
    set key(v) { this._s.key = v; touch() }
    get value() { return this._s.value }
    set value(v) { this._s.value = v; touch() }
    get disabled() { return this._s.disabled || undefined }
    set disabled(v) { this._s.disabled = Boolean(v); touch() }
    update(o) {
      if (typeof o === 'string') o = this._t.parse(o)
      if (!o) return
      if ('key' in o) this._s.key = o.key
      if ('value' in o) this._s.value = o.value
      if ('disabled' in o) this._s.disabled = o.disabled === true
      touch()
    }
    valueOf() { return (this._t === QUERY || this._t === FORM) && typeof this._s.value !== 'string' ? '' : this._s.value }
    // Variable#get and #set (a path variable: pm.request.url.variables.one('id').set('7')).
    get() { return this._s.value }
    set(v) { this._s.value = v; touch() }
    toString() { return this._t.one(this) }
    toJSON() {
      if (this._t === VARIABLE) {
        const v = { type: this._s.type, value: this._s.value, key: this._s.key }
        return this._s.system ? Object.assign(v, { system: true }) : v
      }
      // Postman lists a disabled property's flag first.
      const j = this._s.disabled ? { disabled: true } : {}
      Object.assign(j, { key: this._s.key, value: this._s.value })
      if (this._s.disabled) j.disabled = true
      if (this._s.system) j.system = true
      if (this._t === FORM) { j.type = this._s.type; if (this._s.src !== undefined) j.src = this._s.src }
      return j
    }
  }
  const rule = (r, ctx) => typeof r === 'function' ? (ctx ? r.bind(ctx) : r)
    : r !== null && typeof r === 'object' ? (m) => Object.keys(r).every((k) => m[k] === r[k])
    : typeof r === 'string' ? (m) => Boolean(m[r]) : () => false
  class PropertyList {
    constructor(kind, items) {
      hide(this, '_t', kind)
      this.members = sugar([])
      for (const item of items || []) this.members.push(item instanceof Property ? item : new Property(kind, item))
    }
    _id(k) { return this._t.ci ? String(k).toLowerCase() : String(k) }
    _of(item, name) { return item instanceof Property ? item : new Property(this._t, typeof item === 'string' && name !== undefined ? { key: name, value: item } : item) }
    _matches(id) { const want = this._id(id); return this.members.filter((m) => m.key && this._id(m.key) === want) }
    insert(item, before) {
      if (item === null || typeof item !== 'object') return
      item = this._of(item)
      const at = this.members.indexOf(item)
      if (at > -1) this.members.splice(at, 1)
      const b = before === undefined ? -1 : this.indexOf(before)
      if (b > -1) this.members.splice(b, 0, item); else this.members.push(item)
      touch()
    }
    add(item, name) {
      if (item === null || item === undefined || Number.isNaN(item)) return
      this.members.push(this._of(item, name))
      touch()
    }
    append(item) { this.insert(item) }
    prepend(item) { if (item && typeof item === 'object') { this.members.unshift(this._of(item)); touch() } }
    upsert(item) {
      if (item === null || item === undefined || Number.isNaN(item)) return null
      if (typeof item === 'string') item = this._t.parse(item)
      const existing = this.one(item.key)
      if (existing) { existing.update(item); return false }
      this.add(item)
      return true
    }
    remove(predicate, context) {
      let test
      if (typeof predicate === 'string') { const want = this._id(predicate); test = (m) => m.key !== null && m.key !== undefined && this._id(m.key) === want }
      else if (predicate instanceof Property) test = (m) => m === predicate
      else if (typeof predicate === 'function') test = (m, i, a) => predicate.call(context || this, m, i, a)
      else return
      const keep = this.members.filter((m, i, a) => !test(m, i, a))
      this.members.length = 0
      this.members.push(...keep)
      touch()
    }
    clear() { this.members.length = 0; touch() }
    populate(items) { for (const item of Array.isArray(items) ? items : [items]) this.add(item) }
    repopulate(items) { this.members.length = 0; this.populate(items || []) }
    all() { return sugar(this.members.slice()) }
    one(id) { const ms = this._matches(id); return ms[ms.length - 1] }
    get(key) { const m = this.one(key); return m ? m.valueOf() : undefined }
    has(item, value) {
      const ms = typeof item === 'string' ? this._matches(item) : this.members.filter((m) => m === item)
      if (arguments.length < 2) return ms.length > 0
      return ms.some((m) => m.valueOf() === value)
    }
    each(fn, context) { if (typeof fn !== 'function') return; const ms = this.members.slice(); for (let i = 0; i < ms.length; i++) if (fn.call(context || this, ms[i], i, ms) === false) break }
    filter(r, context) { return sugar(this.members.filter(rule(r, context))) }
    find(r, context) { return this.members.find(rule(r, context)) }
    map(fn, context) { return sugar(this.members.map(typeof fn === 'function' ? fn.bind(context || this) : (m) => m[fn])) }
    reduce(fn, acc, context) { return this.members.reduce(fn.bind(context || this), acc) }
    count() { return this.members.length }
    idx(i) { return this.members[i] }
    indexOf(item) { return this.members.indexOf(typeof item === 'string' ? this.one(item) : item) }
    toObject(excludeDisabled, caseSensitive, multiValue, sanitizeKeys) {
      const o = {}, sensitive = !this._t.ci || caseSensitive, multi = this._t !== VARIABLE || multiValue
      for (const m of this.members) {
        if (!m || m.key === undefined || (excludeDisabled && m.disabled) || (sanitizeKeys && !m.key)) continue
        const k = sensitive ? m.key : String(m.key).toLowerCase()
        if (multi && Object.prototype.hasOwnProperty.call(o, k)) { if (!Array.isArray(o[k])) o[k] = [o[k]]; o[k].push(m.valueOf()) }
        else o[k] = m.valueOf()
      }
      return o
    }
    toString() { return this._t.join(this.members) }
    toJSON() { return this.members.map((m) => m.toJSON()) }
  }
${AUTH_SDK}
  const pathVariable = (s) => { s = String(s); if (s[0] !== ':') return null; const dot = s.indexOf('.'); return s.slice(1, dot < 0 ? undefined : dot) || null }
  const URL_RE = /^(?:([^:/?#]+):\/\/)?(?:([^@/?#]*)@)?([^:/?#]*)(?::(\d*|\{\{[^}]*\}\}))?([^?#]*)(?:\?([^#]*))?(?:#(.*))?$/
  class Url {
    constructor(text) {
      hide(this, '_quiet', true)
      this.update(text)
      // Every assignment (url.protocol = ..., url.path = [...]) reaches the request.
      return new Proxy(this, { set(u, k, v) { u[k] = v; if (!u._quiet) touch(); return true } })
    }
    update(text) {
      const m = URL_RE.exec(String(text === undefined || text === null ? '' : text).trim()) || []
      hide(this, '_quiet', true)
      this.protocol = m[1]
      if (m[2] !== undefined) { const i = m[2].indexOf(':'); this.auth = i < 0 ? { user: m[2] } : { user: m[2].slice(0, i), password: m[2].slice(i + 1) } } else this.auth = undefined
      this.host = m[3] ? m[3].split('.') : undefined
      this.port = m[4] || undefined
      const path = (m[5] || '').replace(/^\//, '')
      this.path = m[5] ? (path === '' ? [''] : path.split('/')) : undefined
      this.hash = m[7]
      this.query = new PropertyList(QUERY, m[6] === undefined || m[6] === '' ? [] : m[6].split('&').map(QUERY.parse))
      // Path variables, as the SDK's Url.parse finds them: a ':name' segment (up to a dot), once each.
      const names = (this.path || []).map(pathVariable).filter((k, i, all) => k && all.indexOf(k) === i)
      this.variables = new PropertyList(VARIABLE, names.map((key) => ({ key, value: '' })))
      this._quiet = false
    }
    getHost() { return Array.isArray(this.host) ? this.host.join('.') : this.host ? String(this.host) : '' }
    getPath(unresolved) {
      const segments = (this.path || []).map((s) => {
        const key = unresolved ? null : pathVariable(s)
        const v = key ? this.variables.get(key) : undefined
        // The value replaces the name; a suffix after a dot stays (':id.json').
        return typeof v === 'string' && v ? v + String(s).slice(key.length + 1) : s
      })
      return '/' + segments.join('/')
    }
    getQueryString() { return this.query.count() ? QUERY.join(this.query.members) : '' }
    getPathWithQuery() { const q = this.getQueryString(); return this.getPath() + (q ? '?' + q : '') }
    getRemote(forcePort) { const p = this.port ? String(this.port) : forcePort ? (this.protocol === 'https' ? '443' : '80') : ''; return this.getHost() + (p ? ':' + p : '') }
    addQueryParams(params) { this.query.populate(typeof params === 'string' ? params.split('&').map(QUERY.parse) : params) }
    removeQueryParams(params) { const keys = (Array.isArray(params) ? params : [params]).map((p) => (p && p.key ? p.key : p)); this.query.remove((p) => keys.includes(p.key)) }
    toString(forceProtocol) {
      let out = ''
      const protocol = this.protocol || (forceProtocol ? 'http' : '')
      if (protocol) out += protocol.endsWith('://') ? protocol : protocol + '://'
      if (this.auth && (typeof this.auth.user === 'string' || typeof this.auth.password === 'string')) out += (this.auth.user || '') + (typeof this.auth.password === 'string' ? ':' + this.auth.password : '') + '@'
      if (this.host) out += this.getHost()
      if (this.port !== undefined && this.port !== null && this.port !== '') out += ':' + String(this.port)
      if (this.path) out += this.getPath()
      if (this.query.count()) { const q = this.getQueryString(); if (q !== '' || this.query.members.some((p) => !p.disabled)) out += '?' + q }
      if (typeof this.hash === 'string') out += '#' + this.hash
      return out
    }
    toJSON() { return this.toString() }
  }
  const state = JSON.parse(real.request._sdkState())
  const list = (kind, v) => (v instanceof PropertyList ? v : new PropertyList(kind, typeof v === 'string' ? v.split('&').map(QUERY.parse) : v))
  // Postman's RequestBody: update() replaces the whole body and needs a mode; a string is raw.
  const body = (b) => {
    if (!b) return undefined
    const mode = String(b.mode).toLowerCase()
    const o = { mode: ['raw', 'urlencoded', 'formdata', 'graphql', 'file'].includes(mode) ? mode : 'raw' }
    if (o.mode === 'raw') { o.raw = b.raw === undefined || b.raw === null || b.raw === '' ? '' : b.raw; const l = b.language || (b.options && b.options.raw && b.options.raw.language); if (l) o.options = { raw: { language: l } } }
    if (o.mode === 'urlencoded') o.urlencoded = list(QUERY, b.urlencoded || [])
    if (o.mode === 'formdata') o.formdata = list(FORM, b.formdata || [])
    if (o.mode === 'graphql') o.graphql = b.graphql || {}
    if (o.mode === 'file') o.file = typeof b.file === 'string' ? { src: b.file } : b.file
    o.toString = function () {
      if (this.mode === 'raw') return this.raw === undefined || this.raw === null ? '' : String(this.raw)
      if (this.mode === 'urlencoded' || this.mode === 'formdata') return this[this.mode] && this[this.mode].members ? QUERY.join(this[this.mode].members) : ''
      return ''
    }
    o.isEmpty = function () { return !this.mode || (this.mode === 'raw' ? !this.raw : this.mode === 'urlencoded' || this.mode === 'formdata' ? !(this[this.mode] && this[this.mode].count()) : false) }
    o.update = function (u) {
      if (typeof u === 'string') u = { mode: 'raw', raw: u }
      if (!u || !u.mode) return
      const next = body(u)
      for (const k of ['raw', 'urlencoded', 'formdata', 'graphql', 'file', 'options']) delete t[k]
      Object.assign(t, next)
      touch()
    }
    for (const k of ['toString', 'isEmpty', 'update']) hide(o, k, o[k])
    const t = o
    return new Proxy(o, {
      set(t, k, v) {
        // body.urlencoded = [...] (or a string) is a list, as the SDK makes it.
        t[k] = k === 'urlencoded' ? list(QUERY, v) : k === 'formdata' ? list(FORM, v) : v
        touch()
        return true
      },
    })
  }
  // An imported request's path variables: the template's names with the values its URL holds.
  const pathVariables = (url, values) => {
    for (const v of values || []) {
      const m = url.variables.one(v.key)
      if (m) m._s.value = v.value
      else url.variables.members.push(new Property(VARIABLE, v))
    }
    return url
  }
  const req = {
    id: state.id,
    name: state.name,
    url: pathVariables(new Url(state.urlTemplate || state.url), state.pathVariables),
    method: state.method,
    headers: new PropertyList(HEADER, state.headers),
    body: body(state.body),
    auth: state.auth ? makeAuth(state.auth) : undefined,
  }
  const request = new Proxy(req, {
    set(t, k, v) {
      // As in newman, an assigned string stays a string (its text is the URL sent).
      if (k === 'url') t.url = v
      else if (k === 'headers') t.headers = v instanceof PropertyList ? v : new PropertyList(HEADER, v)
      else if (k === 'auth') t.auth = v instanceof RequestAuth || v === undefined || v === null ? v : makeAuth(v)
      else if (k === 'body') t.body = body(v === null || typeof v !== 'object' ? { mode: 'raw', raw: v === undefined ? '' : String(v) } : v)
      else t[k] = v
      touch()
      return true
    },
  })
  Object.assign(req, {
    getHeaders(options) {
      const o = {}
      for (const h of t().headers.members) if (!(options && options.enabled && h.disabled)) o[options && options.ignoreCase ? String(h.key).toLowerCase() : h.key] = h.value
      return o
    },
    addHeader(h) { t().headers.add(h) },
    removeHeader(h) { t().headers.remove(h) },
    upsertHeader(h) { t().headers.upsert(h) },
    addQueryParams(p) { t().url.addQueryParams(p) },
    // Request#authorizeUsing: null takes the request's auth away; a type selects it with options.
    authorizeUsing(type, options) {
      if (type && typeof type === 'object' && type.type) { options = type[type.type]; type = type.type }
      if (type === null) { delete req.auth; touch(); return }
      if (!authType(type)) return
      if (!req.auth) req.auth = makeAuth({})
      else req.auth.clear(type)
      req.auth.use(type, options)
    },
    removeQueryParams(p) { t().url.removeQueryParams(p) },
    toJSON() { const r = t(); return { id: r.id, name: r.name, url: r.url.toString(), method: r.method, header: r.headers.toJSON(), body: r.body ? JSON.parse(JSON.stringify(Object.assign({}, r.body, r.body.urlencoded ? { urlencoded: r.body.urlencoded.toJSON() } : {}, r.body.formdata ? { formdata: r.body.formdata.toJSON() } : {}))) : undefined } },
  })
  function t() { return req }
  // For chai-postman's request assertions: the codec (guest/lib.ts) sends the header rows with it,
  // and \`pm.request.to\` / \`.not\` start an assertion on it, as in newman.
  hide(req, '_postmanRequest', () => req.headers.members.map((h) => [str(h.key), str(h.value)]))
  Object.defineProperty(req, 'to', { get: () => real.expect(request).to, configurable: true, enumerable: false })
  Object.defineProperty(req, 'not', { get: () => real.expect(request).not, configurable: true, enumerable: false })
  for (const k of ['getHeaders', 'addHeader', 'removeHeader', 'upsertHeader', 'addQueryParams', 'removeQueryParams', 'authorizeUsing', 'toJSON']) hide(req, k, req[k])
  const snapshot = () => {
    const b = req.body
    return JSON.stringify({
      url: String(req.url),
      method: String(req.method),
      headers: req.headers.members.map((h) => [str(h.key), str(h.value), h.disabled === true]),
      auth: req.auth && typeof req.auth.toJSON === 'function' ? req.auth.toJSON() : req.auth ? req.auth : null,
      body: b === undefined || b === null ? null : {
        mode: b.mode, raw: str(b.raw), language: b.options && b.options.raw ? b.options.raw.language : undefined, graphql: b.graphql,
        urlencoded: b.urlencoded && b.urlencoded.toJSON ? b.urlencoded.toJSON() : undefined, formdata: b.formdata && b.formdata.toJSON ? b.formdata.toJSON() : undefined,
      },
    })
  }
  let last = pre ? snapshot() : ''
  if (pre) {
    // Only a difference from what the host has last seen is sent.
    sync = () => {
      if (req.url && req.url._quiet) return
      const now = snapshot()
      if (now !== last) { last = now; real.request._sdkApply(now) }
    }
  }
  const first = last
  // After the script's body: changes made in place (url.path.push(...)) reach the request too.
  // Sent again when anything changed: {{variables}} set after a change resolve as newman does (after the script).
  const flush = () => { if (last !== first) last = '' ; sync() }
  const answer = (k) => (k === 'request' ? request : k === '_sdkFlush' ? flush : real[k])
  return new Proxy({}, { get: (_, k) => answer(k), has: (_, k) => k in real, set: () => false })
})`

/** The script as it runs: unchanged unless it names `pm.request` or `alpha.request`. */
export function withPmRequest(
  code: string,
  phase: 'pre-request' | 'post-response',
  original: string,
): string {
  if (!NAMES.test(original)) return code
  // Only the names the script uses are declared: its own `const alpha = 0.5` must still work.
  const used = new Set([...original.matchAll(EVERY)].map((m) => m[1]))
  const name = used.has('pm') ? 'pm' : 'alpha'
  const sdk = `${SDK}(globalThis.${name}, ${phase === 'pre-request'})`
  const declare = `var ${name} = ${sdk}${used.size === 2 ? ', alpha = pm' : ''}\n`
  if (phase !== 'pre-request') return `${declare}${code}`
  return `${declare}try {\n${code}\n} finally { ${name}._sdkFlush() }`
}
