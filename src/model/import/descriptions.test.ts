/** Descriptions of collections, folders and requests, from every format that has them. */
import { readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { exportOpenApi } from '../export/openapi.ts'
import { makeCollection, makeFolder, makeRequest } from '../factories.ts'
import type { Collection, TreeItem } from '../types.ts'
import { importSource } from './import-source.ts'
import { formatReport } from './report.ts'

const FIXTURES = resolve(import.meta.dirname, '../../../tests/fixtures/import')
const read = (name: string) =>
  importSource({ kind: 'file', name, text: readFileSync(join(FIXTURES, name), 'utf8') })
const find = (items: TreeItem[], name: string): TreeItem | undefined => {
  for (const item of items) {
    if (item.name === name) return item
    const inner = item.type === 'folder' ? find(item.children, name) : undefined
    if (inner) return inner
  }
  return undefined
}
const docs = (collection: Collection | undefined, ...names: string[]) =>
  names.map((name) => find(collection?.children ?? [], name)?.description)

describe('descriptions on import', () => {
  it('Insomnia v4: the workspace, a request group and a request', () => {
    const bundle = read('insomnia/v4-full.json')
    const [collection] = bundle.collections
    expect(collection?.description).toBe('Orders and users')
    expect(docs(collection, 'Users', 'Get user')).toEqual(['Who uses the shop', 'One user by id'])
    expect(formatReport(bundle.report)).not.toMatch(/description/i)
  })

  it('Insomnia v5: the file and a request, from `meta.description`', () => {
    const [collection] = read('insomnia/v5-full.yaml').collections
    expect(collection?.description).toBe('Orders and users')
    expect(docs(collection, 'Get user')).toEqual(['One user by id'])
  })

  it('Hoppscotch: a collection (a folder here: the file holds several) and a request', () => {
    const [collection] = read('hoppscotch/collections.json').collections
    expect(docs(collection, 'Echo API', 'Get user')).toEqual([
      "The echo server's API",
      'One user, *expanded*',
    ])
  })

  it('OpenAPI: info, a tag as its folder, and an operation (its summary is the name)', () => {
    const [collection] = read('openapi/petstore-3.0.yaml').collections
    expect(collection?.description).toBe("The pet shop's API.\n\nEvery call needs an **API key**.\n")
    expect(docs(collection, 'pets', 'List pets', 'Create a pet')).toEqual([
      'Pets for sale',
      'Pets in stock, newest first.',
      undefined,
    ])
  })

  it('a description of the wrong type is refused, naming where', () => {
    const postman = {
      info: { name: 'C', schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json' },
      item: [{ name: 'R', request: { url: 'https://h/', description: 42 } }],
    }
    expect(() => importSource({ kind: 'file', name: 'c.json', text: JSON.stringify(postman) })).toThrow(
      /item\[0\]\.request\.description: expected a string, found number 42/,
    )
  })
})

describe('descriptions on export', () => {
  it('OpenAPI 3.1 writes info, top-folder tags and operations, and reads them back; a nested folder is reported', () => {
    const source = makeCollection({
      name: 'Docs',
      description: 'About *Docs*',
      children: [
        makeFolder({
          name: 'Users',
          description: 'People',
          children: [
            makeRequest({ name: 'List', url: 'https://h/users', description: 'All of them' }),
            makeFolder({ name: 'Inner', description: 'Lost in OpenAPI', children: [] }),
          ],
        }),
      ],
    })
    const report = { skipped: [] }
    const [file] = exportOpenApi(source, { includeSecrets: false, report })
    expect(formatReport(report)).toBe(
      '1 item skipped: description of folder "Inner" at Users (OpenAPI describes only top folders (tags))',
    )
    const [back] = importSource({ kind: 'file', name: file!.path, text: file!.text }).collections
    expect(back?.description).toBe('About *Docs*')
    expect(docs(back, 'Users', 'List')).toEqual(['People', 'All of them'])
  })
})
