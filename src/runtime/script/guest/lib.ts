/**
 * The guest's lazily compiled parts, each one function expression that receives the core's
 * internals. CODEC: the full value codec (mirror of ../marshal.ts), needed only for values that
 * are not primitives. EXPECT: `expect`, a thin proxy over the host's chai (../host-assert.ts).
 * Language chains cost nothing; flags and methods are collected and sent with the next call, so
 * `expect(a).to.equal(b)` is one host call. Any other property (a property assertion such as
 * `.ok`) is sent when read: chai asserts then.
 */
import { NAMED_STATUSES, OK_RANGE, STATUS_CLASSES } from '../status-classes.ts'
import { VARIABLE_LIST } from './variable-list.ts'
import { COOKIE_LIST } from './cookie-list.ts'
import { SEND_RESULT } from './send-result.ts'

export const LIB = String.raw`(function (b) {
'use strict'
const T = b.T, S = b.S, keys = Object.keys, isArray = Array.isArray
const sdk = ${VARIABLE_LIST}
const cookieSdk = ${COOKIE_LIST}(sdk)
const sendResult = ${SEND_RESULT}(b)
const errNames = new Map(keys(b.ERR).map(function (k) { return [b.ERR[k], k] }))
const builtins = { Date: Date, Array: Array, Object: Object, Map: Map, Set: Set, RegExp: RegExp, Number: Number, String: String, Boolean: Boolean, Promise: Promise, EvalError: EvalError, URIError: URIError }
for (const k of keys(builtins)) errNames.set(builtins[k], k)

function enc(v, seen, d) {
  switch (typeof v) {
    case 'string': case 'boolean': return v
    case 'number': return isFinite(v) && !Object.is(v, -0) ? v : { [T]: 'n', v: Object.is(v, -0) ? '-0' : String(v) }
    case 'undefined': return { [T]: 'u' }
    case 'bigint': return { [T]: 'b', v: String(v) }
    case 'symbol': return { [T]: 'y', v: String(v.description) }
    case 'function': {
      if (b.isAssertion(v)) return { [T]: 'u' }
      if (b.nodeIds.has(v)) return { [T]: 'N', i: b.nodeIds.get(v) }
      if (errNames.has(v)) return { [T]: 'E', n: errNames.get(v) }
      let i = b.fnIds.get(v)
      if (i === undefined) { i = b.fns.length; b.fns.push(v); b.fnIds.set(v, i) }
      return { [T]: 'f', i: i, n: '' }
    }
  }
  if (v === null) return null
  // An assertion chain is an object to chai (\`expect(pm.request.to).to.be.an('object')\`).
  if (b.isAssertion(v)) return {}
  if (b.nodeIds.has(v)) return { [T]: 'N', i: b.nodeIds.get(v) }
  const known = seen.m.get(v)
  if (known !== undefined) return { [T]: 'ref', i: known }
  seen.m.set(v, seen.n++)
  if (d > 200) return '[Too deep]'
  if (isArray(v)) { const o = []; for (let k = 0; k < v.length; k++) o.push(enc(v[k], seen, d + 1)); return o }
  if (v instanceof Date) return { [T]: 'd', v: v.getTime() }
  if (v instanceof RegExp) return { [T]: 'r', s: v.source, f: v.flags }
  if (v instanceof Error) return { [T]: 'e', n: String(v.name), m: String(v.message) }
  if (v instanceof Map) { const o = []; v.forEach(function (x, k) { o.push([enc(k, seen, d + 1), enc(x, seen, d + 1)]) }); return { [T]: 'm', v: o } }
  if (v instanceof Set) { const o = []; v.forEach(function (x) { o.push(enc(x, seen, d + 1)) }); return { [T]: 's', v: o } }
  if (ArrayBuffer.isView(v)) return { [T]: 'a', v: Array.from(v) }
  const o = {}
  for (const k of keys(v)) if (k !== T) o[k] = enc(v[k], seen, d + 1)
  // pm.request (guest/pm-sdk.ts marks it): tagged, with its header rows, for the request assertions.
  const mark = Object.getOwnPropertyDescriptor(v, '_postmanRequest')
  if (mark !== undefined && typeof mark.value === 'function') return { [T]: 'R', v: o, h: mark.value() }
  return o
}
function encArgs(a, seen) {
  seen = seen || { m: new Map(), n: 0 }
  const o = []
  for (let k = 0; k < a.length; k++) o.push(enc(a[k], seen, 0))
  return o
}
function dec(v, t) {
  if (v === null || typeof v !== 'object') return v
  if (isArray(v)) { const o = []; t.push(o); for (const x of v) o.push(dec(x, t)); return o }
  const g = v[T]
  if (typeof g !== 'string') {
    const o = {}
    t.push(o)
    for (const k of keys(v)) Object.defineProperty(o, k, { value: dec(v[k], t), enumerable: true, writable: true, configurable: true })
    return o
  }
  switch (g) {
    case 'u': return undefined
    case 'n': return Number(v.v)
    case 'b': return BigInt(v.v)
    case 'y': return Symbol(v.v)
    case 'ref': return t[v.i]
    case 'N': return b.node(v.i, v.f)
    case 'W': return b.wait(v.i)
    case 'A': return b.X().assertion({ c: v.k }, v.h, [], v.f)
    case 'X': return b.X().expect
    case 'T': return b.test
    case 'V': return sdk.variableList(v.v.map(function (p) { return [p[0], dec(p[1], t)] }))
    case 'H': return sdk.header(v.k, v.v)
    case 'L': return sdk.list(v.v.map(function (x) { return dec(x, t) }))
    case 'C': return cookieSdk.cookieList(v.v, v.j === undefined ? undefined : dec(v.j, t))
    case 'K': return cookieSdk.cookie(v.v)
    case 'R': return sendResult(v)
  }
  const slot = t.length
  t.push(undefined)
  let o
  if (g === 'd') o = new Date(v.v)
  else if (g === 'r') o = new RegExp(v.s, v.f)
  else if (g === 'e') o = b.mkErr({ n: v.n, m: v.m, x: v.x })
  else if (g === 'm') { o = new Map(); t[slot] = o; for (const p of v.v) o.set(dec(p[0], t), dec(p[1], t)); return o }
  else if (g === 's') { o = new Set(); t[slot] = o; for (const x of v.v) o.add(dec(x, t)); return o }
  else if (g === 'a') o = v.v.map(function (x) { return dec(x, t) })
  t[slot] = o
  return o
}

return { dec: dec, encArgs: encArgs, special: function (v) { return errNames.has(v) } }
})`

export const EXPECT_LIB = String.raw`(function (b) {
'use strict'
const S = b.S
const words = function (s) { return s.split(' ') }
const CHAINS = words('to be been is that which and has have with at of same but does still also')
const FLAGS = words('not deep nested own ordered any all itself')
const DEFER = words('a an include includes contain contains length lengthOf equal equals eq eql eqls above gt greaterThan least gte greaterThanOrEqual below lt lessThan most lte lessThanOrEqual within instanceof instanceOf property ownProperty haveOwnProperty match matches string keys key throw throws Throw respondTo satisfy satisfies closeTo approximately members oneOf status statusCode statusReason statusCodeClass header body jsonBody jsonSchema responseTime responseSize')
// Property assertions the guest may decide itself (check() and checkView() below).
const PROPS = words('ok true false null undefined exist')
// chai's include family sets a flag when read ('contains'), so a chain going on after it keeps it.
const CONTAINS = new Set(words('include includes contain contains'))
let chains = 0
// Assertions are plain objects on one frozen prototype, as chai's own are: language chains are
// getters that answer the same object, flags are set on its state, and a method read (DEFER)
// answers a new callable on the same prototype. A word the prototype does not define falls
// through to the proxy that ends its chain, which sends it to chai on the host (a property
// assertion such as .empty, or chai's error for a word it does not know). An assertion's state
// is a private field that scripts cannot reach: nothing a script sets on an assertion is read.
// Nothing refers back to an assertion (not its callable, not a weak map): it is freed as soon as
// the script drops it, without waiting for QuickJS's cycle collector, whose every run walks the
// whole resident context.
class Stamp { constructor(o) { return o } }
class Stamped extends Stamp {
  #s
  constructor(o, s) { super(o); this.#s = s }
  static of(o) { return o !== null && (typeof o === 'object' || typeof o === 'function') && #s in o ? o.#s : undefined }
}
const stateOf = Stamped.of
function expect(value, message) {
  return assertion({ c: ++chains, v: value, msg: message }, undefined, [], false)
}
// A response view's to and not (guest/core.ts): its status checks can be decided here too.
function expectView(view) {
  return assertion({ c: ++chains, v: view, view: true }, undefined, [], false)
}
function assertion(chain, h, path, callable) {
  const s = { chain: chain, h: h, path: path, callable: callable }
  let a
  if (callable) {
    a = (...list) => call(s, list)
    delete a.length
    delete a.name
    Object.setPrototypeOf(a, proto)
  } else a = Object.create(proto)
  return new Stamped(a, s)
}
function call(s, list) {
  if (fast(s, s.path, list)) {
    const m = s.path[s.path.length - 1]
    return assertion(s.chain, undefined, CONTAINS.has(m) ? s.path.slice() : s.path.slice(0, -1), false)
  }
  return flush(s.chain, s.h, s.path, list)
}
// Any other word: decided here when it can be (a passing property assertion on a primitive or on
// a response view), else sent to chai.
function word(a, k) {
  const s = stateOf(a)
  if (s === undefined) return undefined
  const next = s.path.concat([k])
  if (!s.callable && fast(s, next, undefined)) {
    // A response's ok can also be called (svc.response.to.be.ok()): the call checks again.
    return k === 'ok' && s.chain.view === true ? assertion(s.chain, undefined, next, true) : a
  }
  return flush(s.chain, s.h, next, undefined)
}
const rest = new Proxy(Object.freeze(Object.create(null)), {
  get: function (t, k, a) { return typeof k !== 'string' || k === 'then' ? undefined : word(a, k) },
  set: function () { return true },
})
const proto = Object.create(rest)
function define(list, get) {
  for (const k of list) {
    const g = { [k]: function () { return get(this, k) } }[k]
    Object.defineProperty(proto, k, { get: Object.freeze(g) })
  }
}
define(CHAINS, function (a) {
  const s = stateOf(a)
  return s.callable ? assertion(s.chain, s.h, s.path.slice(), false) : a
})
define(FLAGS, function (a, k) {
  const s = stateOf(a)
  if (s.callable) return assertion(s.chain, s.h, s.path.concat([k]), false)
  s.path.push(k)
  return a
})
define(DEFER, function (a, k) {
  const s = stateOf(a)
  return assertion(s.chain, s.h, s.path.concat([k]), true)
})
define(PROPS, word)
Object.freeze(proto)
// Passing assertions on primitives are decided here, without a host call, in the resident
// context only (its built-ins are frozen: a script cannot change what these checks use). Each
// check is one chai makes the same way; anything else, and every failure, goes to chai on the
// host, which gives the verdict and its message.
function prim(v) { const t = typeof v; return v === null || t === 'string' || t === 'number' || t === 'boolean' || t === 'undefined' }
function typeName(v) { return v === null ? 'null' : typeof v }
function check(m, v, a) {
  if (a === undefined) {
    switch (m) {
      case 'ok': return !!v
      case 'true': return v === true
      case 'false': return v === false
      case 'null': return v === null
      case 'undefined': return v === undefined
      case 'exist': return v !== null && v !== undefined
    }
    return undefined
  }
  if (a.length !== 1) return undefined
  const x = a[0]
  switch (m) {
    case 'equal': case 'equals': case 'eq': return prim(x) ? v === x : undefined
    case 'a': case 'an': return typeof x === 'string' ? typeName(v) === x.toLowerCase() : undefined
    // chai's oneOf without deep or contains: the list holds the value itself (indexOf).
    case 'oneOf': return Array.isArray(x) ? x.indexOf(v) !== -1 : undefined
  }
  if (typeof v === 'string' && typeof x === 'string' && CONTAINS.has(m)) return v.indexOf(x) !== -1
  if (typeof v !== 'number' || typeof x !== 'number') return undefined
  switch (m) {
    case 'above': case 'gt': case 'greaterThan': return v > x
    case 'below': case 'lt': case 'lessThan': return v < x
    case 'least': case 'gte': case 'greaterThanOrEqual': return v >= x
    case 'most': case 'lte': case 'lessThanOrEqual': return v <= x
  }
  return undefined
}
// The response plugin's status checks (../response-plugin.ts, the same table: ../status-classes.ts)
// on a response view: code and statusText are values the guest keeps for the run, so only the
// first costs a host call.
const CLASSES = new Map(${JSON.stringify(STATUS_CLASSES.map(([name, lowest, above]) => [name, [lowest, above]]))})
const NAMED = new Map(${JSON.stringify(NAMED_STATUSES.map(([name, code]) => [name, code]))})
function checkView(m, view, a) {
  if (a === undefined) {
    if (m === 'ok') return ok2xx(view.code)
    const range = CLASSES.get(m)
    if (range !== undefined) { const c = view.code; return c >= range[0] && c < range[1] }
    return NAMED.has(m) ? view.code === NAMED.get(m) : undefined
  }
  if (m === 'ok' && a.length === 0) return ok2xx(view.code)
  if (m === 'header' && a.length === 1) return hasHeader(view, a[0])
  if (m !== 'status' || a.length !== 1) return undefined
  const x = a[0]
  return typeof x === 'number' ? view.code === x : typeof x === 'string' ? view.statusText === x : undefined
}
// header(name): the view comes with its header names (answers.ts, under a key no script reads).
function hasHeader(view, name) {
  const names = view['\u0000h']
  if (typeof names !== 'string' || typeof name !== 'string') return undefined
  return ('\n' + names + '\n').indexOf('\n' + name.toLowerCase() + '\n') !== -1
}
function ok2xx(c) { return c >= ${OK_RANGE[0]} && c < ${OK_RANGE[1]} }
function fast(s, path, a) {
  if (!b.locked || s.h !== undefined) return false
  const view = s.chain.view === true
  if (!view && !prim(s.chain.v)) return false
  let negate = false
  for (let i = 0; i < path.length - 1; i++) {
    if (path[i] !== 'not') return false
    negate = true
  }
  const m = path[path.length - 1]
  const pass = view ? checkView(m, s.chain.v, a) : check(m, s.chain.v, a)
  return pass !== undefined && pass !== negate
}
// Objects are numbered per flush: identity holds within one call (expect(a).to.equal(a)).
function flush(chain, h, path, a) {
  const q = { c: chain.c, p: path }
  const values = b.args(h === undefined ? [chain.v].concat(a || []) : a || [])
  if (h === undefined) {
    q.v = values[0]
    if (chain.msg !== undefined) q.m = String(chain.msg)
    if (a) q.a = values.slice(1)
  } else {
    q.h = h
    if (a) q.a = values
  }
  return b.read(b.H('x', S(q)))
}
return { expect: expect, expectView: expectView, assertion: assertion, isAssertion: function (v) { return stateOf(v) !== undefined } }
})`
