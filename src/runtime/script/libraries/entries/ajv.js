// Ajv as Postman's sandbox offers it (Ajv 6): unknown keywords and formats are ignored rather
// than refused, and each error also has Ajv 6's `dataPath` (`.a[0]`) and wording ("should").
// The validator is Ajv 8, which reports `instancePath` (`/a/0`, kept for Bruno's scripts) and "must".
import Ajv from 'ajv'
import { FORMATS } from './formats.js'

function dataPath(pointer) {
  return pointer
    .split('/')
    .slice(1)
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((part) =>
      /^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `['${part}']`,
    )
    .join('')
}

// Ajv 6 names a missing property as a path (`.m`, `['a b']`) in params and message alike, but
// by its bare name when it collects all errors.
const member = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? `.${name}` : `['${name}']`)

const shorter = (_all, side, n) => `NOT be ${side === 'fewer' ? 'shorter' : 'longer'} than ${n} characters`

function legacy(errors, allErrors) {
  if (!errors) return errors
  // Converted once: Ajv's validate() may already hold what compile()'s wrapper converted.
  if (errors.every((error) => 'dataPath' in error)) return errors
  return errors.map(({ keyword, instancePath, schemaPath, params, message, ...rest }) => {
    let text = typeof message === 'string' ? message.replace(/^must\b/, 'should') : message
    if (typeof text === 'string') text = text.replace(/NOT have (fewer|more) than (\d+) characters$/, shorter)
    if (keyword === 'required' && !allErrors && params && typeof params.missingProperty === 'string') {
      params = { ...params, missingProperty: member(params.missingProperty) }
      text = `should have required property '${params.missingProperty}'`
    }
    // instancePath stays too (last): Bruno's scripts use Ajv 8's name for it.
    return {
      keyword,
      dataPath: dataPath(instancePath || ''),
      schemaPath,
      params,
      message: text,
      ...rest,
      instancePath,
    }
  })
}

class PostmanAjv extends Ajv {
  constructor(options = {}) {
    super({ strict: false, logger: false, ...options })
    for (const name of Object.keys(FORMATS)) this.addFormat(name, FORMATS[name])
  }
  compile(schema, meta) {
    const validate = super.compile(schema, meta)
    const allErrors = Boolean(this.opts.allErrors)
    const wrapped = function (data, ...rest) {
      const valid = validate.call(this, data, ...rest)
      wrapped.errors = legacy(validate.errors, allErrors)
      return valid
    }
    return Object.assign(wrapped, { schema: validate.schema, errors: null })
  }
  errorsText(errors = this.errors, { separator = ', ', dataVar = 'data' } = {}) {
    if (!errors || errors.length === 0) return 'No errors'
    return legacy(errors, this.opts.allErrors)
      .map((error) => `${dataVar}${error.dataPath} ${error.message}`)
      .join(separator)
  }
  validate(schema, data) {
    const valid = super.validate(schema, data)
    this.errors = legacy(this.errors, this.opts.allErrors)
    return valid
  }
}

export default PostmanAjv
