/**
 * The guest bootstrap's core, compiled in every fresh context. QuickJS compiles guest source at
 * roughly 0.15-0.5 ms per KB, so this part stays small: the bridge to the host, proxies for host
 * API objects, and a fast path for primitive values. The full codec and `expect` (guest/lib.ts)
 * are compiled only by scripts that need them. Host answers start with one letter:
 *   ''  undefined    j<json>  plain JSON      v<json>  tagged JSON (needs the codec)
 *   n<id>,<fn>,<cache>  API proxy    w<id>  promise    a<chain>,<handle>,<fn>  assertion
 *   x  the guest's expect            e<json>  an error to throw
 */
export const CORE = String.raw`
const G = globalThis, H = G.__host, E = G.eval
delete G.__host
const S = JSON.stringify, Pa = JSON.parse, P = Promise, T = '\u0000t'
const ERR = { Error: Error, TypeError: TypeError, RangeError: RangeError, SyntaxError: SyntaxError, ReferenceError: ReferenceError }
const st = { main: 0, err: '' }
const nodeIds = new WeakMap(), fns = [], fnIds = new Map(), waits = new Map()
let lib = null, promises = 0
const bag = { ERR: ERR, mkErr: mkErr, H: H, S: S, Pa: Pa, P: P, T: T, nodeIds: nodeIds, fnIds: fnIds, fns: fns, waits: waits, node: node, wait: wait, read: read }
function L() { return lib || (lib = E(H('L', ''))(bag)) }
function expect(v, m) { return L().expect(v, m) }

function read(r) {
  if (r === '') return undefined
  const c = r[0], s = r.slice(1)
  if (c === 'j') return Pa(s)
  if (c === 'n') { const p = s.split(','); return node(+p[0], p[1] === '1') }
  if (c === 'w') return wait(+s)
  if (c === 'x') return expect
  if (c === 'a') { const p = s.split(','); return L().assertion({ c: +p[0] }, +p[1], [], p[2] === '1') }
  if (c === 'v') return L().dec(Pa(s), [])
  throw mkErr(Pa(s))
}
function mkErr(e) {
  const C = ERR[e.n], x = C ? new C(e.m) : new Error(e.m)
  if (!C) x.name = e.n
  if (e.x) for (const k in e.x) x[k] = L().dec(e.x[k], [])
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
function wait(i) { return new P(function (ok, no) { waits.set(i, [ok, no]) }) }

// Arguments: primitives and functions inline; anything else through the codec.
function args(a) {
  const out = []
  for (let k = 0; k < a.length; k++) {
    const v = a[k], t = typeof v
    if (t === 'string' || t === 'boolean' || v === null || (t === 'number' && isFinite(v) && !Object.is(v, -0))) out.push(v)
    else if (t === 'undefined') out.push({ [T]: 'u' })
    else if (t === 'function' && !nodeIds.has(v) && !(lib && lib.special(v))) {
      let i = fnIds.get(v)
      if (i === undefined) { i = fns.length; fns.push(v); fnIds.set(v, i) }
      out.push({ [T]: 'f', i: i, n: '' })
    } else return L().encArgs(a)
  }
  return out
}
function node(i, f) {
  const cache = new Map()
  const p = new Proxy(f ? function () {} : {}, {
    get: function (t, k) {
      if (typeof k !== 'string' || k === 'then') return undefined
      if (cache.has(k)) return cache.get(k)
      const r = H('g', i + ',' + k)
      const v = read(r)
      if (r[0] === 'n' && r[r.length - 1] === '1') cache.set(k, v)
      return v
    },
    apply: function (t, self, a) { return read(H('c', i + ',' + S(args(a)))) },
    set: function () { return true },
  })
  nodeIds.set(p, i)
  return p
}

function invoke(i, payload) {
  try {
    const r = fns[i].apply(undefined, read(payload))
    if (r !== null && typeof r === 'object' && typeof r.then === 'function') {
      const id = ++promises
      P.resolve(r).then(
        function () { H('pr', S([id, true, null])) },
        function (e) { H('pr', S([id, false, info(e)])) })
      return 'v' + S({ [T]: 'P', i: id })
    }
    return 'v' + S(args([r])[0])
  } catch (e) {
    return 'e' + S(info(e))
  }
}
function settle(i, ok, payload) {
  const w = waits.get(i)
  if (!w) return
  waits.delete(i)
  if (ok) w[0](read(payload))
  else { try { read(payload) } catch (e) { w[1](e) } }
}
function track(p) {
  p.then(function () { st.main = 1 }, function (e) { st.main = 2; st.err = S(info(e)) })
}
// Globals are defined once per context, before any script: fixed ids, built on the host on first use.
const noop = function () {}
G.console = { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop }
const roots = Pa(ROOTS)
for (const k in roots) Object.defineProperty(G, k, { value: node(roots[k][0], roots[k][1] === 1), writable: true, configurable: true })
const aliases = { delta: 'svc', pm: 'alpha', bru: 'beta', pw: 'gamma' }
for (const k in aliases) Object.defineProperty(G, k, { value: G[aliases[k]], writable: true, configurable: true })
Object.defineProperty(G, 'expect', { value: expect, writable: true, configurable: true })
function init(phase) {
  if (phase === 'pre') G.res = null
}
`
