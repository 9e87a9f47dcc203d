import { describe, expect, it } from 'vitest'
import { introspectionAnswer } from '../../tests/fixtures/graphql-schema.ts'
import {
  completionAt,
  fieldSnippet,
  readIntrospection,
  SchemaError,
  searchSchema,
  userTypes,
} from './graphql-schema.ts'

const schema = readIntrospection(introspectionAnswer())
const names = (before: string) => completionAt(schema, before).type?.fields.map((f) => f.name)

describe('readIntrospection', () => {
  it('reads root types, fields with SDL types, arguments and defaults', () => {
    expect(schema.queryType).toBe('Query')
    expect(schema.mutationType).toBe('Mutation')
    const users = schema.types.get('Query')!.fields.find((f) => f.name === 'users')!
    expect(users.type).toBe('[User!]!')
    expect(users.typeName).toBe('User')
    expect(users.args).toEqual([
      { name: 'first', type: 'Int', defaultValue: '10' },
      { name: 'role', type: 'Role', defaultValue: null },
    ])
    expect(schema.types.get('Role')!.enumValues).toEqual(['ADMIN', 'USER'])
    expect(schema.types.get('NewUser')!.fields.map((f) => f.type)).toEqual(['String!', 'String'])
    expect(userTypes(schema).map((t) => t.name)).not.toContain('__Schema')
  })

  it('says why when the answer holds no schema', () => {
    expect(() => readIntrospection({ errors: [{ message: 'introspection is disabled' }] })).toThrow(
      new SchemaError('The endpoint did not answer introspection: introspection is disabled'),
    )
    expect(() => readIntrospection({ method: 'POST', path: '/post' })).toThrow(/no schema.*GraphQL endpoint/)
  })
})

describe('searchSchema', () => {
  it('finds types and Type.field, case-insensitive', () => {
    const found = searchSchema(schema, 'post').map((m) =>
      m.field ? `${m.type.name}.${m.field.name}` : m.type.name,
    )
    expect(found).toEqual(['User.posts', 'Post'])
    expect(searchSchema(schema, 'post.TI').map((m) => `${m.type.name}.${m.field?.name}`)).toEqual([
      'Post.title',
    ])
    expect(searchSchema(schema, '  ')).toEqual([])
  })
})

describe('fieldSnippet', () => {
  it('adds required arguments and a selection set for object types', () => {
    const query = schema.types.get('Query')!
    expect(
      fieldSnippet(
        schema,
        query.fields.find((f) => f.name === 'user')!,
      ),
    ).toBe('user(id: ) {  }')
    expect(
      fieldSnippet(
        schema,
        query.fields.find((f) => f.name === 'users')!,
      ),
    ).toBe('users {  }')
    expect(
      fieldSnippet(
        schema,
        query.fields.find((f) => f.name === 'version')!,
      ),
    ).toBe('version')
  })
})

describe('completionAt', () => {
  it('follows the selection sets from the operation’s root type', () => {
    expect(names('{ ')).toContain('users')
    expect(names('query Q($id: ID!) { user(id: $id) { na')).toContain('name')
    expect(completionAt(schema, '{ user(id: 1) { na').prefix).toBe('na')
    expect(names('{ users { posts(first: 2) { author { ')).toContain('email')
    expect(names('mutation { ')).toEqual(['createUser'])
    expect(names('{ me: user(id: 1) { ')).toContain('role')
    expect(names('{ search(text: "a { b") { ... on Post { ')).toContain('title')
    expect(names('fragment F on User { ')).toContain('posts')
  })

  it('offers nothing outside a selection set, inside arguments or after it closed', () => {
    expect(completionAt(schema, 'query ').type).toBeUndefined()
    expect(completionAt(schema, '{ user(i').type).toBeUndefined()
    expect(completionAt(schema, '{ version }').type).toBeUndefined()
    expect(completionAt(schema, '{ nope { ').type).toBeUndefined()
  })
})
