/**
 * Response assertions on the host's chai (spec 4.5 and the Postman vocabulary): status classes,
 * named statuses, status/header/body/jsonBody/jsonSchema, responseTime and responseSize. Each one
 * applies only to a HostResponse and leaves chai's own meaning alone for any other value.
 */
import { Validator, type Schema } from '@cfworker/json-schema'
import { HostRequest } from './host-request.ts'
import { HostResponse } from './host-response.ts'
import { schemaErrorsText } from './schema-messages.ts'
import { NAMED_STATUSES, OK_RANGE, STATUS_CLASSES } from './status-classes.ts'

/** The part of a chai Assertion the plugin uses (chai's own typings are looser than this). */
interface Assertion {
  assert(pass: boolean, message: string, negatedMessage: string, expected?: unknown, actual?: unknown): void
}

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
  /** `svc.response.to.be.ok()` (spec) and `pm.response.to.be.ok` (property) both work. */
  const callable = (a: Assertion) => {
    const fn = () => a
    Object.setPrototypeOf(fn, a)
    return fn
  }

  // chai-postman's wording throughout, as newman reports failures (the parity suite compares them).
  const classAssert = (a: Assertion, pass: boolean, label: string) =>
    a.assert(
      pass,
      `expected response code to be ${label} but found #{act}`,
      `expected response code to not be ${label}`,
      undefined,
      subject(a).code,
    )
  /** chai-postman checks the reason phrase first (upper case), then the code. */
  const reasonAssert = (a: Assertion, pass: boolean, name: string, code: number) => {
    const reason = subject(a).reason.toUpperCase()
    const actual = subject(a).code
    if (pass || reason !== name) {
      a.assert(
        pass,
        'expected response to have status reason #{exp} but got #{act}',
        'expected response to not have status reason #{act}',
        name,
        reason,
      )
    } else {
      a.assert(
        false,
        'expected response to have status code #{exp} but got #{act}',
        'expected response to not have status code #{act}',
        code,
        actual,
      )
    }
  }
  for (const [name, lowest, above, label] of STATUS_CLASSES) {
    Assertion.addProperty(name, function (this: Assertion) {
      const code = subject(this).code
      classAssert(this, code >= lowest && code < above, label)
    })
  }
  Assertion.addMethod('statusCodeClass', function (this: Assertion, digit: unknown) {
    const code = subject(this).code
    this.assert(
      Math.floor(code / 100) === digit,
      'expected response code to be #{exp}XX but found #{act}',
      'expected response code to not be #{exp}XX',
      digit,
      code,
    )
  })
  for (const [name, code, reason] of NAMED_STATUSES) {
    Assertion.addProperty(name, function (this: Assertion) {
      reasonAssert(this, subject(this).code === code, reason.toUpperCase(), code)
    })
  }
  // Spec 4.5: `ok` passes for any 2xx status (Postman's own `ok` means 200 exactly).
  Assertion.overwriteProperty(
    'ok',
    (_super: () => unknown) =>
      function (this: Assertion) {
        if (!isResponse(this)) return _super.call(this)
        reasonAssert(this, test2xx(subject(this).code), 'OK', 200)
        return callable(this)
      },
  )

  const statusIs = (a: Assertion, what: 'code' | 'reason', expected: unknown) => {
    const response = subject(a)
    const actual = what === 'reason' ? response.reason : response.code
    a.assert(
      actual === expected,
      `expected response to have status ${what} #{exp} but got #{act}`,
      `expected response to not have status ${what} #{act}`,
      expected,
      actual,
    )
  }
  // "status code" for a number, "status reason" for text.
  Assertion.addMethod('status', function (this: Assertion, expected: unknown) {
    statusIs(this, typeof expected === 'number' ? 'code' : 'reason', expected)
  })
  Assertion.addMethod('statusCode', function (this: Assertion, expected: unknown) {
    statusIs(this, 'code', Number(expected))
  })
  Assertion.addMethod('statusReason', function (this: Assertion, expected: unknown) {
    statusIs(this, 'reason', String(expected))
  })

  // chai-postman's kinds: pm.request and pm.response are told from any other value.
  const kinds: [string, (v: unknown) => boolean, string][] = [
    ['postmanRequest', (v) => v instanceof HostRequest, 'a postman request object'],
    ['postmanResponse', (v) => v instanceof HostResponse, 'a postman response object'],
    [
      'postmanRequestOrResponse',
      (v) => v instanceof HostRequest || v instanceof HostResponse,
      'a postman request or response object',
    ],
  ]
  for (const [name, is, what] of kinds) {
    Assertion.addProperty(name, function (this: Assertion) {
      this.assert(
        is(utils.flag(this, 'object')),
        `expecting ${what} but got #{this}`,
        `not expecting ${what}`,
      )
    })
  }

  Assertion.addMethod('header', function (this: Assertion, name: string, ...rest: unknown[]) {
    const target = utils.flag(this, 'object') as unknown
    const kind = target instanceof HostRequest ? 'request' : 'response'
    const value =
      target instanceof HostRequest ? target.header(String(name)) : subject(this).header(String(name))
    const present = target instanceof HostRequest ? target.has(String(name)) : value !== undefined
    if (rest.length === 0) {
      this.assert(
        present,
        `expected ${kind} to have header with key '${name}'`,
        `expected ${kind} to not have header with key '${name}'`,
      )
      return
    }
    this.assert(
      value === rest[0],
      `expected '${name}' ${kind} header to be #{exp} but got #{act}`,
      `expected '${name}' ${kind} header to not be #{act}`,
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
    validJson(this)
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
    const expected = args[0]
    if (isPlainObject(expected)) {
      const body = parsed(response)
      this.assert(
        body.ok && utils.eql(body.value, expected),
        'expected response body json to equal #{exp} but got #{act}',
        'expected response body json to not equal #{exp} but got #{act}',
        expected,
        body.value,
      )
      return
    }
    const text = response.text()
    if (args.length === 0) {
      this.assert(
        text.length > 0,
        'expected response to have content in body',
        'expected response to not have content in body',
      )
    } else if (expected instanceof RegExp) {
      this.assert(
        expected.test(text),
        'expected response body text to match #{exp} but got #{act}',
        'expected response body text #{act} to not match #{exp}',
        expected,
        text,
      )
    } else {
      this.assert(
        utils.eql(text, expected),
        'expected response body to equal #{exp} but got #{act}',
        'expected response body to not equal #{exp}',
        expected,
        text,
      )
    }
  })

  /** `jsonBody()` and `json`: the body is valid JSON. */
  const validJson = (a: Assertion) => {
    const body = parsed(subject(a))
    a.assert(
      body.ok,
      `expected response body to be a valid json but got error ${body.error}`,
      'expected response body not to be a valid json',
    )
    return body
  }
  // As chai-postman: a path (lodash's `a.b[0]`) must exist, and with a value, equal it; a first
  // argument that is not a path asserts nothing.
  Assertion.addMethod('jsonBody', function (this: Assertion, ...args: unknown[]) {
    if (args.length === 0) {
      validJson(this)
      return
    }
    if (typeof args[0] !== 'string') return
    const path = args[0]
    const body = parsed(subject(this))
    const found = lookup(body.value, path)
    this.assert(
      found.ok,
      'expected #{act} in response to contain property #{exp}',
      'expected #{act} in response to not contain property #{exp}',
      path,
      body.value,
    )
    if (args.length < 2) return
    this.assert(
      utils.eql(found.value, args[1]),
      `expected response body json at "${path}" to contain #{exp} but got #{act}`,
      `expected response body json at "${path}" to not contain #{exp} but got #{act}`,
      args[1],
      found.value,
    )
  })

  // Called, they compare; read as a property, the chain goes on with the number
  // (`responseTime.below(200)`). chai-postman's size message names the two the other way round.
  for (const [name, what, equal, notEqual] of [
    [
      'responseTime',
      'time',
      'expected response to have a valid response time but got #{act}',
      'expected response to not have a valid response time but got #{act}',
    ],
    [
      'responseSize',
      'size',
      'expected response size to equal #{act} but got #{exp}',
      'expected response size to not equal #{act} but got #{exp}',
    ],
  ] as const) {
    Assertion.addChainableMethod(
      name,
      function (this: Assertion, ...args: unknown[]) {
        const actual = utils.flag(this, 'object') as unknown
        this.assert(
          typeof actual === 'number',
          `expected response to have a valid response ${what} but got #{act}`,
          `expected response to not have a valid response ${what} but got #{act}`,
          undefined,
          actual,
        )
        if (args.length > 0) this.assert(utils.eql(actual, args[0]), equal, notEqual, args[0], actual)
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
    this.assert(
      result.valid,
      `expected data to satisfy schema but found following errors: \n${schemaErrorsText(result.errors)}`,
      'expected data to not satisfy schema',
    )
  })
}

function test2xx(code: number): boolean {
  return code >= OK_RANGE[0] && code < OK_RANGE[1]
}

function parsed(response: HostResponse): { ok: boolean; value: unknown; error?: string } {
  try {
    return { ok: true, value: response.json() }
  } catch (error) {
    // Postman's JSON parser says this of an empty body; other errors keep the engine's words.
    const text = response.text()
    const message =
      text.trim() === ''
        ? 'No data, empty input at 1:1'
        : `${(error as Error).name}: ${(error as Error).message}`
    return { ok: false, value: undefined, error: message }
  }
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object') return false
  const proto = Object.getPrototypeOf(value) as unknown
  return proto === Object.prototype || proto === null
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
