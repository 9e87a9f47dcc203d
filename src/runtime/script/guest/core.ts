/**
 * The guest bootstrap's core, evaluated in every fresh context. It is deliberately small:
 * QuickJS compiles guest source at roughly 0.2-0.5 ms per KB, so the namespaces live on the
 * host (../api/) and the guest only holds proxies to them. `H(op, json)` is the one way out.
 * The codec mirrors ../marshal.ts: tagged JSON, objects numbered in the order they are encoded.
 */
export const CORE = String.raw`
const G = globalThis, H = G.__host
delete G.__host
const S = JSON.stringify, Pa = JSON.parse, P = Promise, keys = Object.keys, isArray = Array.isArray, T = '\u0000t'
const ERR = { Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError }
class AssertionError extends Error { constructor(m) { super(m); this.name = 'AssertionError' } }
ERR.AssertionError = AssertionError
const errNames = new Map(keys(ERR).map(function (k) { return [ERR[k], k] }))
const st = { main: 0, err: '' }
const nodeIds = new WeakMap(), fns = [], fnIds = new Map(), waits = new Map()
let promises = 0

function call(op, arg) {
  const r = H(op, S(arg))
  if (r === '') return undefined
  const v = Pa(r.slice(1))
  if (r.charCodeAt(0) === 118) return dec(v, [])
  throw mkErr(v)
}
function mkErr(e) {
  const C = ERR[e.n], x = C ? new C(e.m) : new Error(e.m)
  if (!C) x.name = e.n
  if (e.x) for (const k of keys(e.x)) x[k] = dec(e.x[k], [])
  return x
}
function info(e) {
  try {
    if ((e !== null && typeof e === 'object') || typeof e === 'function') {
      return { n: typeof e.name === 'string' ? e.name : 'Error', m: typeof e.message === 'string' ? e.message : String(e) }
    }
    return { n: '', m: String(e) }
  } catch (x) { return { n: 'Error', m: '(an error that cannot be printed)' } }
}

function node(i, f) {
  const cache = new Map()
  const p = new Proxy(f ? function () {} : {}, {
    get: function (t, k) {
      if (typeof k !== 'string' || k === 'then') return undefined
      if (cache.has(k)) return cache.get(k)
      const r = H('g', S([i, k]))
      const v = Pa(r.slice(1))
      if (r.charCodeAt(0) !== 118) throw mkErr(v)
      const out = dec(v, [])
      if (v !== null && typeof v === 'object' && v.c === 1) cache.set(k, out)
      return out
    },
    apply: function (t, self, args) { return call('c', [i, encArgs(args)]) },
    set: function () { return true },
  })
  nodeIds.set(p, i)
  return p
}
function encArgs(args, seen) { seen = seen || { m: new Map(), n: 0 }; const out = []; for (let k = 0; k < args.length; k++) out.push(enc(args[k], seen, 0)); return out }

function enc(v, seen, d) {
  switch (typeof v) {
    case 'string': case 'boolean': return v
    case 'number': return isFinite(v) && !Object.is(v, -0) ? v : { [T]: 'n', v: Object.is(v, -0) ? '-0' : String(v) }
    case 'undefined': return { [T]: 'u' }
    case 'bigint': return { [T]: 'b', v: String(v) }
    case 'symbol': return { [T]: 'y', v: String(v.description) }
    case 'function': {
      if (assertions.has(v)) return { [T]: 'u' }
      if (nodeIds.has(v)) return { [T]: 'N', i: nodeIds.get(v) }
      if (errNames.has(v)) return { [T]: 'E', n: errNames.get(v) }
      let i = fnIds.get(v)
      if (i === undefined) { i = fns.length; fns.push(v); fnIds.set(v, i) }
      return { [T]: 'f', i: i, n: String(v.name || '') }
    }
  }
  if (v === null) return null
  if (nodeIds.has(v)) return { [T]: 'N', i: nodeIds.get(v) }
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
    case 'N': return node(v.i, v.f)
    case 'W': return new P(function (ok, no) { waits.set(v.i, [ok, no]) })
    case 'A': return assertion({ c: v.k }, v.h, [], v.f)
    case 'X': return expect
  }
  const slot = t.length
  t.push(undefined)
  let o
  if (g === 'd') o = new Date(v.v)
  else if (g === 'r') o = new RegExp(v.s, v.f)
  else if (g === 'e') o = mkErr({ n: v.n, m: v.m })
  else if (g === 'm') { o = new Map(); t[slot] = o; for (const p of v.v) o.set(dec(p[0], t), dec(p[1], t)); return o }
  else if (g === 's') { o = new Set(); t[slot] = o; for (const x of v.v) o.add(dec(x, t)); return o }
  else if (g === 'a') o = v.v.map(function (x) { return dec(x, t) })
  t[slot] = o
  return o
}

// Host -> guest entry points (called through the internals object, never reachable by scripts).
function invoke(i, json) {
  try {
    const r = fns[i].apply(undefined, dec(Pa(json), []))
    if (r !== null && typeof r === 'object' && typeof r.then === 'function') {
      const id = ++promises
      P.resolve(r).then(
        function () { H('pr', S([id, true, null])) },
        function (e) { H('pr', S([id, false, info(e)])) })
      return 'v' + S({ [T]: 'P', i: id })
    }
    return 'v' + S(enc(r, { m: new Map(), n: 0 }, 0))
  } catch (e) {
    return 'e' + S(info(e))
  }
}
function settle(i, ok, json) {
  const w = waits.get(i)
  if (!w) return
  waits.delete(i)
  const v = dec(Pa(json), [])
  if (ok) w[0](v)
  else w[1](mkErr(v))
}
function track(p) {
  p.then(function () { st.main = 1 }, function (e) { st.main = 2; st.err = S(info(e)) })
}
function init(json) {
  const roots = Pa(json)
  const noop = function () {}
  G.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop }
  for (const k of keys(roots)) {
    const r = roots[k]
    Object.defineProperty(G, k, { value: r === null ? null : r[0] === 0 ? expect : node(r[0], r[1] === 1), writable: true, configurable: true })
  }
}
`
