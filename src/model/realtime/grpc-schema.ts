/**
 * Request-message templates and schema-aware checks for gRPC, over protobuf.js's JSON descriptor
 * (`Root.toJSON()`): plain data, so the app checks a message as the user types without loading
 * protobuf.js, and the relay and CLI check it the same way before encoding. Field names are the
 * ones in the .proto file (as the descriptor holds them).
 */

export interface FieldJson {
  type: string
  id: number
  rule?: string
  keyType?: string
}
export interface NamespaceJson {
  nested?: Record<string, NamespaceJson>
  fields?: Record<string, FieldJson>
  oneofs?: Record<string, { oneof: string[] }>
  values?: Record<string, number>
  methods?: Record<string, unknown>
}

export interface SchemaProblem {
  /** Where, from `message` down: `message.items[2].name`. */
  path: string
  problem: string
}

interface Resolved {
  path: string[]
  node: NamespaceJson
}

const INTS_32 = new Set(['int32', 'sint32', 'sfixed32'])
const UINTS_32 = new Set(['uint32', 'fixed32'])
const INTS_64 = new Set(['int64', 'sint64', 'sfixed64', 'uint64', 'fixed64'])
const FLOATS = new Set(['double', 'float'])

function lookup(root: NamespaceJson, parts: string[]): NamespaceJson | undefined {
  let node: NamespaceJson | undefined = root
  for (const part of parts)
    node = node?.nested && Object.hasOwn(node.nested, part) ? node.nested[part] : undefined
  return node
}

/** Finds a type name as protobuf scoping does: from the innermost scope outwards. */
export function resolveType(root: NamespaceJson, name: string, scope: string[] = []): Resolved | undefined {
  const parts = name.replace(/^\./u, '').split('.')
  if (name.startsWith('.')) {
    const node = lookup(root, parts)
    return node ? { path: parts, node } : undefined
  }
  for (let depth = scope.length; depth >= 0; depth--) {
    const path = [...scope.slice(0, depth), ...parts]
    const node = lookup(root, path)
    if (node) return { path, node }
  }
  return undefined
}

function scalarTemplate(type: string): unknown {
  if (type === 'string' || type === 'bytes') return ''
  if (type === 'bool') return false
  if (INTS_64.has(type)) return '0'
  return 0
}

/** A message with every field filled by its default (one item per list, one member per oneof). */
export function messageTemplate(root: NamespaceJson, typeName: string, scope: string[] = []): unknown {
  const seen = new Set<string>()
  const build = (resolved: Resolved): unknown => {
    const key = resolved.path.join('.')
    if (seen.has(key) || seen.size > 6) return {}
    seen.add(key)
    const out: Record<string, unknown> = {}
    const skipped = new Set(Object.values(resolved.node.oneofs ?? {}).flatMap(({ oneof }) => oneof.slice(1)))
    for (const [name, field] of Object.entries(resolved.node.fields ?? {})) {
      if (skipped.has(name)) continue
      const value = fieldValue(field.type, resolved.path)
      out[name] = field.keyType
        ? { [field.keyType === 'string' ? 'key' : '0']: value }
        : field.rule === 'repeated'
          ? [value]
          : value
    }
    seen.delete(key)
    return out
  }
  const fieldValue = (type: string, scope: string[]): unknown => {
    const found = resolveType(root, type, scope)
    if (!found) return scalarTemplate(type)
    if (found.node.values) return Object.keys(found.node.values)[0] ?? 0
    return build(found)
  }
  const found = resolveType(root, typeName, scope)
  return found ? build(found) : {}
}

function describe(value: unknown): string {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'an array'
  if (typeof value === 'object') return 'an object'
  const text = JSON.stringify(value)
  return `${typeof value} ${text.length > 30 ? `${text.slice(0, 30)}…` : text}`
}

function isIntegerText(value: unknown): boolean {
  return typeof value === 'string' && /^-?\d+$/u.test(value)
}

function scalarProblem(type: string, value: unknown): string | undefined {
  if (type === 'string') return typeof value === 'string' ? undefined : 'expected a string'
  if (type === 'bool') return typeof value === 'boolean' ? undefined : 'expected true or false'
  if (type === 'bytes')
    return typeof value === 'string' && /^[A-Za-z0-9+/_-]*={0,2}$/u.test(value)
      ? undefined
      : 'expected base64 text'
  if (FLOATS.has(type))
    return typeof value === 'number' || ['NaN', 'Infinity', '-Infinity'].includes(value as string)
      ? undefined
      : 'expected a number'
  const whole = (typeof value === 'number' && Number.isInteger(value)) || isIntegerText(value)
  if (!whole) return `expected a whole number (${type})`
  const n = Number(value)
  if (INTS_32.has(type) && (n < -(2 ** 31) || n > 2 ** 31 - 1)) return `out of range for ${type}`
  if (UINTS_32.has(type) && (n < 0 || n > 2 ** 32 - 1)) return `out of range for ${type}`
  if (type.startsWith('uint') || type.startsWith('fixed'))
    return n < 0 ? `out of range for ${type}` : undefined
  return undefined
}

/** Checks a message against its type; every problem names its field path (at most 20). */
export function checkMessage(
  root: NamespaceJson,
  typeName: string,
  value: unknown,
  path = 'message',
): SchemaProblem[] {
  const problems: SchemaProblem[] = []
  const report = (at: string, problem: string, got: unknown) => {
    if (problems.length < 20) problems.push({ path: at, problem: `${problem}, got ${describe(got)}` })
  }
  const checkValue = (type: string, scope: string[], item: unknown, at: string) => {
    const found = resolveType(root, type, scope)
    if (!found) {
      const problem = scalarProblem(type, item)
      if (problem) report(at, problem, item)
    } else if (found.node.values) {
      const names = Object.keys(found.node.values)
      const ok =
        (typeof item === 'string' && names.includes(item)) ||
        (typeof item === 'number' && Number.isInteger(item))
      if (!ok) report(at, `expected one of ${names.join(', ')}`, item)
    } else checkObject(found, item, at)
  }
  const checkObject = (type: Resolved, item: unknown, at: string) => {
    if (item === null || typeof item !== 'object' || Array.isArray(item)) {
      report(at, `expected an object (${type.path.join('.')})`, item)
      return
    }
    const fields = type.node.fields ?? {}
    for (const [name, field] of Object.entries(item as Record<string, unknown>)) {
      const here = `${at}.${name}`
      if (!Object.hasOwn(fields, name)) {
        const known = Object.keys(fields)
        if (problems.length < 20)
          problems.push({
            path: here,
            problem: `unknown field in ${type.path.join('.')}${known.length ? ` (fields: ${known.join(', ')})` : ''}`,
          })
        continue
      }
      const spec = fields[name]!
      if (field === null) continue
      if (spec.keyType) {
        if (typeof field !== 'object' || Array.isArray(field))
          report(here, 'expected an object (a map)', field)
        else
          for (const [key, entry] of Object.entries(field as Record<string, unknown>)) {
            if (spec.keyType !== 'string' && spec.keyType !== 'bool' && !isIntegerText(key))
              problems.push({
                path: `${here}.${key}`,
                problem: `map key is not a whole number (${spec.keyType})`,
              })
            checkValue(spec.type, type.path, entry, `${here}.${key}`)
          }
      } else if (spec.rule === 'repeated') {
        if (!Array.isArray(field)) report(here, 'expected an array', field)
        else field.forEach((entry, index) => checkValue(spec.type, type.path, entry, `${here}[${index}]`))
      } else checkValue(spec.type, type.path, field, here)
    }
    for (const [name, { oneof }] of Object.entries(type.node.oneofs ?? {})) {
      const set = oneof.filter((member) => (item as Record<string, unknown>)[member] != null)
      if (set.length > 1 && problems.length < 20)
        problems.push({ path: at, problem: `only one of ${set.join(', ')} may be set (oneof ${name})` })
    }
  }
  const found = resolveType(root, typeName)
  if (!found) return [{ path, problem: `unknown message type ${typeName}` }]
  checkObject(found, value, path)
  return problems
}

/** One line for the user: the first problem, and how many more. */
export function problemText(problems: readonly SchemaProblem[]): string {
  const first = problems[0]
  if (!first) return ''
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : ''
  return `${first.path}: ${first.problem}${more}`
}
