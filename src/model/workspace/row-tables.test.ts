/**
 * Table rows by key (schema 5) and texts made with their item: two workspace docs edit the same
 * request's tables and texts offline, each saving a draft against the version it started from
 * (as `Save` does), then meet; both must read the same, with nobody's rows or characters lost.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { KeyValueRow, RequestSpec } from '../types.ts'
import {
  createCollection,
  createRequest,
  initWorkspace,
  readRequest,
  setScripts,
  updateRequest,
} from './api.ts'
import type { RequestFields } from './types.ts'

const sync = (a: Y.Doc, b: Y.Doc) => {
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
}
const fieldsOf = (request: RequestSpec): RequestFields => {
  const { type: _type, id: _id, ...fields } = request
  return fields
}
const row = (id: string, key: string, value = ''): KeyValueRow => ({ id, key, value, enabled: true })
const keys = (rows: readonly KeyValueRow[]) => rows.map((r) => r.key)

function twoPeers(spec: Partial<RequestFields> = {}) {
  const ada = new Y.Doc()
  initWorkspace(ada)
  const collection = createCollection(ada, { name: 'API' })
  const id = createRequest(ada, { parentId: collection }, { name: 'Users', url: 'https://api.test', ...spec })
  const bob = new Y.Doc()
  Y.applyUpdate(bob, Y.encodeStateAsUpdate(ada))
  const base = fieldsOf(readRequest(ada, id)!)
  /** Saves a draft made from the shared base, as a tab's `Save` does. */
  const save = (doc: Y.Doc, patch: Partial<RequestFields>) =>
    updateRequest(doc, id, { ...base, ...patch }, undefined, base)
  const read = () => {
    sync(ada, bob)
    const merged = readRequest(ada, id)!
    expect(readRequest(bob, id)).toEqual(merged)
    return merged
  }
  return { ada, bob, id, base, save, read }
}

describe('table rows merge', () => {
  it('rows both add to one table both stay, in the same order on both sides', () => {
    const { ada, bob, base, save, read } = twoPeers({ headers: [row('h1', 'Accept', 'json')] })
    save(ada, { headers: [...base.headers, row('a1', 'X-Ada', 'a')] })
    save(bob, { headers: [...base.headers, row('b1', 'X-Bob', 'b')] })
    const merged = read()
    expect(keys(merged.headers)).toEqual(['Accept', 'X-Ada', 'X-Bob'])
    expect(merged.headers.map((h) => h.value)).toEqual(['json', 'a', 'b'])
  })

  it('rows both add to a table that had none both stay (params, cookies)', () => {
    const { ada, bob, save, read } = twoPeers()
    save(ada, { params: [row('a1', 'page', '2')], cookies: [row('c1', 'session', 's')] })
    save(bob, { params: [row('b1', 'size', '50')] })
    const merged = read()
    expect(keys(merged.params).sort()).toEqual(['page', 'size'])
    expect(keys(merged.cookies)).toEqual(['session'])
  })

  it('removes of different rows both apply; an added row lands where it was put', () => {
    const rows = [row('r1', 'one'), row('r2', 'two'), row('r3', 'three')]
    const { ada, bob, save, read } = twoPeers({ params: rows })
    save(ada, { params: [row('a0', 'first'), rows[1]!, rows[2]!] })
    save(bob, { params: [rows[0]!, rows[1]!] })
    expect(keys(read().params)).toEqual(['first', 'two'])
  })

  it('a form body’s rows merge the same way', () => {
    const body = { type: 'urlencoded' as const, rows: [row('f1', 'user', 'ada')] }
    const { ada, bob, save, read } = twoPeers({ body })
    save(ada, { body: { ...body, rows: [...body.rows, row('a1', 'role', 'admin')] } })
    save(bob, { body: { ...body, rows: [] } })
    const merged = read()
    expect(merged.body).toEqual({ type: 'urlencoded', rows: [row('a1', 'role', 'admin')] })
  })

  it('a row one removed and the other renamed comes back whole; an edit of its text alone does not', () => {
    const rows = [row('r1', 'keep'), row('r2', 'edited', 'old'), row('r3', 'typed', 'old')]
    const { ada, bob, save, read } = twoPeers({ headers: rows })
    save(ada, { headers: [rows[0]!] })
    save(bob, {
      headers: [rows[0]!, { ...rows[1]!, key: 'renamed', value: 'new' }, { ...rows[2]!, value: 'new' }],
    })
    expect(read().headers).toEqual([rows[0], { ...rows[1], key: 'renamed', value: 'new' }])
  })

  it('both changing one row: its key is last-writer-wins, its value keeps both people’s characters', () => {
    const rows = [row('r1', 'Accept', 'json')]
    const { ada, bob, save, read } = twoPeers({ headers: rows })
    save(ada, { headers: [{ ...rows[0]!, key: 'Accept-Ada', value: 'jsonA' }] })
    save(bob, { headers: [{ ...rows[0]!, enabled: false, value: 'Bjson' }] })
    const [merged] = read().headers
    expect(merged!.value).toBe('BjsonA')
    expect(['Accept-Ada', 'Accept']).toContain(merged!.key)
  })

  it('a reorder and a write without a base make the table read exactly what was written', () => {
    const rows = [row('r1', 'one'), row('r2', 'two'), row('r3', 'three')]
    const { ada, id, save } = twoPeers({ headers: rows })
    save(ada, { headers: [rows[2]!, rows[0]!, rows[1]!] })
    expect(keys(readRequest(ada, id)!.headers)).toEqual(['three', 'one', 'two'])
    updateRequest(ada, id, { headers: [rows[1]!, row('n', 'new', 'v')] })
    expect(readRequest(ada, id)!.headers).toEqual([rows[1], row('n', 'new', 'v')])
  })

  it('keeps the order through many rows inserted at one place', () => {
    const { ada, id } = twoPeers({ params: [row('first', 'first'), row('last', 'last')] })
    for (let i = 0; i < 80; i++) {
      const current = readRequest(ada, id)!.params
      updateRequest(ada, id, { params: [current[0]!, row(`n${i}`, `n${i}`), ...current.slice(1)] })
    }
    const params = keys(readRequest(ada, id)!.params)
    expect(params).toEqual(['first', ...Array.from({ length: 80 }, (_, i) => `n${79 - i}`), 'last'])
  })
})

describe('texts made with their item', () => {
  it('a script both add to a request that had none keeps both people’s characters', () => {
    const { ada, bob, id, read } = twoPeers()
    setScripts(ada, id, { preRequest: 'ada();' })
    setScripts(bob, id, { preRequest: 'bob();' })
    const script = read().scripts.preRequest
    expect(script.length).toBe('ada();bob();'.length)
    expect(script).toContain('ada();')
    expect(script).toContain('bob();')
  })

  it('a body text both type into a request that had no body keeps both people’s characters', () => {
    const { ada, bob, save, read } = twoPeers()
    save(ada, { body: { type: 'raw', language: 'json', text: '{"a":1}' } })
    save(bob, { body: { type: 'raw', language: 'json', text: '{"b":2}' } })
    const body = read().body
    expect(body.type === 'raw' && body.text.length).toBe(14)
    expect(body.type === 'raw' && body.text).toContain('"a":1')
    expect(body.type === 'raw' && body.text).toContain('"b":2')
  })
})
