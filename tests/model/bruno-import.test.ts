import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { importSource } from '../../src/model/import/import-source.ts'
import type { Folder, RequestSpec } from '../../src/model/types.ts'
import { folderSource } from '../helpers/folder-source.ts'

const DIR = resolve(import.meta.dirname, '../fixtures/import/bruno')

describe('Bruno collection folder', () => {
  const bundle = importSource(folderSource(`${DIR}/shop`))
  const collection = bundle.collections[0]!
  const orders = collection.children[0] as Folder
  const [byId, list] = orders.children as RequestSpec[]
  const [create, upload, login, graphql] = collection.children.slice(1) as RequestSpec[]

  it('reads bruno.json, collection.bru and folder.bru, in bru run order, leaving ignored folders out', () => {
    expect(bundle).toMatchObject({ format: 'bruno', label: 'Bruno collection' })
    expect(collection.name).toBe('Shop – Ünïcode 🛒')
    expect(collection.auth).toEqual({ type: 'basic', username: 'admin', password: '{{adminPassword}}' })
    expect(collection.variables.map((v) => [v.key, v.value, v.enabled])).toEqual([
      ['baseUrl', 'https://shop.example', true],
      ['legacy', '1', false],
    ])
    expect(collection.scripts).toEqual({
      preRequest: "bru.setVar('started', Date.now())",
      postResponse: "test('collection test', () => {})",
    })
    expect(collection.children.map((c) => c.name)).toEqual([
      'Orders (folder)',
      'Create order',
      'Upload',
      'Login',
      'Products query',
    ])
    expect(orders).toMatchObject({ auth: { type: 'bearer', token: '{{orderToken}}' } })
    expect(orders.variables.map((v) => `${v.key}=${v.value}`)).toEqual(['pageSize=20'])
    expect(orders.children.map((c) => c.name)).toEqual(['Order by id', 'List orders'])
    expect(orders.children[0]).toMatchObject({ auth: { type: 'digest', username: 'u', password: 'p' } })
  })

  it('maps requests: params, headers (the folder and collection ones added), bodies, auth, scripts', () => {
    expect(list!.url).toBe('{{baseUrl}}/orders?status=open&size={{pageSize}}')
    expect(list!.params.map((p) => `${p.enabled ? '' : '~'}${p.key}=${p.value}`)).toEqual([
      'status=open',
      'size={{pageSize}}',
      '~debug=1',
    ])
    expect(list!.headers.map((h) => `${h.enabled ? '' : '~'}${h.key}: ${h.value}`)).toEqual([
      'X-Client: orders',
      'Accept: application/json',
      '~X-Off: 1',
    ])
    expect(byId!.url).toBe('{{baseUrl}}/orders/:id/items/:item')
    expect(byId!.pathVariables?.map((r) => `${r.key}=${r.value}`)).toEqual(['id=42', 'item='])
    expect(create!.body).toEqual({
      type: 'raw',
      language: 'json',
      text: '{\n  "item": "book",\n  "qty": 2\n}',
    })
    expect(create!.headers.map((h) => `${h.key}: ${h.value}`)).toEqual(['X-Client: shop-tests'])
    expect(create!.scripts.postResponse).toBe(
      "bru.setVar('orderId', res.getBody().id)\ntest('created', () => expect(res.getStatus()).to.equal(201))",
    )
    expect(upload!.auth).toMatchObject({
      type: 'sigv4',
      accessKeyId: 'AK',
      region: 'eu-west-1',
      service: 's3',
    })
    expect(upload!.body).toMatchObject({
      type: 'form-data',
      rows: [
        { key: 'title', value: 'Receipt', type: 'text' },
        { key: 'file', type: 'file', fileRef: 'files/receipt.pdf', contentType: 'application/pdf' },
        { key: 'off', enabled: false },
      ],
    })
    expect(login!.auth).toMatchObject({
      type: 'oauth2',
      grant: 'client-credentials',
      clientId: 'cid',
      scope: 'read',
    })
    expect(login!.body).toMatchObject({
      type: 'urlencoded',
      rows: [{ key: 'user' }, { key: 'remember', enabled: false }],
    })
    expect(graphql).toMatchObject({
      kind: 'graphql',
      body: { type: 'graphql', variables: '{"first": 10}' },
    })
  })

  it('reads environments, secret ones by name', () => {
    expect(bundle.environments.map((e) => e.name)).toEqual(['Local', 'Prod'])
    expect(bundle.environments[0]!.variables.map((v) => [v.key, v.value, v.enabled, v.secret])).toEqual([
      ['baseUrl', 'http://127.0.0.1:3000', true, false],
      ['debug', 'true', false, false],
      ['adminPassword', '', true, true],
    ])
  })

  it('reports everything it leaves out', () => {
    expect(bundle.report.skipped.map((s) => `${s.path}: ${s.what} (${s.reason})`)).toEqual([
      'Orders/Order by id.bru: request variables of request "Order by id" (requests have no variables in Sendbox)',
      'Orders/List orders.bru: 1 assertions of request "List orders" (write them as tests)',
      'Live.bru: ws request of request "Live" (not supported)',
    ])
  })

  it('maps docs blocks to descriptions', () => {
    expect(collection.description).toBe('The shop collection.')
    const list = orders.children.find((c) => c.name === 'List orders')
    expect(list?.description).toBe('Lists open orders.')
  })

  it('names the file and line of a broken .bru file', () => {
    expect(() => importSource(folderSource(`${DIR}/broken`))).toThrow(
      /^Bruno collection: Deep\/Cut\.bru:9: not a valid \.bru file \(column 1: Expected/,
    )
  })
})
