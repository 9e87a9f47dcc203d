// `require('ajv-formats')` as Bruno's scripts use it: `addFormats(ajv)` adds the common formats
// (the same patterns the ajv module checks by default).
import { FORMATS } from './formats.js'

export default function addFormats(ajv, names) {
  for (const name of Array.isArray(names) ? names : Object.keys(FORMATS)) {
    if (FORMATS[name]) ajv.addFormat(name, FORMATS[name])
  }
  return ajv
}
