/**
 * Guest source for the resident context, appended to the core inside the same bootstrap function:
 * one context serves script after script, so nothing a script can change may outlive it.
 *
 * - Every intrinsic reachable from the global object, and the hidden ones (generator and async
 *   function constructors, iterator prototypes, %ThrowTypeError%), is frozen once.
 * - Freezing a prototype turns `obj.toString = f` on an ordinary object into a silent failure
 *   (the "override mistake"). For the names scripts commonly assign, the prototype's data
 *   property becomes an accessor whose setter defines an own property on the receiver instead.
 * - WeakRef and FinalizationRegistry are removed: a finalizer would run one script's code inside
 *   a later script. Scripts that name them run in a fresh context (see sandbox.ts).
 * - Every global (JSON, Math, ..., and the API roots: frozen proxies whose per-run members expire
 *   with each script) is made read-only. `reset()` puts the global object back as it was after
 *   bootstrap: every global a script added deleted, its prototype restored. It answers 0 when that is
 *   impossible (a non-configurable global was added, the global object was made non-extensible);
 *   the host then throws the context away.
 */
export const LOCKDOWN = String.raw`
L(); X()
delete G.WeakRef
delete G.FinalizationRegistry
const O = Object, gopd = O.getOwnPropertyDescriptor, defp = O.defineProperty, getp = O.getPrototypeOf
const own = Reflect.ownKeys, del = Reflect.deleteProperty, isExt = O.isExtensible, freeze = O.freeze
const OVERRIDE = new Set(['constructor', 'toString', 'toLocaleString', 'valueOf', 'name', 'message', 'toJSON',
  'hasOwnProperty', 'isPrototypeOf', 'propertyIsEnumerable'])
function overridable(o, k, d) {
  const get = function () { return d.value }
  const set = function (v) {
    if (this === o) throw new TypeError('Cannot assign to read only property \'' + String(k) + '\'')
    if (this === null || (typeof this !== 'object' && typeof this !== 'function')) return
    defp(this, k, { value: v, writable: true, enumerable: true, configurable: true })
  }
  // Made after the walk: frozen here, or they would carry data from one script to the next.
  for (const f of [get, set]) { freeze(f.prototype); freeze(f) }
  defp(o, k, { get: get, set: set, enumerable: d.enumerable, configurable: false })
}
function lock() {
  // One walk: the candidates for overridable() are noted on the way (not every key of every
  // intrinsic listed and described a second time), then every object is frozen.
  const seen = new Set([G]), todo = [G], over = []
  const add = function (v) {
    if (v !== null && (typeof v === 'object' || typeof v === 'function') && !seen.has(v)) { seen.add(v); todo.push(v) }
  }
  const gen = function* () {}, agen = async function* () {}
  const hidden = [gen, agen, async function () {}, gen(), agen(), [][Symbol.iterator](), new Map().entries(),
    new Set().values(), ''[Symbol.iterator](), 'a'.matchAll(/a/g), [].values().map(function (x) { return x }),
    Iterator.from({ next: function () { return { done: true } } }),
    gopd(function () { 'use strict'; return arguments }(), 'callee').get]
  for (let i = 0; i < hidden.length; i++) { add(hidden[i]); add(getp(hidden[i])) }
  while (todo.length > 0) {
    const o = todo.pop(), keys = own(o)
    add(getp(o))
    for (let i = 0; i < keys.length; i++) {
      const k = keys[i], d = gopd(o, k)
      if ('value' in d) {
        add(d.value)
        if (d.writable && d.configurable && o !== G && OVERRIDE.has(k)) over.push(o, k, d)
      } else { add(d.get); add(d.set) }
    }
  }
  seen.delete(G)
  for (let i = 0; i < over.length; i += 3) overridable(over[i], over[i + 1], over[i + 2])
  for (const o of seen) freeze(o)
}
// res is null in a pre-request script: an accessor on the phase, so every global can be fixed.
defp(G, 'res', { get: function () { return phase === 'pre' ? null : rootNodes.res }, set: noop, configurable: true })
compiled = new Map()
lock()
// The expect library decides passing assertions on primitives itself only here (guest/lib.ts).
bag.locked = true
// Every global (built-ins and the API roots, frozen by lock()) becomes read-only: after a script
// there is nothing to compare, only keys it added. They move to a frozen object between the global
// object and its prototype: names resolve the same way, and the global object itself keeps only
// what cannot move (undefined, NaN, Infinity), so reset() lists a handful of keys. QuickJS lists
// keys slowly: the 85 globals took 25-50 us per script, most of an empty script's cost.
const GP = O.create(getp(G))
for (const k of own(G)) {
  const d = gopd(G, k)
  if (!d.configurable) continue
  d.configurable = false
  if ('value' in d) d.writable = false
  defp(GP, k, d)
  del(G, k)
}
freeze(GP)
O.setPrototypeOf(G, GP)
const baseProto = getp(G), baseKeys = own(G), baseSet = new Set(baseKeys)
// Answers 1 when the context may serve the next script, 0 when it cannot (a number: the host
// reads it without converting a value).
function reset() {
  st.main = 0; st.err = ''; fns.length = 0; fnIds.clear(); waits.clear()
  if (!isExt(G)) return 0
  if (getp(G) !== baseProto) O.setPrototypeOf(G, baseProto)
  // Every global of the base is non-configurable: a script can add keys but never remove one,
  // so the same count means the same keys.
  const keys = own(G)
  carry = null
  if (keys.length !== baseKeys.length) {
    if (carryKey !== '') { carry = []; for (const k of keys) if (!baseSet.has(k) && typeof k === 'string') { const d = gopd(G, k); carry.push(k, 'value' in d ? d.value : undefined) } }
    for (const k of keys) if (!baseSet.has(k) && !del(G, k)) return 0
  }
  return 1
}
resetContext = reset
`
