import { describe, expect, it } from 'vitest'
import { EXPORT_KINDS, exportsKind } from './export/kinds.ts'
import { EXPORT_FORMATS } from './export/types.ts'
import { makeRequest } from './factories.ts'
import { isSentKind, kindInfo, REQUEST_KIND_INFO } from './request-kinds.ts'
import { REQUEST_KINDS } from './types.ts'

describe('request kinds', () => {
  it('has one entry per kind, and no other', () => {
    expect(Object.keys(REQUEST_KIND_INFO).sort()).toEqual([...REQUEST_KINDS].sort())
    expect(Object.keys(EXPORT_KINDS).sort()).toEqual([...REQUEST_KINDS].sort())
  })

  it('sends HTTP and GraphQL, connects the others, each of which has a badge and a history method', () => {
    expect(REQUEST_KINDS.filter(isSentKind)).toEqual(['http', 'graphql'])
    for (const kind of REQUEST_KINDS.filter((k) => !isSentKind(k))) {
      expect(kindInfo(kind).badge, kind).toBeTruthy()
      expect(kindInfo(kind).historyMethod, kind).toBeTruthy()
    }
  })

  it('exports every kind in Sendbox’s format and only HTTP and GraphQL in the others', () => {
    for (const format of EXPORT_FORMATS)
      expect(
        REQUEST_KINDS.filter((k) => exportsKind(k, format)),
        format,
      ).toEqual(format === 'sendbox' ? [...REQUEST_KINDS] : ['http', 'graphql'])
  })

  it('starts a request with its kind’s fields', () => {
    expect(makeRequest({ kind: 'graphql' })).toMatchObject({
      method: 'POST',
      headers: [{ key: 'Content-Type', value: 'application/json', enabled: true }],
      body: { type: 'graphql', query: '', variables: '' },
    })
    expect(makeRequest({ kind: 'grpc' }).grpc).toBeDefined()
    expect(makeRequest({ kind: 'sse' })).toMatchObject({ method: 'GET', body: { type: 'none' } })
    expect(makeRequest({ kind: 'sse' }).grpc).toBeUndefined()
  })

  it('reads a kind it does not know as HTTP', () => {
    expect(kindInfo('carrier-pigeon' as never)).toBe(REQUEST_KIND_INFO.http)
  })
})
