/**
 * Values crossing the sandbox boundary travel as tagged JSON: plain JSON for what JSON can say,
 * `{"\u0000t": tag, ...}` for the rest. Objects are numbered in the order they are encoded, so a
 * repeated object arrives as the same host object (`expect(a).to.equal(a)` holds) and cycles
 * survive. The guest side of this codec lives in guest/core.ts and must stay in step with it.
 */
import { HostRequest } from './host-request.ts'

export const TAG = '\u0000t'

export type Encoded = null | boolean | number | string | Encoded[] | { [key: string]: Encoded }

export interface DecodeHooks {
  /** A guest function, callable from the host (chai's `throw` and `satisfy`). */
  fn(id: number, name: string): unknown
  /** A guest proxy of a host API object (tag `N`). */
  node(id: number): unknown
  /** A promise the guest returned from a callback (tag `P`). */
  promise(id: number): unknown
  /** Objects already decoded in this chain, by number. */
  table: unknown[]
}

const ERROR_TYPES: Record<string, ErrorConstructor> = {
  Error,
  TypeError,
  RangeError,
  SyntaxError,
  ReferenceError,
  EvalError,
  URIError,
}

/** Guest built-in constructors arrive by name (`expect(d).to.be.instanceOf(Date)`). */
const BUILTINS: Record<string, unknown> = {
  ...ERROR_TYPES,
  Date,
  Array,
  Object,
  Map,
  Set,
  RegExp,
  Number,
  String,
  Boolean,
  Promise,
}

export function errorConstructor(name: string): ErrorConstructor | undefined {
  return Object.prototype.hasOwnProperty.call(ERROR_TYPES, name) ? ERROR_TYPES[name] : undefined
}

export function decode(value: Encoded, hooks: DecodeHooks): unknown {
  if (value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) {
    const result: unknown[] = []
    hooks.table.push(result)
    for (const item of value) result.push(decode(item, hooks))
    return result
  }
  const tag = value[TAG]
  if (typeof tag === 'string') return decodeTagged(tag, value, hooks)
  const result: Record<string, unknown> = {}
  hooks.table.push(result)
  for (const key of Object.keys(value)) {
    // Defined, not assigned: a guest key "__proto__" must stay a plain property.
    Object.defineProperty(result, key, {
      value: decode(value[key]!, hooks),
      enumerable: true,
      writable: true,
      configurable: true,
    })
  }
  return result
}

function decodeTagged(tag: string, value: { [key: string]: Encoded }, hooks: DecodeHooks): unknown {
  const str = (key: string) => String(value[key] ?? '')
  switch (tag) {
    case 'u':
      return undefined
    case 'n':
      return Number(str('v'))
    case 'b':
      return BigInt(str('v'))
    case 'y':
      return Symbol(str('v'))
    case 'f':
      return hooks.fn(Number(value.i), str('n'))
    case 'E':
      return Object.prototype.hasOwnProperty.call(BUILTINS, str('n'))
        ? BUILTINS[str('n')]
        : hooks.fn(-1, str('n'))
    case 'N':
      return hooks.node(Number(value.i))
    case 'P':
      return hooks.promise(Number(value.i))
    case 'ref':
      return hooks.table[Number(value.i)]
  }
  const slot = hooks.table.length
  hooks.table.push(undefined)
  let result: unknown
  switch (tag) {
    case 'd':
      result = new Date(Number(value.v))
      break
    case 'r':
      result = new RegExp(str('s'), str('f'))
      break
    case 'e': {
      const Ctor = errorConstructor(str('n')) ?? Error
      const error = new Ctor(str('m'))
      if (!errorConstructor(str('n'))) error.name = str('n')
      result = error
      break
    }
    case 'm': {
      const map = new Map()
      hooks.table[slot] = map
      for (const pair of (value.v as Encoded[][]) ?? [])
        map.set(decode(pair[0]!, hooks), decode(pair[1]!, hooks))
      return map
    }
    case 's': {
      const set = new Set()
      hooks.table[slot] = set
      for (const item of (value.v as Encoded[]) ?? []) set.add(decode(item, hooks))
      return set
    }
    case 'a':
      result = ((value.v as Encoded[]) ?? []).map((item) => decode(item, hooks))
      break
    case 'R': {
      // pm.request: its own properties as they are, its header rows for the request assertions.
      const rows = Array.isArray(value.h) ? (value.h as Encoded[]) : []
      const request = new HostRequest(
        rows.map((row) => (Array.isArray(row) ? [String(row[0]), String(row[1])] : ['', ''])),
      )
      hooks.table[slot] = request
      const own = (value.v ?? {}) as { [key: string]: Encoded }
      for (const key of Object.keys(own)) {
        Object.defineProperty(request, key, {
          value: decode(own[key]!, hooks),
          enumerable: true,
          writable: true,
          configurable: true,
        })
      }
      return request
    }
    default:
      result = `[${tag}]`
  }
  hooks.table[slot] = result
  return result
}

/** Encodes what the host knows specially (API objects, waits, assertion handles), or undefined. */
export type EncodeHook = (value: object) => Encoded | undefined

/** Host → guest: the same format, for results of API calls and arguments of guest callbacks. */
export function encode(
  value: unknown,
  hook?: EncodeHook,
  seen = new Map<object, number>(),
  depth = 0,
): Encoded {
  if (hook && value !== null && (typeof value === 'object' || typeof value === 'function')) {
    const special = hook(value)
    if (special !== undefined) return special
  }
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return value
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0) ? value : { [TAG]: 'n', v: String(value) }
    case 'undefined':
      return { [TAG]: 'u' }
    case 'bigint':
      return { [TAG]: 'b', v: String(value) }
    case 'symbol':
      return { [TAG]: 'y', v: String(value.description) }
    case 'function':
      return { [TAG]: 'u' }
  }
  if (value === null) return null
  const object = value as object
  const known = seen.get(object)
  if (known !== undefined) return { [TAG]: 'ref', i: known }
  seen.set(object, seen.size)
  if (depth > 200) return '[Too deep]'
  if (Array.isArray(object)) return object.map((item) => encode(item, hook, seen, depth + 1))
  if (object instanceof Date) return { [TAG]: 'd', v: object.getTime() }
  if (object instanceof RegExp) return { [TAG]: 'r', s: object.source, f: object.flags }
  if (object instanceof Error) {
    // Extra fields (beta's `error.response`) are already encoded by whoever made the error.
    const extra = (object as { extra?: Record<string, Encoded> }).extra
    return extra
      ? { [TAG]: 'e', n: object.name, m: object.message, x: extra }
      : { [TAG]: 'e', n: object.name, m: object.message }
  }
  if (object instanceof Map) {
    return {
      [TAG]: 'm',
      v: [...object].map(([k, v]) => [encode(k, hook, seen, depth + 1), encode(v, hook, seen, depth + 1)]),
    }
  }
  if (object instanceof Set)
    return { [TAG]: 's', v: [...object].map((v) => encode(v, hook, seen, depth + 1)) }
  const result: Record<string, Encoded> = {}
  for (const key of Object.keys(object)) {
    result[key] = encode((object as Record<string, unknown>)[key], hook, seen, depth + 1)
  }
  return result
}
