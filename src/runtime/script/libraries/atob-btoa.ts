/** `atob` and `btoa` as Postman's sandbox offers them (the npm packages of those names), as module source. */
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/'

export const BTOA = `const A = '${ALPHABET}'
module.exports = function btoa(input) {
  const s = String(input)
  let out = ''
  for (let i = 0; i < s.length; i += 3) {
    const a = s.charCodeAt(i), b = s.charCodeAt(i + 1), c = s.charCodeAt(i + 2)
    if (a > 255 || b > 255 || c > 255) throw new Error('Invalid character: btoa accepts Latin-1 text only')
    const n = (a << 16) | ((b || 0) << 8) | (c || 0)
    out += A[n >> 18] + A[(n >> 12) & 63] + (i + 1 < s.length ? A[(n >> 6) & 63] : '=') + (i + 2 < s.length ? A[n & 63] : '=')
  }
  return out
}`

export const ATOB = `const A = '${ALPHABET}'
module.exports = function atob(input) {
  const s = String(input).replace(/[\\t\\n\\f\\r =]/g, '')
  if (s.length % 4 === 1 || /[^A-Za-z0-9+/]/.test(s)) throw new Error('Invalid character: the text is not base64')
  let out = '', bits = 0, n = 0
  for (let i = 0; i < s.length; i++) {
    n = (n << 6) | A.indexOf(s[i]); bits += 6
    if (bits >= 8) { bits -= 8; out += String.fromCharCode((n >> bits) & 255) }
  }
  return out
}`
