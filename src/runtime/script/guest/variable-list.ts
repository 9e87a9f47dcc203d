/**
 * Guest-built SDK objects the host describes by tag (guest/lib.ts): `V` a VariableList, `H` a
 * response Header, `L` an array as newman's sandbox gives it (with `.each`).
 *
 * A scope's `values` (`pm.environment.values`, ...) as newman's sandbox gives it: a VariableList
 * (postman-collection's PropertyList of Variable) with the list's read members, each answering
 * what the SDK answers. Built in the guest from the host's `[key, value]` pairs (tag `V`,
 * guest/lib.ts), so callbacks of `each`, `filter`, `map`, ... run without a host call. Every
 * array it answers (`members`, `all()`, `filter()`, `map()`) takes `.each`, which newman's
 * sandbox adds to every array (Sugar): collections write `values.filter(f).each(g)`.
 * Prototypes are frozen: no script's change to them reaches the next script.
 */
export const VARIABLE_LIST = String.raw`(function () {
  'use strict'
  const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k)
  // Sugar's Array#each: fn(item, index, array), stops when fn answers false; answers the array.
  const each = Object.freeze(function each(fn) {
    if (typeof fn === 'function') for (let i = 0; i < this.length; i++) if (fn.call(this, this[i], i, this) === false) break
    return this
  })
  const list = (a) => Object.defineProperty(a, 'each', { value: each, writable: true, configurable: true, enumerable: false })
  const same = (a, b) => {
    if (a === b || (a !== a && b !== b)) return true
    if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
    return Object.keys(b).every((k) => same(a[k], b[k]))
  }
  // lodash's iteratee shorthands, as the SDK passes its rule to _.filter / _.find / _.map.
  const rule = (r, self, ctx, bindAlways) => {
    if (typeof r === 'function') return bindAlways || (ctx !== null && typeof ctx === 'object') ? r.bind(ctx || self) : r
    if (Array.isArray(r)) return (m) => m != null && same(m[r[0]], r[1])
    if (r !== null && typeof r === 'object') return (m) => same(m, r)
    if (r === undefined || r === null) return (m) => m
    return (m) => (m == null ? undefined : m[r])
  }
  class Variable {
    constructor(key, value) { this.type = 'any'; this.value = value; this.key = key }
    get() { return typeof this.value === 'function' ? this.value() : this.value }
    set(value) { this.value = value }
    valueOf(value) { if (arguments.length) this.set(value); return this.get() }
    toString() {
      const v = this.valueOf()
      if (v === null) return 'null'
      return v !== undefined && typeof v.toString === 'function' ? v.toString() : ''
    }
    toJSON() { return { type: this.type, value: this.value, key: this.key } }
  }
  class VariableList {
    constructor(pairs) {
      this.members = list([])
      this.reference = {}
      for (const [key, value] of pairs) {
        const v = new Variable(key, value)
        this.members.push(v)
        this.reference[key] = v
      }
      this._postman_listIndexKey = 'key'
    }
    all() { return list(this.members.slice()) }
    one(id) { return own(this.reference, id) ? this.reference[id] : undefined }
    get(key) { const m = this.one(key); return m ? m.valueOf() : undefined }
    each(fn, ctx) { if (typeof fn === 'function') this.members.forEach(fn.bind(ctx || this)) }
    filter(r, ctx) { return list(this.members.filter(rule(r, this, ctx, false))) }
    find(r, ctx) { return this.members.find(rule(r, this, ctx, false)) }
    map(r, ctx) { return list(this.members.map(rule(r, this, ctx, true))) }
    reduce(fn, acc, ctx) { return this.members.reduce(fn.bind(ctx || this), acc) }
    count() { return this.members.length }
    idx(i) { return this.members[i] }
    // Each read of a scope's values builds a new list (newman's is the scope's own): a member of
    // an earlier read is found by its key and value.
    indexOf(item) {
      if (typeof item === 'string') item = this.one(item)
      const at = this.members.indexOf(item)
      return at > -1 || !(item instanceof Variable) ? at : this.members.findIndex((m) => m.key === item.key && same(m.value, item.value))
    }
    has(item, value) {
      const match = typeof item === 'string' ? this.one(item) : this.members.filter((m) => m === item)
      if (!match) return false
      if (arguments.length === 1) return Boolean(Array.isArray(match) ? match.length : match)
      return !Array.isArray(match) && match.valueOf() === value
    }
    toObject(excludeDisabled, caseSensitive, multiValue, sanitizeKeys) {
      const o = {}
      for (const m of this.members) {
        if (!m || !own(m, 'key') || (excludeDisabled && m.disabled) || (sanitizeKeys && !m.key)) continue
        if (multiValue && own(o, m.key)) { if (!Array.isArray(o[m.key])) o[m.key] = [o[m.key]]; o[m.key].push(m.valueOf()) }
        else o[m.key] = m.valueOf()
      }
      return o
    }
    toJSON() { return this.members.map((m) => m.toJSON()) }
    eachParent() {}
  }
  // A response header as postman-collection's Header (pm.response.headers' members, tag H).
  class Header {
    constructor(key, value) { this.key = key; this.value = value }
    toString() { return this.key + ': ' + this.value }
    valueOf() { return this.value }
    toJSON() { return { key: this.key, value: this.value } }
  }
  for (const C of [Variable, VariableList, Header]) { Object.freeze(C.prototype); Object.freeze(C) }
  return {
    variableList: (pairs) => new VariableList(pairs),
    header: (key, value) => new Header(key, value),
    list: list,
    rule: rule,
  }
})()`
