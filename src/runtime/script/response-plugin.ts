/**
 * Response assertions on the host's chai (spec 4.5 and the Postman vocabulary): status classes,
 * named statuses, status/header/body/jsonBody/jsonSchema, responseTime and responseSize. Each one
 * applies only to a HostResponse and leaves chai's own meaning alone for any other value.
 */
import { Validator, type Schema } from '@cfworker/json-schema'
import { HostResponse } from './host-response.ts'
import { NAMED_STATUSES, OK_RANGE, STATUS_CLASSES } from './status-classes.ts'

/** The part of a chai Assertion the plugin uses (chai's own typings are looser than this). */
interface Assertion {
  assert(pass: boolean, message: string, negatedMessage: string, expected?: unknown, actual?: unknown): void
}
type Utils = Chai.ChaiUtils

export const responsePlugin: Chai.ChaiPlugin = (chai, utils) => {
  const Assertion = chai.Assertion as unknown as ChaiAssertionClass
  const subject = (a: Assertion): HostResponse => {
    const obj = utils.flag(a, 'object') as unknown
    if (!(obj instanceof HostResponse)) {
      throw new chai.AssertionError(`expected ${utils.inspect(obj)} to be a response`)
    }
    return obj
  }
  const isResponse = (a: Assertion) => utils.flag(a, 'object') instanceof HostResponse
  const statusAssert = (a: Assertion, pass: boolean, expected: string) => {
    const response = subject(a)
    a.assert(
      pass,
      `expected response to have status ${expected} but got ${response.code}`,
      `expected response not to have status ${expected} but got ${response.code}`,
    )
  }
  /** `svc.response.to.be.ok()` (spec) and `pm.response.to.be.ok` (property) both work. */
  const callable = (a: Assertion) => {
    const fn = () => a
    Object.setPrototypeOf(fn, a)
    return fn
  }

  for (const [name, lowest, above, label] of STATUS_CLASSES) {
    Assertion.addProperty(name, function (this: Assertion) {
      const code = subject(this).code
      statusAssert(this, code >= lowest && code < above, label)
    })
  }
  for (const [name, code] of NAMED_STATUSES) {
    Assertion.addProperty(name, function (this: Assertion) {
      statusAssert(this, subject(this).code === code, String(code))
    })
  }
  // Spec 4.5: `ok` passes for any 2xx status (Postman's own `ok` means 200 exactly).
  Assertion.overwriteProperty(
    'ok',
    (_super: () => unknown) =>
      function (this: Assertion) {
        if (!isResponse(this)) return _super.call(this)
        statusAssert(this, test2xx(subject(this).code), '2XX')
        return callable(this)
      },
  )

  Assertion.addMethod('status', function (this: Assertion, expected: unknown) {
    const response = subject(this)
    const actual = typeof expected === 'string' ? response.reason : response.code
    // chai-postman's wording, as newman reports it: "status code" for a number, "status reason" for text.
    const what = typeof expected === 'string' ? 'status reason' : 'status code'
    this.assert(
      actual === expected,
      `expected response to have ${what} ${fmt(utils, expected)} but got ${fmt(utils, actual)}`,
      `expected response to not have ${what} ${fmt(utils, actual)}`,
      expected,
      actual,
    )
  })

  Assertion.addMethod('header', function (this: Assertion, name: string, ...rest: unknown[]) {
    const value = subject(this).header(String(name))
    if (rest.length === 0) {
      this.assert(
        value !== undefined,
        `expected response to have header with key '${name}'`,
        `expected response to not have header with key '${name}'`,
      )
      return
    }
    this.assert(
      value === rest[0],
      `expected '${name}' response header to be ${fmt(utils, rest[0])} but got ${fmt(utils, value)}`,
      `expected '${name}' response header to not be ${fmt(utils, value)}`,
      rest[0],
      value,
    )
  })

  Assertion.addProperty('withBody', function (this: Assertion) {
    const text = subject(this).text()
    this.assert(
      text.length > 0,
      'expected response to have content in body',
      'expected response to not have content in body',
    )
  })
  Assertion.addProperty('json', function (this: Assertion) {
    this.assert(
      parsed(subject(this)).ok,
      'expected response body to be valid JSON',
      'expected response body not to be JSON',
    )
  })
  for (const [name, type] of [
    ['html', 'html'],
    ['xml', 'xml'],
  ] as const) {
    Assertion.addProperty(name, function (this: Assertion) {
      const ct = subject(this).contentType()
      this.assert(
        ct.includes(type),
        `expected response to be ${type} but got "${ct}"`,
        `expected response not to be ${type}`,
      )
    })
  }

  Assertion.addMethod('body', function (this: Assertion, ...args: unknown[]) {
    const response = subject(this)
    const text = response.text()
    if (args.length === 0) {
      this.assert(text.length > 0, 'expected response to have a body', 'expected response not to have a body')
      return
    }
    const expected = args[0]
    if (expected instanceof RegExp) {
      this.assert(
        expected.test(text),
        `expected response body to match ${expected}`,
        `expected response body not to match ${expected}`,
      )
    } else if (typeof expected === 'string') {
      this.assert(
        text === expected,
        `expected response body to equal ${fmt(utils, expected)}`,
        'expected response body not to equal it',
        expected,
        text,
      )
    } else {
      const body = parsed(response)
      const pass = body.ok && utils.eql(body.value, expected)
      this.assert(
        pass,
        `expected response body to deeply equal ${fmt(utils, expected)}`,
        `expected response body not to deeply equal ${fmt(utils, expected)}`,
        expected,
        body.value,
      )
    }
  })

  Assertion.addMethod('jsonBody', function (this: Assertion, ...args: unknown[]) {
    const body = parsed(subject(this))
    if (args.length === 0) {
      this.assert(
        body.ok,
        'expected response to have a valid JSON body',
        'expected response not to have a valid JSON body',
      )
      return
    }
    if (!body.ok) {
      this.assert(
        false,
        'expected response to have a valid JSON body',
        'expected response not to have a valid JSON body',
      )
      return
    }
    if (typeof args[0] === 'string') {
      const path = args[0]
      const found = path === '' ? { ok: true, value: body.value } : lookup(body.value, path)
      if (args.length === 1) {
        this.assert(
          found.ok,
          `expected response body to have property at "${path}"`,
          `expected response body not to have property at "${path}"`,
        )
        return
      }
      const pass = found.ok && utils.eql(found.value, args[1])
      this.assert(
        pass,
        `expected response body at "${path}" to equal ${fmt(utils, args[1])} but got ${fmt(utils, found.value)}`,
        `expected response body at "${path}" not to equal ${fmt(utils, args[1])}`,
        args[1],
        found.value,
      )
      return
    }
    const pass = utils.eql(body.value, args[0])
    this.assert(
      pass,
      `expected response body to deeply equal ${fmt(utils, args[0])}`,
      `expected response body not to deeply equal ${fmt(utils, args[0])}`,
      args[0],
      body.value,
    )
  })

  for (const name of ['responseTime', 'responseSize'] as const) {
    Assertion.addChainableMethod(
      name,
      function (this: Assertion, expected: unknown) {
        const actual = utils.flag(this, 'object') as unknown
        this.assert(
          actual === expected,
          `expected ${name} to be ${fmt(utils, expected)} but got ${fmt(utils, actual)}`,
          `expected ${name} not to be ${fmt(utils, expected)}`,
          expected,
          actual,
        )
      },
      function (this: Assertion) {
        utils.flag(this, 'object', subject(this)[name])
      },
    )
  }

  Assertion.addMethod('jsonSchema', function (this: Assertion, schema: unknown) {
    const obj = utils.flag(this, 'object') as unknown
    const value = obj instanceof HostResponse ? parsed(obj).value : obj
    const result = new Validator(schema as Schema, '7', false).validate(value)
    const first =
      result.errors.find((error) => error.keyword !== 'properties' && error.keyword !== 'items') ??
      result.errors[0]
    const reason = first ? `${first.instanceLocation}: ${first.error}` : ''
    this.assert(
      result.valid,
      `expected data to satisfy the schema but found error: ${reason}`,
      'expected data not to satisfy the schema',
    )
  })
}

function test2xx(code: number): boolean {
  return code >= OK_RANGE[0] && code < OK_RANGE[1]
}

function fmt(utils: Utils, value: unknown): string {
  return utils.inspect(value)
}

function parsed(response: HostResponse): { ok: boolean; value: unknown } {
  try {
    return { ok: true, value: response.json() }
  } catch {
    return { ok: false, value: undefined }
  }
}

/** A Postman-style path: `a.b[0].c`. */
export function lookup(root: unknown, path: string): { ok: boolean; value: unknown } {
  let current = root
  for (const part of path
    .replace(/\[(\d+)\]/g, '.$1')
    .split('.')
    .filter(Boolean)) {
    if (
      current === null ||
      typeof current !== 'object' ||
      !Object.prototype.hasOwnProperty.call(current, part)
    ) {
      return { ok: false, value: undefined }
    }
    current = (current as Record<string, unknown>)[part]
  }
  return { ok: true, value: current }
}

interface ChaiAssertionClass {
  addProperty(name: string, getter: (this: Assertion) => unknown): void
  addMethod(name: string, method: (this: Assertion, ...args: never[]) => unknown): void
  addChainableMethod(
    name: string,
    method: (this: Assertion, ...args: never[]) => unknown,
    chain: (this: Assertion) => void,
  ): void
  overwriteProperty(name: string, getter: (_super: () => unknown) => (this: Assertion) => unknown): void
}
