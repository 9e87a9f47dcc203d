/**
 * Hoppscotch keeps a request's path variables among its `requestVariables` (its own Postman and
 * Insomnia importers put `url.variable` / `pathParameters` there); the URL's `:name` segments say
 * which ones. The rest of the request variables are Hoppscotch's own scope and are reported.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { RequestSpec } from '../types.ts'
import { parseHoppscotchCollection } from './hoppscotch.ts'
import { parseJsonText } from './json-text.ts'

const request = (endpoint: string, requestVariables: unknown[]) => ({
  v: 2,
  name: 'Users',
  folders: [],
  requests: [
    { v: '6', name: 'Get user', method: 'GET', endpoint, params: [], headers: [], requestVariables },
  ],
})

describe('Hoppscotch path variables', () => {
  it('reads the request variables the URL names as its Path Variables rows', () => {
    const { value, report } = parseHoppscotchCollection(
      request('<<baseUrl>>/users/:id/posts/:postId', [
        { key: 'postId', value: '<<post>>', active: true },
        { key: 'id', value: '42', active: true },
      ]),
    )
    const spec = value.children[0] as RequestSpec
    expect(spec.url).toBe('{{baseUrl}}/users/:id/posts/:postId')
    expect(spec.pathVariables?.map((row) => [row.key, row.value])).toEqual([
      ['id', '42'],
      ['postId', '{{post}}'],
    ])
    expect(report.skipped).toEqual([])
  })

  it('leaves an inactive one empty and a segment without a variable as a row to fill in', () => {
    const { value } = parseHoppscotchCollection(
      request('https://api.test/:org/:repo', [{ key: 'org', value: 'acme', active: false }]),
    )
    expect((value.children[0] as RequestSpec).pathVariables?.map((row) => [row.key, row.value])).toEqual([
      ['org', ''],
      ['repo', ''],
    ])
  })

  it("reports Hoppscotch's other request variables (a real file from Hoppscotch's CLI tests)", () => {
    const json = parseJsonText(
      readFileSync(
        resolve(
          import.meta.dirname,
          '../../../tests/fixtures/import/found/hoppscotch-request-vars-coll.json',
        ),
        'utf8',
      ),
    )
    const { value, report } = parseHoppscotchCollection(json)
    expect(value.children.map((item) => (item as RequestSpec).pathVariables)).toEqual([undefined, undefined])
    expect(report.skipped.map((entry) => entry.path)).toEqual([
      'requests[0].requestVariables',
      'requests[1].requestVariables',
    ])
  })
})
