/**
 * A sample value for a JSON Schema (OpenAPI 3.1's dialect, which Swagger 2.0 and OpenAPI 3.0
 * documents are upgraded to): the schema's own `example`, `examples`, `default`, `const` or first
 * `enum` value where it has one, else a value of its type. Schemas are already dereferenced and may
 * refer to themselves: a schema met again inside itself, or past a depth limit, is left out.
 */
import { isObject, type Json, type JsonObject } from './import-error.ts'

const MAX_DEPTH = 12
const MAX_PROPERTIES = 200

/** A media type's or parameter's example: `example`, the first of `examples`, else from the schema. */
export function exampleOf(source: JsonObject): Json | undefined {
  if (source.example !== undefined) return source.example
  if (isObject(source.examples)) {
    for (const example of Object.values(source.examples)) {
      if (isObject(example) && example.value !== undefined) return example.value
    }
  }
  return isObject(source.schema) ? sampleOf(source.schema) : undefined
}

export function sampleOf(schema: unknown): Json | undefined {
  return sample(schema, new Set(), 0)
}

function sample(schema: unknown, seen: Set<unknown>, depth: number): Json | undefined {
  if (!isObject(schema) || seen.has(schema) || depth > MAX_DEPTH) return undefined
  if (schema.example !== undefined) return schema.example
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return schema.examples[0]
  if (schema.default !== undefined) return schema.default
  if (schema.const !== undefined) return schema.const
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0]
  seen.add(schema)
  try {
    if (Array.isArray(schema.allOf)) {
      const parts = schema.allOf.map((part) => sample(part, seen, depth + 1))
      const objects = parts.filter(isObject)
      if (objects.length > 0) return Object.assign({}, ...objects) as JsonObject
      return parts.find((part) => part !== undefined)
    }
    for (const key of ['oneOf', 'anyOf'] as const) {
      const list = schema[key]
      if (Array.isArray(list)) {
        for (const option of list) {
          const value = sample(option, seen, depth + 1)
          if (value !== undefined) return value
        }
      }
    }
    const type = typeOf(schema)
    switch (type) {
      case 'object': {
        const result: JsonObject = {}
        const properties = isObject(schema.properties) ? Object.entries(schema.properties) : []
        for (const [name, property] of properties.slice(0, MAX_PROPERTIES)) {
          if (isObject(property) && property.readOnly === true) continue
          const value = sample(property, seen, depth + 1)
          // `__proto__` as a plain assignment would set the prototype, not a property.
          if (value !== undefined)
            Object.defineProperty(result, name, {
              value,
              enumerable: true,
              writable: true,
              configurable: true,
            })
        }
        return result
      }
      case 'array': {
        const item = sample(schema.items, seen, depth + 1)
        return item === undefined ? [] : [item]
      }
      case 'string':
        return stringSample(typeof schema.format === 'string' ? schema.format : '')
      case 'integer':
      case 'number':
        return typeof schema.minimum === 'number' ? schema.minimum : 0
      case 'boolean':
        return true
      case 'null':
        return null
      default:
        return undefined
    }
  } finally {
    seen.delete(schema)
  }
}

function typeOf(schema: JsonObject): string {
  const type = schema.type
  if (typeof type === 'string') return type
  if (Array.isArray(type)) {
    const first = type.find((t) => t !== 'null') ?? type[0]
    return typeof first === 'string' ? first : ''
  }
  if (isObject(schema.properties)) return 'object'
  if (schema.items !== undefined) return 'array'
  return ''
}

const FORMATS: Record<string, string> = {
  'date-time': '2026-01-01T00:00:00Z',
  date: '2026-01-01',
  time: '00:00:00Z',
  email: 'user@example.com',
  uuid: '3fa85f64-5717-4562-b3fc-2c963f66afa6',
  uri: 'https://example.com',
  url: 'https://example.com',
  hostname: 'example.com',
  ipv4: '192.0.2.1',
  ipv6: '2001:db8::1',
  byte: 'U3RyaW5n',
}

function stringSample(format: string): string {
  return FORMATS[format] ?? 'string'
}
