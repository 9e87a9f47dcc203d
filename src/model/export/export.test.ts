import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { resolve } from 'node:path'
import { validate } from '@scalar/openapi-parser'
import { describe, expect, it } from 'vitest'
import { makeCollection, makeFolder, makeRequest, makeRow, makeVariable } from '../factories.ts'
import { parseHar } from '../import/har.ts'
import { parseInsomniaV4 } from '../import/insomnia-v4.ts'
import { parseOpenApi } from '../import/openapi.ts'
import { parseSendboxCollection } from '../import/sendbox.ts'
import { parseYamlOrJson } from '../import/yaml-text.ts'
import type { Collection, RequestSpec, TreeItem } from '../types.ts'
import type { HistoryEntry } from '../workspace/types.ts'
import { exportHistoryHar, harHttpVersion } from './har.ts'
import { EXPORTERS, findExporter } from './index.ts'

// har-validator (HAR 1.2's JSON schemas) comes with newman, a dev dependency.
const require = createRequire(import.meta.url)
const harValidator = require('har-validator/lib/promise') as { har(data: unknown): Promise<boolean> }

const fixture = (folder: string, name: string) =>
  parseYamlOrJson(
    readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/import', folder, name), 'utf8'),
  )

function requests(items: TreeItem[]): RequestSpec[] {
  return items.flatMap((item) => (item.type === 'folder' ? requests(item.children) : [item]))
}
/** What an OpenAPI document can say about a request. */
const mapped = (request: RequestSpec) => ({
  name: request.name,
  method: request.method,
  url: request.url,
  params: request.params.map((r) => [r.key, r.value, r.enabled]),
  headers: request.headers.map((r) => [r.key, r.value]),
  cookies: request.cookies.map((r) => [r.key, r.value]),
  body:
    request.body.type === 'raw'
      ? { ...request.body, text: request.body.text && JSON.stringify(JSON.parse(request.body.text)) }
      : request.body.type === 'form-data' || request.body.type === 'urlencoded'
        ? request.body.rows.map((r) => [r.key, r.value, 'type' in r ? r.type : 'text'])
        : request.body,
  auth: request.auth,
})
const exportWith = (id: string, collection: Collection, includeSecrets = false) => {
  const files = findExporter(id)!.exporter(collection, { includeSecrets })
  expect(files).toHaveLength(1)
  return files[0]!
}

/** Encoded and as-typed URLs compared as text (`{% … %}` is not an escape: kept as it is). */
const decoded = (url: string) => url.replace(/%[0-9A-F]{2}/gi, (escape) => decodeURIComponent(escape))

describe('export registry', () => {
  it('has every format Sendbox writes, each once', () => {
    expect(EXPORTERS.map((e) => e.id)).toEqual(['sendbox', 'postman', 'bruno', 'openapi', 'har'])
  })
})

describe('OpenAPI 3.1 export', () => {
  const original = parseOpenApi(fixture('openapi', 'petstore-3.0.yaml')).value
  const file = exportWith('openapi', original)
  const document = JSON.parse(file.text) as Record<string, unknown>

  it('is a valid OpenAPI 3.1 document', async () => {
    expect(file.path).toBe('Pet Shop.openapi.json')
    expect(document.openapi).toBe('3.1.0')
    const result = await validate(structuredClone(document))
    expect(result.errors).toEqual([])
    expect(result.valid).toBe(true)
  })

  it('re-imports to the same requests (method, URL, parameters, headers, body, auth)', () => {
    const back = parseOpenApi(document).value
    expect(requests(back.children).map(mapped)).toEqual(requests(original.children).map(mapped))
    expect(back.children.map((c) => c.name)).toEqual(original.children.map((c) => c.name))
    expect(back.auth).toEqual(original.auth)
    expect(back.variables.find((v) => v.key === 'baseUrl')?.value).toBe('https://eu.pets.example/v1')
  })

  it('writes a collection made in Sendbox: path variables, origins, duplicates listed', async () => {
    const collection = makeCollection({
      name: 'Made here',
      auth: { type: 'bearer', token: '{{token}}' },
      variables: [makeVariable({ key: 'token', value: 'T', secret: true })],
      children: [
        makeFolder({
          name: 'Users',
          children: [
            makeRequest({ name: 'Get', url: 'https://api.example/users/:id?x=1' }),
            makeRequest({ name: 'Get again', url: 'https://api.example/users/{{id}}' }),
            makeRequest({
              name: 'Post',
              method: 'POST',
              url: 'https://api.example/users',
              headers: [makeRow({ key: 'X-Key', value: 'v' })],
              body: { type: 'raw', language: 'json', text: '{"a": {{n}}}' },
              auth: { type: 'apikey', key: '__proto__', value: 'k', addTo: 'query' },
            }),
          ],
        }),
      ],
    })
    const doc = JSON.parse(exportWith('openapi', collection).text) as Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any -- a parsed document
    expect(doc.servers).toEqual([{ url: 'https://api.example' }])
    expect(Object.keys(doc.paths)).toEqual(['/users/{id}', '/users'])
    expect(doc['x-sendbox-skipped']).toEqual([
      {
        name: 'Get again',
        method: 'GET',
        path: '/users/{id}',
        reason: 'another request has this method and path',
      },
    ])
    expect(doc.paths['/users'].post.requestBody.content['application/json'].example).toBe('{"a": {{n}}}')
    expect((await validate(structuredClone(doc))).valid).toBe(true)
    expect(JSON.stringify(doc)).not.toContain('"T"')
  })
})

describe('HAR 1.2 export', () => {
  it('writes a collection as HAR that validates and re-imports to the same requests', async () => {
    const { collections, environments } = parseInsomniaV4(fixture('insomnia', 'v4-full.json')).value
    const collection = collections[0]!
    const [file] = findExporter('har')!.exporter(collection, { includeSecrets: false, environments })
    if (!file) throw new Error('no file')
    const har = JSON.parse(file.text) as unknown
    await harValidator.har(har) // rejects, naming the field, when the file is not HAR 1.2
    const back = parseHar(har).value
    const sent = requests(collection.children)
    expect(requests(back.children).map((r) => [r.method, decoded(r.url)])).toEqual(
      sent.map((r) => [
        r.method,
        decoded(r.url)
          .replace('{{base_url}}', 'https://shop.example')
          .replace('{{userId}}', '7')
          .replace(/\/login$/, '/login?api_key=q-1'),
      ]),
    )
    const upload = requests(back.children).find((r) => r.url.endsWith('/upload'))!
    expect(
      upload.body.type === 'form-data' && upload.body.rows.map((r) => [r.key, r.type, r.fileRef]),
    ).toEqual([
      ['title', 'text', undefined],
      ['photo', 'file', 'photos/beach.png'],
    ])
  })

  it('writes a secret only when asked', () => {
    const collection = makeCollection({
      variables: [makeVariable({ key: 'token', value: 's3cret', secret: true })],
      auth: { type: 'bearer', token: '{{token}}' },
      children: [makeRequest({ url: 'https://a.example/x' })],
    })
    expect(exportWith('har', collection).text).toContain('Bearer {{token}}')
    expect(exportWith('har', collection, true).text).toContain('Bearer s3cret')
    expect(exportWith('sendbox', collection).text).not.toContain('s3cret')
    expect(
      parseSendboxCollection(JSON.parse(exportWith('sendbox', collection, true).text)).variables[0]?.value,
    ).toBe('s3cret')
  })

  it('writes history entries as HAR that validates', async () => {
    const history: HistoryEntry[] = [
      {
        id: 'b',
        time: 2_000,
        method: 'POST',
        url: 'https://a.example/b?q=1',
        status: 201,
        durationMs: 12,
        outcome: 'done',
        httpVersion: '2',
      },
      {
        id: 'a',
        time: 1_000,
        method: 'GET',
        url: 'https://a.example/a',
        outcome: 'failed',
        error: 'ECONNREFUSED',
      },
    ]
    const har = JSON.parse(exportHistoryHar(history).text) as {
      log: { entries: { request: { url: string; httpVersion: string }; response: { httpVersion: string } }[] }
    }
    await harValidator.har(har) // rejects, naming the field, when the file is not HAR 1.2
    expect(har.log.entries.map((e) => e.request.url)).toEqual([
      'https://a.example/a',
      'https://a.example/b?q=1',
    ])
    // The protocol the response came over, written as browsers write it; none recorded: HTTP/1.1.
    expect(har.log.entries.map((e) => [e.request.httpVersion, e.response.httpVersion])).toEqual([
      ['HTTP/1.1', 'HTTP/1.1'],
      ['HTTP/2.0', 'HTTP/2.0'],
    ])
  })

  it('writes a request set to HTTP/2 as HTTP/2.0, the others as HTTP/1.1', () => {
    const collection = makeCollection({
      children: [
        makeRequest({ url: 'https://a.example/h2', httpVersion: '2' }),
        makeRequest({ url: 'http://a.example/h2c', httpVersion: 'h2c' }),
        makeRequest({ url: 'https://a.example/auto' }),
      ],
    })
    const har = JSON.parse(exportWith('har', collection).text) as {
      log: { entries: { request: { httpVersion: string } }[] }
    }
    expect(har.log.entries.map((e) => e.request.httpVersion)).toEqual(['HTTP/2.0', 'HTTP/2.0', 'HTTP/1.1'])
  })

  it('writes HAR versions as browsers do, empty when the browser did not tell', () => {
    expect(['1.1', '2', '3', '', undefined].map(harHttpVersion)).toEqual([
      'HTTP/1.1',
      'HTTP/2.0',
      'HTTP/3.0',
      '',
      'HTTP/1.1',
    ])
  })
})
