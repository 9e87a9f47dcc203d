/**
 * Saved responses (examples) in Bruno's `.bru` files and OpenCollection YAML. The `.bru` file is
 * Bruno's own (tests/fixtures/import/found/README.md says where it comes from); OpenCollection's
 * follows its published types (`HttpRequestExample`).
 */
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { stringify } from 'yaml'
import { folderSource } from '../../../tests/helpers/folder-source.ts'
import { exportBruno } from '../export/bruno.ts'
import type { RequestSpec, SavedResponse } from '../types.ts'
import { importSource } from './import-source.ts'
import { formatReport } from './report.ts'

const FOUND = resolve(import.meta.dirname, '../../../tests/fixtures/import/found/bruno-examples')
const withoutIds = (examples: SavedResponse[] | undefined) =>
  (examples ?? []).map(({ id: _id, ...rest }) => rest)

describe('Bruno examples', () => {
  const bundle = importSource(folderSource(FOUND))
  const request = bundle.collections[0]!.children[0] as RequestSpec

  it("reads a real .bru file's example blocks: name, status, headers, body and the request sent", () => {
    expect(request.examples?.map((e) => [e.name, e.status, e.statusText])).toEqual([
      ['Basic User Creation', 201, 'OK'],
      ['Advanced User with Profile', 201, 'OK'],
      ['XML Data Example', 201, 'OK'],
    ])
    const [basic, , xml] = request.examples!
    expect(JSON.parse(basic!.body)).toMatchObject({ id: 100, username: 'newuser' })
    expect(basic!.request).toMatchObject({ method: 'POST', url: 'https://api.example.com/users' })
    expect(basic!.request!.headers.map((h) => h.key)).toEqual(['authorization', 'content-type'])
    expect(JSON.parse(basic!.request!.body!)).toMatchObject({ username: 'newuser' })
    expect(xml!.body).toContain('<status>created</status>')
    expect(xml!.request!.body).toContain('<username>xmluser</username>')
    // Sendbox examples have no description: each is named in the report.
    expect(formatReport(bundle.report)).toContain(
      'description of example "Basic User Creation" at complex-with-auth.bru examples[0].description',
    )
  })

  it('writes them back as example blocks that Bruno reads the same', () => {
    const files = exportBruno(bundle.collections[0]!, { includeSecrets: true })
    const text = files.find((file) => file.path.endsWith('.bru') && file.text.includes('example {'))!.text
    expect(text.match(/^example \{/gm)).toHaveLength(3)
    const back = importSource({ kind: 'folder', name: 'exported', files })
    expect(withoutIds((back.collections[0]!.children[0] as RequestSpec).examples)).toEqual(
      withoutIds(request.examples),
    )
  })

  it('writes an example without its request, with response headers, and reads it back', () => {
    const examples: SavedResponse[] = [
      {
        id: 'e1',
        name: 'Not found',
        status: 404,
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '{"error":"no user"}',
      },
    ]
    const collection = structuredClone(bundle.collections[0]!)
    ;(collection.children[0] as RequestSpec).examples = examples
    const back = importSource({
      kind: 'folder',
      name: 'x',
      files: exportBruno(collection, { includeSecrets: true }),
    })
    // Bruno's parser reads a status without text as `OK`.
    expect(withoutIds((back.collections[0]!.children[0] as RequestSpec).examples)).toEqual([
      {
        name: 'Not found',
        status: 404,
        statusText: 'OK',
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '{"error":"no user"}',
        request: { method: 'POST', url: 'https://api.example.com/users', headers: [] },
      },
    ])
  })
})

describe('OpenCollection examples', () => {
  it('reads `examples` of a request: response body `data`, rows with `disabled`', () => {
    const yaml = stringify({
      opencollection: '1.0.0',
      info: { name: 'Users' },
      items: [
        {
          info: { name: 'Get user', type: 'http', seq: 1 },
          http: { method: 'GET', url: 'https://api.test/users/:id' },
          examples: [
            {
              name: 'Found',
              request: {
                url: 'https://api.test/users/7',
                method: 'GET',
                headers: [
                  { name: 'Accept', value: 'application/json' },
                  { name: 'X-Off', value: '1', disabled: true },
                ],
              },
              response: {
                status: 200,
                statusText: 'OK',
                headers: [{ name: 'Content-Type', value: 'application/json' }],
                body: { type: 'json', data: '{"id":7}' },
              },
            },
            'not an example',
          ],
        },
      ],
    })
    const bundle = importSource({ kind: 'file', name: 'users.yml', text: yaml })
    expect(withoutIds((bundle.collections[0]!.children[0] as RequestSpec).examples)).toEqual([
      {
        name: 'Found',
        status: 200,
        statusText: 'OK',
        headers: [{ key: 'Content-Type', value: 'application/json' }],
        body: '{"id":7}',
        request: {
          method: 'GET',
          url: 'https://api.test/users/7',
          headers: [{ key: 'Accept', value: 'application/json' }],
        },
      },
    ])
    expect(formatReport(bundle.report)).toContain('example 2 of request "Get user"')
  })
})
