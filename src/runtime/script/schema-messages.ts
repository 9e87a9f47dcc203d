/**
 * JSON Schema failures worded as Postman's sandbox words them (its Ajv 6 `errorsText()`:
 * `data.a should be string, data should have required property 'b'`), from the errors of the
 * validator Sendbox uses (@cfworker/json-schema). Keywords without a known wording keep the
 * validator's own text after the path.
 */
import type { OutputUnit } from '@cfworker/json-schema'

/** Structural keywords that only say "something below failed": their children say what. */
const WRAPPERS = new Set(['properties', 'items', 'allOf', 'additionalItems', 'prefixItems', '$ref'])

export function schemaErrorsText(errors: readonly OutputUnit[]): string {
  const leaves = errors.filter((error) => !WRAPPERS.has(error.keyword))
  return (leaves.length > 0 ? leaves : errors).map(errorText).join(', ')
}

function errorText(error: OutputUnit): string {
  const at = dataPath(error.instanceLocation)
  switch (error.keyword) {
    case 'required': {
      const name = /property "([^"]*)"/.exec(error.error)?.[1]
      if (name !== undefined) return `${at} should have required property '${name}'`
      break
    }
    case 'type': {
      const expected = /Expected "([^"]*)"/.exec(error.error)?.[1]
      if (expected !== undefined) return `${at} should be ${expected.replaceAll('", "', ',')}`
      break
    }
    case 'enum':
      return `${at} should be equal to one of the allowed values`
    case 'const':
      return `${at} should be equal to constant`
  }
  return `${at} ${error.error}`
}

/** `#/a/0/b-c` → `data.a[0]['b-c']`, as Ajv 6 writes a data path. */
function dataPath(location: string): string {
  let out = 'data'
  for (const raw of location.replace(/^#\/?/, '').split('/').filter(Boolean)) {
    const part = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~')
    out += /^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_$][\w$]*$/.test(part) ? `.${part}` : `['${part}']`
  }
  return out
}
