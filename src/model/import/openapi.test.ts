import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Collection, Folder, RequestSpec, TreeItem } from '../types.ts'
import { ImportError } from './import-error.ts'
import { isOpenApi, parseOpenApi, pointerToPath } from './openapi.ts'
import { sampleOf } from './openapi-sample.ts'
import { formatReport } from './report.ts'
import { parseYamlOrJson } from './yaml-text.ts'

const fixture = (name: string) =>
  parseYamlOrJson(
    readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/import/openapi', name), 'utf8'),
  )

function find(items: TreeItem[], name: string): RequestSpec {
  for (const item of items) {
    if (item.type === 'request' && item.name === name) return item
    if (item.type === 'folder') {
      const inner = items.length > 0 ? findIn(item, name) : undefined
      if (inner) return inner
    }
  }
  throw new Error(`no request ${name}`)
}
function findIn(folder: Folder, name: string): RequestSpec | undefined {
  try {
    return find(folder.children, name)
  } catch {
    return undefined
  }
}
const variables = (collection: Collection) => collection.variables.map((v) => [v.key, v.value, v.secret])

describe('OpenAPI 3.0 import (YAML)', () => {
  const json = fixture('petstore-3.0.yaml')
  const { value: collection, report } = parseOpenApi(json)
  const request = (name: string) => find(collection.children, name)

  it('is detected; folders by tag in the document order, untagged operations at the root', () => {
    expect(isOpenApi(json)).toBe(true)
    expect(isOpenApi({ swagger: '1.2' })).toBe(false)
    expect(collection.name).toBe('Pet Shop')
    expect(collection.children.map((item) => item.name)).toEqual(['pets', 'store', 'Health'])
    expect((collection.children[0] as Folder).children.map((item) => item.name)).toEqual([
      'List pets',
      'Create a pet',
      'showPetById',
      'Update a pet',
      'Delete a pet',
      'Upload a photo',
    ])
  })

  it('puts the first server (its variables filled) in {{baseUrl}}, path parameters in Path Variables', () => {
    expect(variables(collection)).toEqual([['baseUrl', 'https://eu.pets.example/v1', false]])
    const show = request('showPetById')
    expect(show.url).toBe('{{baseUrl}}/pets/:petId')
    expect(show.pathVariables?.map((r) => [r.key, r.value])).toEqual([['petId', '42']])
  })

  it('keeps a parameter inside a segment ({version}) as a collection variable', () => {
    const { value } = parseOpenApi({
      openapi: '3.0.3',
      info: { title: 'V', version: '1' },
      paths: {
        '/v{version}/files/{name}.json': {
          get: {
            operationId: 'file',
            parameters: [
              { name: 'version', in: 'path', required: true, example: 2, schema: { type: 'integer' } },
              {
                name: 'name',
                in: 'path',
                required: true,
                description: 'the file',
                schema: { type: 'string' },
              },
            ],
            responses: { '200': { description: 'ok' } },
          },
        },
      },
    })
    const file = value.children[0] as RequestSpec
    expect(file.url).toBe('{{baseUrl}}/v{{version}}/files/:name.json')
    expect(file.pathVariables?.map((r) => [r.key, r.value, r.description])).toEqual([
      ['name', 'string', 'the file'],
    ])
    expect(variables(value)).toContainEqual(['version', '2', false])
  })

  it('maps query, header and cookie parameters; an optional one without a value is off', () => {
    const list = request('List pets')
    expect(list.url).toBe('{{baseUrl}}/pets?limit=20')
    expect(list.params.map((r) => [r.key, r.value, r.enabled])).toEqual([
      ['limit', '20', true],
      ['tag', 'string', false],
    ])
    expect(list.headers.map((r) => [r.key, r.value])).toEqual([['X-Request-Id', 'r-1']])
    expect(list.cookies.map((r) => [r.key, r.value])).toEqual([['session', 's-1']])
  })

  it('uses the example as the body, or a sample made from the schema', () => {
    expect(request('Create a pet').body).toEqual({
      type: 'raw',
      language: 'json',
      text: JSON.stringify({ name: 'Rex', tag: 'dog' }, null, 2),
    })
    const update = request('Update a pet').body
    expect(update.type === 'raw' && JSON.parse(update.text)).toEqual({
      name: 'string',
      tag: 'string',
      born: '2026-01-01',
      status: 'available',
    })
    const upload = request('Upload a photo').body
    expect(upload.type === 'form-data' && upload.rows.map((r) => [r.key, r.type, r.value])).toEqual([
      ['caption', 'text', 'At the beach'],
      ['file', 'file', ''],
    ])
    const order = request('Place an order').body
    expect(order.type === 'urlencoded' && order.rows.map((r) => [r.key, r.value])).toEqual([
      ['petId', '42'],
      ['quantity', '0'],
    ])
  })

  it('maps security schemes to auth: document-wide, per operation, none', () => {
    expect(collection.auth).toEqual({
      type: 'apikey',
      key: 'X-Api-Key',
      value: '{{apiKeyHeader}}',
      addTo: 'header',
    })
    expect(request('List pets').auth).toEqual({ type: 'inherit' })
    expect(request('showPetById').auth).toEqual({ type: 'bearer', token: '{{bearerAuth}}' })
    expect(request('Delete a pet').auth).toEqual({ type: 'none' })
    expect(request('Inventory').auth).toEqual({
      type: 'basic',
      username: '{{basicAuthUsername}}',
      password: '{{basicAuthPassword}}',
    })
    expect(request('Place an order').auth).toMatchObject({
      type: 'oauth2',
      grant: 'client-credentials',
      tokenUrl: 'https://auth.pets.example/token',
      scope: 'orders:write',
    })
  })

  it('reports the cookie API key and the TRACE operation', () => {
    expect(formatReport(report)).toBe(
      '2 items skipped: security scheme "apiKeyCookie" of operation "Health" at paths["/health"].get.security (an API key in "cookie" is not supported (header or query only)); operation "Trace" at paths["/health"].trace (method TRACE is not supported)',
    )
  })
})

describe('Swagger 2.0 and OpenAPI 3.1', () => {
  it('reads Swagger 2.0: host and basePath as {{baseUrl}}, body parameters, apiKey in the query', () => {
    const { value: collection } = parseOpenApi(fixture('swagger-2.0.json'))
    expect(variables(collection)).toEqual([['baseUrl', 'https://users.example/api', false]])
    expect(collection.auth).toEqual({ type: 'apikey', key: 'api_key', value: '{{key}}', addTo: 'query' })
    const get = find(collection.children, 'Get a user')
    expect(get.url).toBe('{{baseUrl}}/users/:id?fields=name')
    expect(get.pathVariables?.map((r) => [r.key, r.value])).toEqual([['id', '7']])
    const put = find(collection.children, 'Replace a user').body
    expect(put.type === 'raw' && JSON.parse(put.text)).toEqual({ name: 'Ann', email: 'user@example.com' })
  })

  it('reads circular schemas (a sample stops where the schema repeats) and reports webhooks', () => {
    const { value: collection, report } = parseOpenApi(fixture('circular-3.1.json'))
    const body = find(collection.children, 'addPerson').body
    expect(body.type === 'raw' && JSON.parse(body.text).name).toBe('Ada')
    expect(JSON.stringify(collection).length).toBeLessThan(20_000)
    expect(formatReport(report)).toContain('webhook "personAdded"')
  })

  it('samples a schema that refers to itself without looping', () => {
    const node: Record<string, unknown> = { type: 'object', properties: {} }
    ;(node.properties as Record<string, unknown>).next = node
    expect(sampleOf(node)).toEqual({})
  })
})

describe('OpenAPI: bad documents are refused naming the first problem', () => {
  it.each([
    [
      { openapi: '3.1.0', info: { title: 'a', version: '1' }, paths: { '/a': { get: { responses: 5 } } } },
      'paths["/a"].get.responses: type must be object',
    ],
    [
      {
        openapi: '3.0.0',
        info: { title: 'a', version: '1' },
        paths: {
          '/a': {
            get: {
              responses: { 200: { description: 'ok' } },
              parameters: [{ $ref: '#/components/parameters/Nope' }],
            },
          },
        },
      },
      "Can't resolve reference: #/components/parameters/Nope",
    ],
    [
      {
        openapi: '3.0.0',
        info: { title: 'a', version: '1' },
        paths: { '/a/{x}': { get: { responses: { 200: { description: 'ok' } } } } },
      },
      'Declared path parameter "x" needs to be defined',
    ],
    [
      { swagger: '2.0', info: { title: 'a', version: '1' }, paths: { '/a': 5 } },
      'paths["/a"]: type must be object',
    ],
    [{ openapi: '2.5' }, 'not an OpenAPI document'],
  ])('%j', (json, message) => {
    let error: unknown
    try {
      parseOpenApi(json)
    } catch (caught) {
      error = caught
    }
    expect(error).toBeInstanceOf(ImportError)
    expect((error as Error).message).toContain(message)
  })

  it('writes JSON pointers as paths', () => {
    expect(pointerToPath('/paths/~1pets~1{id}/get/parameters/0')).toBe(
      'paths["/pets/{id}"].get.parameters[0]',
    )
  })
})
