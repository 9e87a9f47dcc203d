/**
 * A GraphQL schema read from the standard introspection answer, for the schema explorer and the
 * query field completion. No GraphQL library: the answer is plain JSON, and completion needs only
 * the nesting of `{` around the cursor, which a small tokenizer sees.
 */

/** The introspection query every GraphQL server answers (the fields explorers use). */
export const INTROSPECTION_QUERY = `query IntrospectionQuery {
  __schema {
    queryType { name }
    mutationType { name }
    subscriptionType { name }
    types {
      kind name description
      fields(includeDeprecated: true) {
        name description isDeprecated
        args { name description defaultValue type { ...TypeRef } }
        type { ...TypeRef }
      }
      inputFields { name description defaultValue type { ...TypeRef } }
      enumValues(includeDeprecated: true) { name }
      possibleTypes { name }
    }
  }
}
fragment TypeRef on __Type {
  kind name
  ofType { kind name ofType { kind name ofType { kind name ofType { kind name ofType { kind name } } } } }
}`

export interface SchemaArg {
  name: string
  type: string
  defaultValue: string | null
}

export interface SchemaField {
  name: string
  description: string
  /** As written in SDL: `[User!]!`. */
  type: string
  /** The named type inside the wrappers: `User`. */
  typeName: string
  args: SchemaArg[]
  deprecated: boolean
}

export interface SchemaType {
  name: string
  kind: string
  description: string
  /** Fields, or an input object's input fields. */
  fields: SchemaField[]
  enumValues: string[]
  possibleTypes: string[]
}

export interface Schema {
  queryType: string | null
  mutationType: string | null
  subscriptionType: string | null
  types: Map<string, SchemaType>
}

interface TypeRef {
  kind: string
  name: string | null
  ofType?: TypeRef | null
}

export class SchemaError extends Error {}

function render(ref: TypeRef | null | undefined): string {
  if (!ref) return '?'
  if (ref.kind === 'NON_NULL') return `${render(ref.ofType)}!`
  if (ref.kind === 'LIST') return `[${render(ref.ofType)}]`
  return ref.name ?? '?'
}

function named(ref: TypeRef | null | undefined): string {
  let current = ref
  while (current && !current.name) current = current.ofType
  return current?.name ?? '?'
}

type RawField = {
  name: string
  description?: string | null
  isDeprecated?: boolean
  args?: { name: string; defaultValue?: string | null; type: TypeRef }[]
  defaultValue?: string | null
  type: TypeRef
}

/** The answer of INTROSPECTION_QUERY (the whole JSON response) → a schema, or a SchemaError. */
export function readIntrospection(answer: unknown): Schema {
  const root = answer as { data?: { __schema?: unknown } | null; errors?: { message?: string }[] } | null
  const raw = root?.data?.__schema as
    | {
        queryType?: { name: string } | null
        mutationType?: { name: string } | null
        subscriptionType?: { name: string } | null
        types?: unknown
      }
    | undefined
  if (!raw || !Array.isArray(raw.types)) {
    const first = root?.errors?.find((e) => typeof e?.message === 'string')?.message
    throw new SchemaError(
      first
        ? `The endpoint did not answer introspection: ${first}`
        : 'The answer holds no schema (data.__schema): is this a GraphQL endpoint?',
    )
  }
  const types = new Map<string, SchemaType>()
  for (const t of raw.types as {
    kind: string
    name: string
    description?: string | null
    fields?: RawField[] | null
    inputFields?: RawField[] | null
    enumValues?: { name: string }[] | null
    possibleTypes?: { name: string }[] | null
  }[]) {
    if (!t?.name) continue
    types.set(t.name, {
      name: t.name,
      kind: t.kind,
      description: t.description ?? '',
      fields: [...(t.fields ?? []), ...(t.inputFields ?? [])].map((f) => ({
        name: f.name,
        description: f.description ?? '',
        type: render(f.type),
        typeName: named(f.type),
        args: (f.args ?? []).map((a) => ({
          name: a.name,
          type: render(a.type),
          defaultValue: a.defaultValue ?? null,
        })),
        deprecated: f.isDeprecated ?? false,
      })),
      enumValues: (t.enumValues ?? []).map((v) => v.name),
      possibleTypes: (t.possibleTypes ?? []).map((p) => p.name),
    })
  }
  return {
    queryType: raw.queryType?.name ?? null,
    mutationType: raw.mutationType?.name ?? null,
    subscriptionType: raw.subscriptionType?.name ?? null,
    types,
  }
}

/** Types a user browses: the schema's own, without the `__` introspection types. */
export function userTypes(schema: Schema): SchemaType[] {
  return [...schema.types.values()].filter((t) => !t.name.startsWith('__'))
}

export interface SchemaMatch {
  type: SchemaType
  field?: SchemaField
}

/** Types and fields whose name contains the text (or `Type.field` when it has a dot), case-insensitive. */
export function searchSchema(schema: Schema, text: string, limit = 50): SchemaMatch[] {
  const needle = text.trim().toLowerCase()
  if (!needle) return []
  const matches: SchemaMatch[] = []
  for (const type of userTypes(schema)) {
    if (type.name.toLowerCase().includes(needle)) matches.push({ type })
    for (const field of type.fields) {
      const name = needle.includes('.') ? `${type.name}.${field.name}` : field.name
      if (name.toLowerCase().includes(needle)) matches.push({ type, field })
    }
    if (matches.length >= limit) break
  }
  return matches.slice(0, limit)
}

/** What a click on a field inserts: its name, required arguments to fill in, a selection for objects. */
export function fieldSnippet(schema: Schema, field: SchemaField): string {
  const required = field.args.filter((a) => a.type.endsWith('!') && a.defaultValue === null)
  const args = required.length ? `(${required.map((a) => `${a.name}: `).join(', ')})` : ''
  const kind = schema.types.get(field.typeName)?.kind
  const selection = kind === 'OBJECT' || kind === 'INTERFACE' || kind === 'UNION' ? ' {  }' : ''
  return `${field.name}${args}${selection}`
}

/**
 * The type whose fields fit at the end of `before` (the query text up to the cursor) and the name
 * typed so far. Undefined type outside any selection set or inside arguments.
 */
export function completionAt(schema: Schema, before: string): { type?: SchemaType; prefix: string } {
  const prefix = /[_A-Za-z][_0-9A-Za-z]*$/.exec(before)?.[0] ?? ''
  const text = before
    .slice(0, before.length - prefix.length)
    .replace(/"""[\s\S]*?("""|$)|"(?:[^"\\\n]|\\.)*("|$)|#[^\n]*/g, ' ')
  const tokens = text.match(/\.\.\.|[_A-Za-z][_0-9A-Za-z]*|[{}():]/g) ?? []
  const stack: (SchemaType | undefined)[] = []
  let parens = 0
  let root: string | null = schema.queryType
  let lastField: string | null = null
  let onType: string | null = null
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i]!
    if (token === '(') parens++
    else if (token === ')') parens = Math.max(0, parens - 1)
    else if (parens > 0) continue
    else if (token === '{') {
      const parent = stack.at(-1)
      let next: SchemaType | undefined
      if (onType) next = schema.types.get(onType)
      else if (stack.length === 0) next = root ? schema.types.get(root) : undefined
      else if (parent && lastField) {
        const field = parent.fields.find((f) => f.name === lastField)
        next = field ? schema.types.get(field.typeName) : undefined
      }
      stack.push(next)
      lastField = null
      onType = null
    } else if (token === '}') {
      stack.pop()
      lastField = null
    } else if (token === '...') {
      if (tokens[i + 1] === 'on') {
        onType = tokens[i + 2] ?? null
        i += 2
      }
    } else if (token === ':') {
      // `alias: field`: the field name comes next.
    } else if (stack.length === 0) {
      if (token === 'mutation') root = schema.mutationType
      else if (token === 'subscription') root = schema.subscriptionType
      else if (token === 'query') root = schema.queryType
      else if (token === 'on') onType = tokens[++i] ?? null
    } else lastField = token
  }
  if (parens > 0 || stack.length === 0) return { prefix }
  return { type: stack.at(-1), prefix }
}
