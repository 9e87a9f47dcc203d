/**
 * The guest bootstrap's core, compiled in every fresh context. QuickJS compiles guest source at
 * roughly 0.15-0.5 ms per KB, so this part stays small: the bridge to the host, proxies for host
 * API objects, and a fast path for primitive values. The full codec and `expect` (guest/lib.ts)
 * are compiled only by scripts that need them. Host answers start with one letter:
 *   ''  undefined    s<text>  a string as is  j<json>  plain JSON   v<json>  tagged JSON (the codec)
 *   n<id>,<fn>,<cache>,<pure>[,<values>]  API proxy    w<id>  promise    a<chain>,<handle>,<fn>  assertion
 *   x  the guest's expect            T  the guest's test        e<json>  an error to throw
 */
export const CORE = String.raw`
const G = globalThis, H = G.__host, E = G.eval
delete G.__host
const S = JSON.stringify, Pa = JSON.parse, P = Promise, T = '\u0000t'
// newman's JSON.parse: a failure is a JSONError whose message the host words as newman's parser
// does (json-error.ts: the first problem, where it is, the line and a caret). The core keeps Pa.
Object.defineProperty(JSON, 'parse', { value: { parse(text, reviver) {
  try { return Pa(text, reviver) } catch (e) {
    if (!(e instanceof SyntaxError)) throw e
    const x = new Error(H('J', text === undefined ? 'u' : 's' + String(text)))
    x.name = 'JSONError'
    throw x
  }
} }.parse, writable: true, configurable: true, enumerable: false })
const ERR = { Error: Error, TypeError: TypeError, RangeError: RangeError, SyntaxError: SyntaxError, ReferenceError: ReferenceError }
// Built-in constructors go through the codec (sent by name: instanceOf(Date), throw(TypeError)).
const ERRS = new Set([Error, TypeError, RangeError, SyntaxError, ReferenceError, EvalError, URIError, Date, Array, Object, Map, Set, RegExp, Number, String, Boolean, Promise])
const st = { main: 0, err: '', tr: [], intest: 0 }
const nodeIds = new WeakMap(), fns = [], fnIds = new Map(), waits = new Map()
let lib = null, xlib = null, promises = 0, expect = null
const bag = { X: X, isAssertion: isAssertion, args: args, ERR: ERR, mkErr: mkErr, H: H, S: S, Pa: Pa, P: P, T: T, nodeIds: nodeIds, fnIds: fnIds, fns: fns, waits: waits, node: node, wait: wait, read: read }
function L() { return lib || (lib = E(H('L', ''))(bag)) }
function X() { return xlib || (xlib = E(H('X', ''))(bag)) }
function isAssertion(v) { return xlib !== null && xlib.isAssertion(v) }

function read(r) {
  if (r === '') return undefined
  const c = r[0], s = r.slice(1)
  if (c === 's') return s
  if (c === 'j') return Pa(s)
  if (c === 'n') { const p = s.split(',', 5); return node(+p[0], p[1] === '1', p[3] === '1', p.length === 5 ? s.slice(p[0].length + p[1].length + p[2].length + p[3].length + 4) : '') }
  if (c === 'w') return wait(+s)
  if (c === 'x') return expect
  if (c === 'T') return test
  if (c === 'a') { const p = s.split(','); return X().assertion({ c: +p[0] }, +p[1], [], p[2] === '1') }
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
// QuickJS's bare 'not a function' gets the script position of the call (after U+0002); the
// host reads the callee's text there and words it as V8 does (callee.ts); so do a keyless read
// of undefined or null and a read-only binding (access-wording.ts).
function infoAt(e) {
  const i = info(e)
  if (i.n === 'TypeError' && (i.m === 'not a function' || i.m === 'cannot read property of undefined' || i.m === 'cannot read property of null' || / is read-only$/.test(i.m))) {
    const f = /^\s*at [^\n]*\(<input>:(\d+):(\d+)\)/.exec(String(e.stack))
    if (f !== null) i.m += '\u0002' + f[1] + ':' + f[2]
  }
  return i
}
// The sync test of svc, alpha and gamma: the function runs here and the result is appended to
// st.tr ([name, error] each), which the host reads as JSON after the script or before its own
// tests: one JSON.stringify for all of a script's tests, not one per test.
// Scripts see it through a proxy over a frozen target, like a host member: nothing set on it
// outlives the script, and it has no members (no constructor) besides its name and length.
function runTest(name, fn) {
  const title = typeof name === 'string' ? name : String(name)
  let error = null
  if (typeof fn !== 'function') error = 'The test has no function'
  else {
    st.intest++
    try { fn() } catch (e) { const i = infoAt(e); error = i.n === 'AssertionError' || i.n === '' ? i.m : i.n + ': ' + i.m }
    st.intest--
  }
  const tr = st.tr
  tr[tr.length] = [title, error]
}
// \`test.skip(name, fn)\`: as in newman, the function does not run and no result is recorded.
const skip = Object.freeze({ skip(name, fn) {} }.skip)
const test = new Proxy(Object.freeze({ test(name, fn) {} }.test), {
  get: function (t, k) { return k === 'name' || k === 'length' ? t[k] : k === 'skip' ? skip : undefined },
  set: function () { return true },
  apply: function (t, self, a) { runTest(a[0], a[1]) },
})
bag.test = test
function wait(i) { return new P(function (ok, no) { waits.set(i, [ok, no]) }) }

// Arguments: primitives and functions inline; anything else through the codec.
function args(a) {
  // Strings, booleans and finite numbers (what most calls pass) are their own JSON: no copy.
  let k = 0
  for (; k < a.length; k++) { const t = typeof a[k]; if (!(t === 'string' || t === 'boolean' || (t === 'number' && isFinite(a[k]) && !Object.is(a[k], -0)))) break }
  if (k === a.length) return a
  const out = []
  for (let k = 0; k < a.length; k++) {
    const v = a[k], t = typeof v
    if (t === 'string' || t === 'boolean' || v === null || (t === 'number' && isFinite(v) && !Object.is(v, -0))) out.push(v)
    else if (t === 'undefined') out.push({ [T]: 'u' })
    // An assertion chain is an object to chai (\`expect(pm.request.to).to.be.an('object')\`).
    else if ((t === 'function' || (t === 'object' && v !== null)) && isAssertion(v)) out.push(t === 'object' ? {} : { [T]: 'u' })
    else if (t === 'function' && !nodeIds.has(v) && !(lib && lib.special(v)) && !ERRS.has(v)) {
      let i = fnIds.get(v)
      if (i === undefined) { i = fns.length; fns.push(v); fnIds.set(v, i) }
      out.push({ [T]: 'f', i: i, n: '' })
    } else return L().encArgs(a)
  }
  return out
}
// A member the host marks '!' (a lasting namespace's member, guest/README) is kept for the
// context's life; other API members only until the next script begins (their ids are per run),
// and only when the host allows: API objects marked stable (n<id>,<fn>,1,..) and values marked
// '~' (a response's code, ...). The target has no own properties and is frozen: nothing can be
// stored on a node that lasts. Ids from 64 below RUN are the sandbox's lasting objects: one
// proxy each, kept with its cache. A pure function (n<id>,<fn>,<stable>,1) keeps the answer
// text per argument list for the run and reads it again for each call (fresh objects each time).
// 'o' and 'O' (a response view's to and not) start a guest expect chain on the node itself.
const RUN = 1048576, lastingNodes = new Map(), seeds = new Map()
// A response view comes with its values for the run (n<id>,<fn>,<stable>,<pure>,<json>): each is
// kept as if it had been read, until the next script begins, and so are its to and not.
function node(i, f, pure, values) {
  const known = i >= 64 && i < RUN ? lastingNodes.get(i) : undefined
  if (known !== undefined) { if (values) seeds.get(i)(values); return known }
  let cache = null, calls = null, callsGen = -1
  if (i >= 64 && i < RUN) seeds.set(i, function (text) {
    const o = Pa(text)
    if (cache === null) cache = new Map()
    for (const k in o) cache.set(k, { v: o[k], g: gen })
    // What the host answers for a response view's to and not while there is a response.
    cache.set('to', { o: 'o', g: gen })
    cache.set('not', { o: 'O', g: gen })
  })
  if (values) seeds.get(i)(values)
  const t = f ? { f() {} }.f : {}
  if (f) { delete t.name; delete t.length }
  const p = new Proxy(Object.freeze(t), {
    get: function (t, k, self) {
      if (typeof k !== 'string' || k === 'then') return undefined
      const e = cache === null ? undefined : cache.get(k)
      if (e !== undefined && (e.g < 0 || e.g === gen)) return e.o === undefined ? e.v : view(self, e.o)
      let r = H('g', i + ',' + k), g = gen, keep
      if (r[0] === '!') { r = r.slice(1); g = -1; keep = true }
      else if (r[0] === '~') { r = r.slice(1); keep = true }
      else if (r[0] === 'n') keep = r.split(',')[2] === '1'
      else if (r === 'o' || r === 'O') { (cache || (cache = new Map())).set(k, { o: r, g: gen }); return view(self, r) }
      else keep = r === 'x' || r === 'T'
      const v = read(r)
      if (keep) (cache || (cache = new Map())).set(k, { v: v, g: g })
      return v
    },
    apply: function (t, self, a) {
      const q = a.length === 0 ? i + ',[]' : i + ',' + S(args(a))
      if (!pure) return read(H('c', q))
      if (callsGen !== gen) { calls = new Map(); callsGen = gen }
      let r = calls.get(q)
      if (r === undefined) { r = H('c', q); calls.set(q, r) }
      return read(r)
    },
    set: function () { return true },
  })
  nodeIds.set(p, i)
  if (i >= 64 && i < RUN) lastingNodes.set(i, p)
  return p
}

// The view is the object read (the node itself, or one that inherits from it). The node's traps
// never refer to the node: a cycle would keep each run's nodes until QuickJS's cycle collector
// runs, and each run of it walks the whole resident context.
function view(self, r) { const x = X().expectView(self); return r === 'o' ? x : x.not }

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
  p.then(function () { st.main = 1 }, function (e) { st.main = 2; st.err = S(infoAt(e)) })
}
// The interrupt handler only runs between bytecodes, so a loop of huge native calls (a
// megabyte-long repeat per turn) could run far past the time limit. Above a size these natives
// ask the host first, which refuses once the deadline has passed; the loop then spins fast
// enough for the interrupt to stop it.
const apply = Reflect.apply, isArr = Array.isArray, BIG = 65536
function guard(o, k, size) {
  const f = o[k]
  const g = { [k]: function () { if (size(this, arguments) > BIG) read(H('t', '')); return apply(f, this, arguments) } }[k]
  Object.defineProperty(g, 'length', { value: f.length })
  Object.defineProperty(o, k, { value: g, writable: true, configurable: true })
}
const count = function (s, a) { return +a[0] || 0 }
guard(String.prototype, 'repeat', function (s, a) { return typeof s === 'string' ? s.length * (+a[0] || 0) : 0 })
guard(String.prototype, 'padStart', count)
guard(String.prototype, 'padEnd', count)
guard(Array.prototype, 'join', function (s) { return isArr(s) ? s.length : 0 })
guard(Array.prototype, 'fill', function (s) { return isArr(s) ? s.length : 0 })
guard(Array, 'from', function (s, a) { const x = a[0]; return x !== null && typeof x === 'object' && typeof x.length === 'number' ? x.length : 0 })
guard(Array.prototype, 'concat', function (s, a) { let n = isArr(s) ? s.length : 0; for (let i = 0; i < a.length; i++) if (isArr(a[i])) n += a[i].length; return n })
// The memory limit does not see ArrayBuffer storage (it grows the wasm memory itself), so large
// buffers are counted by the host against the same limit.
for (const k of ['ArrayBuffer', 'Int8Array', 'Uint8Array', 'Uint8ClampedArray', 'Int16Array', 'Uint16Array', 'Int32Array', 'Uint32Array', 'Float16Array', 'Float32Array', 'Float64Array', 'BigInt64Array', 'BigUint64Array']) {
  const C = G[k], unit = C.BYTES_PER_ELEMENT || 1
  if (typeof C !== 'function') continue
  G[k] = new Proxy(C, { construct: function (t, a, nt) {
    const x = a[0], n = typeof x === 'number' ? x * unit : x !== null && typeof x === 'object' && typeof x.length === 'number' ? x.length * unit : 0
    if (n > BIG) read(H('m', String(n)))
    return Reflect.construct(t, a, nt)
  } })
}
// A resource error in a promise reaction (QuickJS's InternalError: out of memory, string too
// long, stack overflow) would only reject a promise nobody reads, and a runaway chain would end
// as if nothing happened: it becomes the script's error. catch and finally go through then.
const then0 = P.prototype.then, IE = G.InternalError
function reaction(f) {
  if (typeof f !== 'function') return f
  return function (v) {
    try { return f(v) } catch (e) {
      if (st.err === '' && e instanceof IE) { try { st.err = S(info(e)) } catch (x) { st.err = '{"n":"InternalError","m":"out of memory"}' } }
      throw e
    }
  }
}
Object.defineProperty(P.prototype, 'then', { value: { then(a, b) { return apply(then0, this, [reaction(a), reaction(b)]) } }.then, writable: true, configurable: true })
// The script's globals: fixed ids, built on the host on first use. Members of the lasting
// namespaces stay cached; any other member expires when the next script begins (begin() bumps the
// generation), because its id is only valid for its run.
const noop = function () {}
const roots = Pa(ROOTS)
const aliases = { delta: 'svc', pm: 'alpha', bru: 'beta', pw: 'gamma' }
let gen = 0, phase = 'post'
const rootNodes = {}
for (const k in roots) rootNodes[k] = node(roots[k][0], roots[k][1] === 1)
expect = function expect(v, m) { return X().expect(v, m) }
function put(k, v) { Object.defineProperty(G, k, { value: v, writable: true, configurable: true }) }
put('console', { log: noop, info: noop, warn: noop, error: noop, debug: noop, trace: noop })
for (const k in roots) put(k, rootNodes[k])
for (const k in aliases) put(k, rootNodes[aliases[k]])
// The global test (Bruno's, whose function may return a promise to be awaited): a function that
// returns no promise runs here like svc's test (runTest); a promise goes to the host's test,
// which awaits it. A host test costs a call out and a nested call back in (about 0.14 ms).
const hostTest = rootNodes.test
function awaitedTest(name, fn) {
  if (typeof fn !== 'function') return hostTest(name, fn)
  let r, error = null
  st.intest++
  try { r = fn() } catch (e) { const i = infoAt(e); error = i.n === 'AssertionError' || i.n === '' ? i.m : i.n + ': ' + i.m }
  st.intest--
  if (error === null && r !== null && typeof r === 'object' && typeof r.then === 'function') return hostTest(name, function () { return r })
  const tr = st.tr
  tr[tr.length] = [typeof name === 'string' ? name : String(name), error]
}
put('test', new Proxy(Object.freeze({ test(name, fn) {} }.test), {
  get: function (t, k) { return k === 'name' || k === 'length' ? t[k] : undefined },
  set: function () { return true },
  apply: function (t, self, a) { awaitedTest(a[0], a[1]) },
}))
put('expect', expect)
function begin(p) {
  st.main = 0; st.err = ''; st.tr = []; st.intest = 0; gen++; phase = p
  G.res = p === 'pre' ? null : rootNodes.res
}
// The script runs in a function scope (its top-level declarations stay its own) through an
// indirect eval: even source that closes the wrapper early cannot declare global lexical bindings.
// The resident context keeps compiled scripts (lockdown sets compiled): only a wrapper that
// spans the whole source, frozen, since every run of that script shares it.
let compiled = null
const fnText = Function.prototype.call.bind(Function.prototype.toString)
// The host reads the run's state in one call: main, intest, err and the tests run since the
// last read (JSON escapes control characters, so \u0001 cannot occur inside err or tr).
function status() {
  const t = st.tr
  if (t.length > 0) st.tr = []
  return st.main + '\u0001' + st.intest + '\u0001' + st.err + '\u0001' + (t.length === 0 ? '' : S(t).slice(1, -1))
}
// The one hand-over that starts a script (the host's one string, read without JSON):
//   h[0] '1' when the source is async-wrapped; h[1] 'p' pre-request, 'q' post-response;
//   h[2] '1' when the resident context must first be reset after the previous script;
//   h[3] '1' when the source follows, '0' when only its id does (sent before to this context);
//   then the run key up to U+0001, the source's id up to U+0002 (none: do not keep it), then the
//   source (when h[3] is '1').
// Begins the run, runs the script and answers with status(), or U+0003 alone when the reset
// failed (the host then throws the context away and runs the script in another), or U+0004
// alone, before anything ran, when only an id came and no compiled script is kept under it (the
// host then sends the source).
// Implicit globals (\`leaked = 5\`) carry to the next script of the same collection run, as in
// newman: the resident context's reset() keeps what a script added under the run's key, and the
// next script with that key gets those globals back. Another key (another run, or none) drops them.
let carryKey = '', carry = null, resetContext = null
const defineOwn = Object.defineProperty
function exec(h) {
  if (h[2] === '1' && resetContext !== null && resetContext() === 0) return '\u0003'
  const cut = h.indexOf('\u0001'), cut2 = h.indexOf('\u0002', cut), id = h.slice(cut + 1, cut2)
  let f = compiled === null || id === '' ? undefined : compiled.get(id)
  if (f === undefined) { if (h[3] === '0') return '\u0004' }
  // The most recently run last (a Map keeps insertion order): the oldest goes first when full.
  else if (compiled.size > 1) { compiled.delete(id); compiled.set(id, f) }
  const key = h.slice(4, cut), wrapped = h[0] === '1'
  begin(h[1] === 'p' ? 'pre' : 'post')
  if (key !== carryKey) { carry = null; carryKey = key }
  else if (carry !== null) for (let i = 0; i < carry.length; i += 2) defineOwn(G, carry[i], { value: carry[i + 1], writable: true, enumerable: true, configurable: true })
  if (f === undefined) {
    const src = h.slice(cut2 + 1), head = wrapped ? 'async function () {' : 'function () {'
    f = E('(' + head + src + '\n})')
    if (compiled !== null && id !== '' && src.length < 65536 && typeof f === 'function' && fnText(f) === head + src + '\n}') {
      Object.freeze(f)
      if (f.prototype) Object.freeze(f.prototype)
      if (compiled.size >= 64) compiled.delete(compiled.keys().next().value)
      compiled.set(id, f)
    }
  }
  const r = f.call(G)
  if (wrapped) track(P.resolve(r))
  else st.main = 1
  return status()
}
`
