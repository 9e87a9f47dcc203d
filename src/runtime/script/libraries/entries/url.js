// Node's legacy `url` module (parse, format, resolve), as the browserify port Postman offers:
// QuickJS has no URL class, so this is the whole of it.
import querystring from 'querystring'
import punycode from 'punycode'

const SLASHED = new Set(['http:', 'https:', 'ftp:', 'gopher:', 'file:', 'ws:', 'wss:'])
const AUTO_ESCAPE = /[{}|\\^`'"<> \t\r\n]/g

function Url() {
  this.protocol = null
  this.slashes = null
  this.auth = null
  this.host = null
  this.port = null
  this.hostname = null
  this.hash = null
  this.search = null
  this.query = null
  this.pathname = null
  this.path = null
  this.href = null
}

function parse(input, parseQueryString, slashesDenoteHost) {
  if (input instanceof Url) return input
  if (typeof input !== 'string') throw new TypeError(`Parameter "url" must be a string, not ${typeof input}`)
  const url = new Url()
  let rest = input.trim().replace(AUTO_ESCAPE, (c) => encodeURIComponent(c))
  const hashAt = rest.indexOf('#')
  if (hashAt >= 0) {
    url.hash = rest.slice(hashAt)
    rest = rest.slice(0, hashAt)
  }
  const searchAt = rest.indexOf('?')
  if (searchAt >= 0) {
    url.search = rest.slice(searchAt)
    url.query = rest.slice(searchAt + 1)
    rest = rest.slice(0, searchAt)
  } else if (parseQueryString) {
    url.search = ''
    url.query = {}
  }
  if (parseQueryString && typeof url.query === 'string') url.query = querystring.parse(url.query)
  const protocol = /^([a-z0-9.+-]+:)/i.exec(rest)
  if (protocol) {
    url.protocol = protocol[1].toLowerCase()
    rest = rest.slice(protocol[1].length)
  }
  if ((slashesDenoteHost || protocol || /^\/\/[^@/]+@[^@/]+/.test(rest)) && rest.startsWith('//')) {
    if (url.protocol !== 'javascript:') {
      url.slashes = true
      rest = rest.slice(2)
    }
  }
  if (url.slashes || (url.protocol && SLASHED.has(url.protocol) && !/^\//.test(rest) && rest)) {
    let end = rest.search(/[/?#]/)
    if (end < 0) end = rest.length
    let host = rest.slice(0, end)
    rest = rest.slice(end)
    const at = host.lastIndexOf('@')
    if (at >= 0) {
      url.auth = decodeURIComponent(host.slice(0, at))
      host = host.slice(at + 1)
    }
    const port = /:([0-9]*)$/.exec(host)
    if (port) {
      if (port[1]) url.port = port[1]
      host = host.slice(0, host.length - port[0].length)
    }
    url.hostname = punycode.toASCII(host.replace(/^\[|\]$/g, '').toLowerCase())
    if (host.startsWith('[')) url.hostname = host.toLowerCase().slice(1, -1)
    const shown = host.startsWith('[') ? `[${url.hostname}]` : url.hostname
    url.host = shown + (url.port ? `:${url.port}` : '')
  }
  if (rest) url.pathname = rest
  else if (url.hostname !== null && SLASHED.has(url.protocol)) url.pathname = '/'
  url.path = (url.pathname || '') + (url.search || '') || null
  url.href = format(url)
  return url
}

function format(input) {
  const url = typeof input === 'string' ? parse(input) : input
  let auth = url.auth || ''
  if (auth) auth = encodeURIComponent(auth).replace(/%3A/i, ':') + '@'
  const protocol = url.protocol ? (url.protocol.endsWith(':') ? url.protocol : `${url.protocol}:`) : ''
  let host = ''
  if (url.host) host = auth + url.host
  else if (url.hostname) {
    const name = url.hostname.includes(':') ? `[${url.hostname}]` : url.hostname
    host = auth + name + (url.port ? `:${url.port}` : '')
  }
  let pathname = url.pathname || ''
  let search = url.search || ''
  if (!search && url.query && typeof url.query === 'object' && Object.keys(url.query).length > 0) {
    search = `?${querystring.stringify(url.query)}`
  }
  let hash = url.hash || ''
  const slashes = url.slashes || (protocol && SLASHED.has(protocol))
  if (slashes && host !== '') {
    host = `//${host}`
    if (pathname && pathname[0] !== '/') pathname = `/${pathname}`
  } else if (slashes && protocol === 'file:') host = '//'
  if (search && search[0] !== '?') search = `?${search}`
  if (hash && hash[0] !== '#') hash = `#${hash}`
  pathname = pathname.replace(/[?#]/g, encodeURIComponent)
  search = search.replace('#', '%23')
  return protocol + host + pathname + search + hash
}

function removeDots(path) {
  const out = []
  for (const segment of path.split('/').slice(1)) {
    if (segment === '..') out.pop()
    else if (segment !== '.') out.push(segment)
  }
  const last = path.split('/').pop()
  if (last === '.' || last === '..') out.push('')
  return `/${out.join('/')}`
}

function resolve(from, to) {
  const base = parse(from)
  const rel = parse(to)
  if (rel.protocol && rel.protocol !== base.protocol) return rel.href
  if (rel.slashes || to.startsWith('//')) return format(parse(`${base.protocol || ''}${to}`))
  const origin = format({ protocol: base.protocol, slashes: base.slashes, auth: base.auth, host: base.host })
  if (!rel.pathname) {
    const search = rel.search !== null && rel.search !== '' ? rel.search : base.search || ''
    return origin + (base.pathname || '') + search + (rel.hash || '')
  }
  let path = rel.pathname
  if (path[0] !== '/') {
    const dir = (base.pathname || '/').replace(/[^/]*$/, '')
    path = dir + path
  }
  return origin + removeDots(path) + (rel.search || '') + (rel.hash || '')
}

export default { Url, parse, format, resolve, resolveObject: (from, to) => parse(resolve(from, to)) }
