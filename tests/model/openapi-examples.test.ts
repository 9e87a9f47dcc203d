/** Response examples of a real OpenAPI document become saved responses, and the mock serves them. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { expect, it } from 'vitest'
import { EXPORTERS } from '../../src/model/export/index.ts'
import { importSource } from '../../src/model/import/import-source.ts'
import { answerMock } from '../../src/model/mock/match.ts'
import { mockRoutes } from '../../src/model/mock/routes.ts'
import type { RequestSpec } from '../../src/model/types.ts'

const file = resolve(import.meta.dirname, '../fixtures/import/openapi/api-with-examples.yaml')

it("reads each response's named examples with their status and media type", () => {
  const bundle = importSource({
    kind: 'file',
    name: 'api-with-examples.yaml',
    text: readFileSync(file, 'utf8'),
  })
  const collection = bundle.collections[0]!
  const [list, details] = collection.children as RequestSpec[]
  expect(list!.examples!.map((e) => [e.name, e.status, e.statusText])).toEqual([
    ['foo', 200, '200 response'],
    ['foo', 300, '300 response'],
  ])
  expect(details!.examples!.map((e) => e.status)).toEqual([200, 203])
  const first = list!.examples![0]!
  expect(first.headers).toEqual([{ key: 'Content-Type', value: 'application/json' }])
  expect(JSON.parse(first.body).versions.map((v: { id: string }) => v.id)).toEqual(['v2.0', 'v3.0'])
  expect(first.request).toMatchObject({ method: 'GET' })

  const routes = mockRoutes(collection)
  const answer = answerMock(routes, { method: 'GET', url: '/v2', headers: {} })
  expect(answer.status).toBe(200)
  expect(JSON.parse(answer.body).version.id).toBe('v2.0')
})

it('writes examples back as responses that read in again unchanged', () => {
  const bundle = importSource({
    kind: 'file',
    name: 'api-with-examples.yaml',
    text: readFileSync(file, 'utf8'),
  })
  const collection = bundle.collections[0]!
  const text = EXPORTERS.find((entry) => entry.id === 'openapi')!.exporter(collection, {
    includeSecrets: false,
  })[0]!.text
  const again = importSource({ kind: 'file', name: 'again.json', text }).collections[0]!
  const pick = (c: typeof collection) =>
    (c.children as RequestSpec[]).map((r) => r.examples!.map((e) => [e.name, e.status, JSON.parse(e.body)]))
  expect(pick(again)).toEqual(pick(collection))
})
