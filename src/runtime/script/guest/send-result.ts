/**
 * The response a `pm.sendRequest` callback receives, built in the guest from the host's one
 * description of it (tag `R`, guest/lib.ts; api/bridge.ts `SendResult`): its code, status, time,
 * size, header pairs and body text. Reading `res.json()`, `res.code` or `res.headers.get(name)`
 * then costs no host call and no proxy. Each member answers what the host object it replaces
 * answered (the same joined headers object with `get`, `has` and `toObject` beside the values).
 * `json()` parses the text here when the host said the guest's JSON.parse gives what the codec
 * would carry (`d`); anything else (not JSON, nesting deeper than the codec, its tag key) asks
 * the host's `json` (`j`, an API function id), which answers or throws as before.
 * Methods, not function expressions: no `prototype` object, so no cycle outlives the script.
 */
export const SEND_RESULT = String.raw`(function (b) {
  'use strict'
  const hasOwn = Object.prototype.hasOwnProperty, define = Object.defineProperty
  function join(pairs) {
    const o = {}
    for (let i = 0; i < pairs.length; i++) {
      const k = pairs[i][0], v = pairs[i][1]
      o[k] = hasOwn.call(o, k) ? o[k] + ', ' + v : v
    }
    return o
  }
  function find(pairs, key) {
    const lower = String(key).toLowerCase(), out = []
    for (let i = 0; i < pairs.length; i++) if (pairs[i][0].toLowerCase() === lower) out.push(pairs[i][1])
    return out
  }
  return function (v) {
    const pairs = v.h, body = v.b, direct = v.d === 1, jsonId = v.j
    const headers = join(pairs)
    const list = {
      get(key) { const values = find(pairs, key); return values.length > 0 ? values.join(', ') : undefined },
      has(key, value) { const values = find(pairs, key); return value === undefined ? values.length > 0 : values.indexOf(String(value)) !== -1 },
      toObject() { return join(pairs) },
    }
    define(headers, 'get', { value: list.get })
    define(headers, 'has', { value: list.has })
    define(headers, 'toObject', { value: list.toObject })
    return {
      code: v.c,
      status: v.s,
      responseTime: v.t,
      responseSize: v.z,
      headers: headers,
      text() { return body },
      json() {
        if (direct) { try { return b.Pa(body) } catch (e) { /* the host words the failure */ } }
        return b.node(jsonId, true, false, '')()
      },
    }
  }
})`
