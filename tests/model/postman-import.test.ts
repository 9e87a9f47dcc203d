import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importSource } from '../../src/model/import/import-source.ts'
import { formatReport } from '../../src/model/import/report.ts'
import type { Folder, RequestSpec } from '../../src/model/types.ts'

const DIR = resolve(import.meta.dirname, '../fixtures/import/postman')
const read = (name: string) =>
  importSource({ kind: 'file', name, text: readFileSync(resolve(DIR, name), 'utf8') })

describe('Postman Collection v2.0', () => {
  const bundle = read('v2.0-shop.postman_collection.json')
  const collection = bundle.collections[0]!
  const orders = collection.children[0] as Folder
  const [list, byId] = orders.children as RequestSpec[]
  const [create, upload, aws, oauth] = collection.children.slice(1) as RequestSpec[]

  it('is told apart from v2.1 and read with its object-shaped auth', () => {
    expect(bundle).toMatchObject({ format: 'postman', label: 'Postman Collection v2.0' })
    expect(collection.auth).toEqual({ type: 'basic', username: 'admin', password: '{{adminPassword}}' })
    expect(orders.auth).toEqual({ type: 'bearer', token: '{{orderToken}}' })
    expect(create!.auth).toEqual({ type: 'apikey', key: 'X-Key', value: '{{key}}', addTo: 'header' })
    expect(aws!.auth).toMatchObject({
      type: 'sigv4',
      accessKeyId: 'AK',
      secretAccessKey: 'SK',
      region: 'eu-west-1',
    })
    expect(oauth!.auth).toMatchObject({
      type: 'oauth2',
      grant: 'client-credentials',
      clientId: 'cid',
      scope: 'read',
    })
  })

  it('reads variables (numbers as text, secret ones as secret), header lines, path variables and scripts', () => {
    expect(collection.variables.map((v) => [v.key, v.value, v.secret])).toEqual([
      ['baseUrl', 'https://shop.example', false],
      ['retries', '3', false],
      ['signingKey', 's3', true],
    ])
    expect(list!.headers.map((h) => `${h.key}: ${h.value}`)).toEqual([
      'Accept: application/json',
      'X-Page-Size: 20',
    ])
    expect(list!.params.map((p) => `${p.key}=${p.value}`)).toEqual(['status=open'])
    expect(byId!.url).toBe('{{baseUrl}}/orders/:id')
    expect(byId!.pathVariables?.map((r) => `${r.key}=${r.value}`)).toEqual(['id=42'])
    expect(create!.headers[0]).toMatchObject({ key: 'Content-Type', description: 'JSON only' })
    expect(collection.scripts.preRequest).toBe("pm.variables.set('t', Date.now())")
    expect(orders.scripts.postResponse).toBe("pm.test('folder test', () => {})")
    expect(create!.scripts).toEqual({
      preRequest: '',
      postResponse: "pm.test('created', () => pm.response.to.have.status(201))",
    })
  })

  it('reports what Sendbox has no place for, and still imports the rest', () => {
    expect(byId!.auth).toMatchObject({ type: 'digest', username: 'u', password: 'p', algorithm: 'MD5' })
    expect(upload!.body).toEqual({ type: 'none' })
    expect(bundle.report.skipped.map((s) => `${s.what} (${s.reason})`)).toEqual([
      'disabled prerequest script of request "Create order" (Sendbox has no disabled scripts)',
      'file body of request "Upload" (binary file bodies are not supported; sent without a body)',
    ])
    expect(formatReport(bundle.report)).toMatch(
      /^2 items skipped: disabled prerequest script of request "Create order"/,
    )
  })

  it('maps descriptions of the collection (v2.0 `{ content, type }`), folders and requests', () => {
    expect(collection.description).toBe('The shop API, **v2.0** export.')
    expect(orders.description).toBe('Everything about orders')
    expect(list!.description).toBe('Lists open orders')
    expect(create!.description).toBeUndefined()
  })
})
