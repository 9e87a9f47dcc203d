// Node's `querystring` (legacy API) as the browserify port Postman offers: repeated keys become
// arrays, `+` is a space, at most 1000 keys, and a malformed escape throws URIError.
const escape = (text) => encodeURIComponent(text)
const unescape = (text) => decodeURIComponent(text)

function primitive(value) {
  if (typeof value === 'string') return value
  if ((typeof value === 'number' && isFinite(value)) || typeof value === 'bigint') return String(value)
  if (typeof value === 'boolean') return value ? 'true' : 'false'
  return ''
}

function stringify(object, sep = '&', eq = '=', options = {}) {
  const encode = options.encodeURIComponent || escape
  if (object === null || typeof object !== 'object') return ''
  const parts = []
  for (const key of Object.keys(object)) {
    const value = object[key]
    const name = encode(primitive(key)) + eq
    if (Array.isArray(value)) for (const item of value) parts.push(name + encode(primitive(item)))
    else parts.push(name + encode(primitive(value)))
  }
  return parts.join(sep)
}

function parse(text, sep = '&', eq = '=', options = {}) {
  const out = Object.create(null)
  if (typeof text !== 'string' || text.length === 0) return out
  const decode = options.decodeURIComponent || unescape
  const max = typeof options.maxKeys === 'number' ? options.maxKeys : 1000
  let pairs = text.split(sep)
  if (max > 0) pairs = pairs.slice(0, max)
  for (const pair of pairs) {
    if (pair === '') continue
    const at = pair.indexOf(eq)
    const key = decode((at < 0 ? pair : pair.slice(0, at)).replace(/\+/g, ' '))
    const value = at < 0 ? '' : decode(pair.slice(at + eq.length).replace(/\+/g, ' '))
    if (!Object.prototype.hasOwnProperty.call(out, key)) out[key] = value
    else if (Array.isArray(out[key])) out[key].push(value)
    else out[key] = [out[key], value]
  }
  return out
}

export default { parse, stringify, decode: parse, encode: stringify, escape, unescape }
