// Node's `assert` module: the checks scripts use, failing with an AssertionError that carries
// actual, expected, operator and code 'ERR_ASSERTION' as Node's does.
import util from 'util'

// Node's wording for the common cases; other checks say `actual operator expected`.
function generatedMessage({ actual, expected, operator }) {
  const a = util.inspect(actual)
  const b = util.inspect(expected)
  if (operator === 'strictEqual') return `Expected values to be strictly equal:\n\n${a} !== ${b}\n`
  if (operator === 'notStrictEqual') return `Expected "actual" to be strictly unequal to: ${b}`
  if (operator === 'deepStrictEqual') return `Expected values to be strictly deep-equal:\n\n${a} !== ${b}\n`
  if (operator === 'deepEqual')
    return `Expected values to be loosely deep-equal:\n\n${a}\n\nshould loosely deep-equal\n\n${b}`
  return `${a} ${operator} ${b}`
}

class AssertionError extends Error {
  constructor(options) {
    const generated = options.message === undefined
    super(generated ? generatedMessage(options) : String(options.message))
    this.name = 'AssertionError'
    this.code = 'ERR_ASSERTION'
    this.actual = options.actual
    this.expected = options.expected
    this.operator = options.operator
    this.generatedMessage = generated
  }
}

function fail(actual, expected, message, operator) {
  if (message instanceof Error) throw message
  throw new AssertionError({ actual, expected, message, operator })
}

function isDeep(a, b, strict, seen) {
  if (strict ? Object.is(a, b) : a == b || (a !== a && b !== b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (strict && Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false
  if (a instanceof Date && b instanceof Date) return a.getTime() === b.getTime()
  if (a instanceof RegExp && b instanceof RegExp) return String(a) === String(b)
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (seen.has(a)) return seen.get(a) === b
  seen.set(a, b)
  if (a instanceof Map && b instanceof Map) {
    if (a.size !== b.size) return false
    for (const [k, v] of a) if (!b.has(k) || !isDeep(v, b.get(k), strict, seen)) return false
    return true
  }
  if (a instanceof Set && b instanceof Set) {
    if (a.size !== b.size) return false
    for (const v of a) if (!b.has(v)) return false
    return true
  }
  const keysA = Object.keys(a)
  const keysB = Object.keys(b)
  if (keysA.length !== keysB.length) return false
  for (const k of keysA) {
    if (!Object.prototype.hasOwnProperty.call(b, k) || !isDeep(a[k], b[k], strict, seen)) return false
  }
  return true
}

function ok(value, message) {
  if (arguments.length === 0) fail(value, true, 'No value argument passed to `assert.ok()`', '==')
  if (!value) fail(value, true, message, '==')
}

function matches(error, expected) {
  if (expected === undefined) return true
  if (expected instanceof RegExp) return expected.test(String(error))
  if (typeof expected === 'function') {
    if (expected.prototype !== undefined && error instanceof expected) return true
    if (Error.isPrototypeOf(expected)) return false
    return expected(error) === true
  }
  if (typeof expected === 'object' && expected !== null) {
    return Object.keys(expected).every((k) =>
      expected[k] instanceof RegExp
        ? expected[k].test(error[k])
        : isDeep(error[k], expected[k], true, new Map()),
    )
  }
  return true
}

const assert = Object.assign((value, message) => ok(value, message), {
  AssertionError,
  ok,
  fail: (message = 'Failed') => fail(undefined, undefined, message, 'fail'),
  equal: (a, b, message) => a == b || (a !== a && b !== b) || fail(a, b, message, '=='),
  notEqual: (a, b, message) => a != b || fail(a, b, message, '!='),
  strictEqual: (a, b, message) => Object.is(a, b) || fail(a, b, message, 'strictEqual'),
  notStrictEqual: (a, b, message) => !Object.is(a, b) || fail(a, b, message, 'notStrictEqual'),
  deepEqual: (a, b, message) => isDeep(a, b, false, new Map()) || fail(a, b, message, 'deepEqual'),
  notDeepEqual: (a, b, message) => !isDeep(a, b, false, new Map()) || fail(a, b, message, 'notDeepEqual'),
  deepStrictEqual: (a, b, message) => isDeep(a, b, true, new Map()) || fail(a, b, message, 'deepStrictEqual'),
  notDeepStrictEqual: (a, b, message) =>
    !isDeep(a, b, true, new Map()) || fail(a, b, message, 'notDeepStrictEqual'),
  match: (text, pattern, message) => pattern.test(text) || fail(text, pattern, message, 'match'),
  doesNotMatch: (text, pattern, message) =>
    !pattern.test(text) || fail(text, pattern, message, 'doesNotMatch'),
  ifError: (value) => {
    if (value !== null && value !== undefined) throw value
  },
  throws(fn, expected, message) {
    if (typeof expected === 'string') [message, expected] = [expected, undefined]
    try {
      fn()
    } catch (error) {
      if (!matches(error, expected)) throw error
      return
    }
    fail(undefined, expected, message || 'Missing expected exception.', 'throws')
  },
  doesNotThrow(fn, _expected, message) {
    try {
      fn()
    } catch (error) {
      fail(
        error,
        undefined,
        message || `Got unwanted exception.\nActual message: "${error && error.message}"`,
        'doesNotThrow',
      )
    }
  },
})
assert.strict = assert

export default assert
