/**
 * `pm.cookies` as newman's sandbox gives it: postman-collection's CookieList (a PropertyList of
 * Cookie, indexed by name without regard to case, a name may be listed more than once) with
 * `jar()`. Built in the guest from the host's cookies (tag `C`, guest/lib.ts), so `each`, `filter`,
 * `map` run their callbacks without a host call; tag `K` is one Cookie (a jar callback's value).
 * A cookie's fields are what newman's sandbox sees after its JSON boundary: `expires` a Date or
 * null, `maxAge` 0 when the server gave none, `value` URI-encoded (`valueOf()` decodes it).
 * `h` is the helpers of guest/variable-list.ts (`list`, `rule`).
 */
export const COOKIE_LIST = String.raw`(function (h) {
  'use strict'
  const own = (o, k) => Object.prototype.hasOwnProperty.call(o, k)
  const encoded = (v) => {
    let s = String(v)
    try { s = decodeURIComponent(s) } catch (e) {}
    try { return encodeURIComponent(s) } catch (e) { return s }
  }
  class Cookie {
    constructor(o) {
      this.name = o.name
      this.expires = o.expires === null ? null : new Date(o.expires)
      this.maxAge = o.maxAge || 0
      this.domain = o.domain
      this.path = o.path
      this.secure = o.secure
      this.httpOnly = o.httpOnly
      this.hostOnly = o.hostOnly
      if (o.value) this.value = encoded(o.value)
    }
    valueOf() { try { return decodeURIComponent(this.value) } catch (e) { return this.value } }
    toString() {
      const value = this.value === undefined || this.value === null ? '' : this.value
      let s = this.name ? this.name + '=' + value : value
      if (this.expires instanceof Date && !isNaN(this.expires.getTime())) s += '; Expires=' + this.expires.toUTCString()
      if (this.maxAge && this.maxAge !== Infinity) s += '; Max-Age=' + this.maxAge
      if (this.domain && !this.hostOnly) s += '; Domain=' + this.domain
      if (this.path) s += '; Path=' + this.path
      if (this.secure) s += '; Secure'
      if (this.httpOnly) s += '; HttpOnly'
      return s
    }
  }
  const unparse = (c) => (c.name ? c.name + '=' : '') + (c.value === undefined || c.value === null ? '' : c.value)
  class CookieList {
    constructor(cookies, jar) {
      this.members = h.list([])
      this.reference = {}
      this._postman_listIndexKey = 'name'
      this._postman_listIndexCaseInsensitive = true
      this._postman_listAllowsMultipleValues = true
      for (const c of cookies) {
        const cookie = new Cookie(c)
        this.members.push(cookie)
        if (!cookie.name) continue
        const key = String(cookie.name).toLowerCase()
        if (!own(this.reference, key)) this.reference[key] = cookie
        else if (Array.isArray(this.reference[key])) this.reference[key].push(cookie)
        else this.reference[key] = [this.reference[key], cookie]
      }
      if (jar) this.jar = jar
    }
    all() { return h.list(this.members.slice()) }
    one(id) {
      const key = String(id).toLowerCase()
      const found = own(this.reference, key) ? this.reference[key] : undefined
      return Array.isArray(found) ? found[found.length - 1] : found
    }
    get(key) { const m = this.one(key); return m ? m.valueOf() : undefined }
    each(fn, ctx) { if (typeof fn === 'function') this.members.forEach(fn.bind(ctx || this)) }
    filter(r, ctx) { return h.list(this.members.filter(h.rule(r, this, ctx, false))) }
    find(r, ctx) { return this.members.find(h.rule(r, this, ctx, false)) }
    map(r, ctx) { return h.list(this.members.map(h.rule(r, this, ctx, true))) }
    reduce(fn, acc, ctx) { return this.members.reduce(fn.bind(ctx || this), acc) }
    count() { return this.members.length }
    idx(i) { return this.members[i] }
    indexOf(item) { return this.members.indexOf(typeof item === 'string' ? this.one(item) : item) }
    has(item, value) {
      const key = typeof item === 'string' ? item.toLowerCase() : null
      const match = key !== null ? (own(this.reference, key) ? this.reference[key] : undefined) : this.members.filter((m) => m === item)
      if (!match) return false
      if (arguments.length === 1) return Boolean(Array.isArray(match) ? match.length : match)
      if (Array.isArray(match)) return match.some((m) => m.valueOf() === value)
      return match.valueOf() === value
    }
    toObject(excludeDisabled, caseSensitive) {
      const o = {}
      for (const m of this.members) {
        if (!m || !own(m, 'name') || (excludeDisabled && m.disabled)) continue
        const key = caseSensitive ? m.name : String(m.name).toLowerCase()
        if (own(o, key)) { if (!Array.isArray(o[key])) o[key] = [o[key]]; o[key].push(m.valueOf()) }
        else o[key] = m.valueOf()
      }
      return o
    }
    toString() { return this.members.map(unparse).join('; ') }
    toJSON() { return this.members.map((m) => JSON.parse(JSON.stringify(m))) }
    eachParent() {}
  }
  for (const C of [Cookie, CookieList]) { Object.freeze(C.prototype); Object.freeze(C) }
  return {
    cookieList: (cookies, jar) => new CookieList(cookies, jar),
    cookie: (c) => new Cookie(c),
  }
})`
