/**
 * Postman's RequestAuth for the guest's `pm.request` (guest/pm-sdk.ts, which splices this source
 * into its own scope: `hide`, `touch`, `PropertyList` and `VARIABLE` are its). `type`, one
 * VariableList of parameters per type, `parameters()`, `update(options, type)`,
 * `use(type, options)`, `clear(type)`, and `current()` throwing as the SDK's does. A change in a
 * pre-request script is sent to the host with the rest of the request (api/pm-request-auth.ts).
 */
export const AUTH_SDK =
  String.raw`
  const authType = (type) => typeof type === 'string' && type !== 'type'
  const assimilate = (list, options) => {
    const pairs = options instanceof PropertyList ? options.members.map((m) => ({ key: m.key, value: m.value }))
      : Array.isArray(options) ? options.filter((o) => o && typeof o === 'object')
      : Object.keys(options).map((key) => ({ key, value: options[key] }))
    for (const { key, value } of pairs) {
      const existing = list.one(key)
      if (existing) existing.update({ value })
      else list.add({ key, value })
    }
  }
  class RequestAuth {
    constructor(o) {
      o = o && typeof o === 'object' ? o : {}
      this.type = o.type
      for (const k of Object.keys(o)) if (k !== 'type' && Array.isArray(o[k])) this[k] = new PropertyList(VARIABLE, o[k])
      // Its type's parameters are a list even when it has none (noauth).
      if (authType(this.type) && !(this[this.type] instanceof PropertyList)) this[this.type] = new PropertyList(VARIABLE, [])
    }
    parameters() { return this[this.type] }
    current() { throw new Error('` +
  '`Request#current`' +
  String.raw` has been discontinued, use ` +
  '`Request#parameters`' +
  String.raw` instead.') }
    update(options, type) {
      if (options === null || typeof options !== 'object') return
      if (!type) type = this.type
      if (!authType(type)) return
      if (!(this[type] instanceof PropertyList)) this[type] = new PropertyList(VARIABLE, [])
      assimilate(this[type], options)
      touch()
    }
    use(type, options) {
      if (!authType(type)) return
      this.type = type
      if (!(this[type] instanceof PropertyList)) this[type] = new PropertyList(VARIABLE, [])
      if (options !== null && typeof options === 'object') assimilate(this[type], options)
      touch()
    }
    clear(type) {
      if (!authType(type) || !(this[type] instanceof PropertyList)) return
      this[type].clear()
      if (type !== this.type) delete this[type]
      touch()
    }
    toJSON() {
      // The type in use first, then the others' parameters, as newman shows them.
      const o = { type: this.type }
      if (this[this.type] instanceof PropertyList) o[this.type] = this[this.type].toJSON()
      for (const k of Object.keys(this)) if (this[k] instanceof PropertyList && k !== this.type) o[k] = this[k].toJSON()
      return o
    }
  }
  for (const k of ['parameters', 'current', 'update', 'use', 'clear', 'toJSON']) hide(RequestAuth.prototype, k, RequestAuth.prototype[k])
  const makeAuth = (o) => {
    const auth = new RequestAuth(o)
    return new Proxy(auth, { set(t, k, v) { t[k] = v; touch(); return true } })
  }
`
