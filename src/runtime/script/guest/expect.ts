/**
 * The guest's `expect()`: a thin proxy over the host's chai (../host-assert.ts). Language chains
 * cost nothing; flags and methods are collected and sent with the next call, so
 * `expect(a).to.equal(b)` is one host call. Any other property (a property assertion such as
 * `.ok`) is sent when it is read, because chai asserts on reading it.
 */
export const EXPECT = String.raw`
function words(s) { return new Set(s.split(' ')) }
const CHAINS = words('to be been is that which and has have with at of same but does still also')
const FLAGS = words('not deep nested own ordered any all itself')
const DEFER = words('a an include includes contain contains length lengthOf equal equals eq eql eqls above gt greaterThan least gte greaterThanOrEqual below lt lessThan most lte lessThanOrEqual within instanceof instanceOf property ownProperty haveOwnProperty match matches string keys key throw throws Throw respondTo satisfy satisfies closeTo approximately members oneOf status header body jsonBody jsonSchema responseTime responseSize')
let chains = 0
function expect(value, message) {
  return assertion({ c: ++chains, v: value, msg: message }, undefined, [], false)
}
const assertions = new WeakSet()
function assertion(chain, h, path, callable) {
  const p = new Proxy(function () {}, {
    get: function (t, p) {
      if (typeof p !== 'string' || p === 'then') return undefined
      if (CHAINS.has(p)) return assertion(chain, h, path, false)
      const next = path.concat([p])
      if (FLAGS.has(p)) return assertion(chain, h, next, false)
      if (DEFER.has(p)) return assertion(chain, h, next, true)
      return flush(chain, h, next, undefined)
    },
    apply: function (t, self, args) {
      if (!callable) throw new TypeError((path[path.length - 1] || 'expect(...)') + ' is not a function')
      return flush(chain, h, path, args)
    },
    set: function () { return true },
  })
  assertions.add(p)
  return p
}
function flush(chain, h, path, args) {
  // Objects are numbered per flush: identity holds within one call (expect(a).to.equal(a)).
  const q = { c: chain.c, p: path }, seen = { m: new Map(), n: 0 }
  if (h === undefined) {
    q.v = enc(chain.v, seen, 0)
    if (chain.msg !== undefined) q.m = String(chain.msg)
  } else q.h = h
  if (args) q.a = encArgs(args, seen)
  return call('x', q)
}
`
