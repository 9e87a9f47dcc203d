// `require('chai')`: the sandbox's own `expect` (chai on the host), and an `assert` over it for
// the common checks, so scripts written for Bruno or Postman that require chai run unchanged.
/* global expect */
const check = (value, message) => expect(value, message)

// chai's property assertions are getters: reading one runs the check.
/* eslint-disable @typescript-eslint/no-unused-expressions */
function assert(value, message) {
  check(value, message).to.be.ok
}
Object.assign(assert, {
  ok: (value, message) => check(value, message).to.be.ok,
  isOk: (value, message) => check(value, message).to.be.ok,
  notOk: (value, message) => check(value, message).to.not.be.ok,
  isTrue: (value, message) => check(value, message).to.be.true,
  isFalse: (value, message) => check(value, message).to.be.false,
  equal: (a, b, message) => check(a, message).to.equal(b),
  strictEqual: (a, b, message) => check(a, message).to.equal(b),
  notEqual: (a, b, message) => check(a, message).to.not.equal(b),
  deepEqual: (a, b, message) => check(a, message).to.deep.equal(b),
  include: (a, b, message) => check(a, message).to.include(b),
  isDefined: (value, message) => check(value, message).to.not.be.undefined,
  isUndefined: (value, message) => check(value, message).to.be.undefined,
  isNull: (value, message) => check(value, message).to.be.null,
  exists: (value, message) => check(value, message).to.exist,
  typeOf: (value, type, message) => check(value, message).to.be.a(type),
  lengthOf: (value, n, message) => check(value, message).to.have.lengthOf(n),
  match: (value, pattern, message) => check(value, message).to.match(pattern),
  fail: (message = 'assert.fail()') => {
    throw new Error(message)
  },
})

export default { expect: (value, message) => expect(value, message), assert }
