import { describe, expect, it } from 'vitest'
import { makeCollection, makeFolder, makeRequest } from '../factories.ts'
import type { SavedResponse } from '../types.ts'
import { answerMock, matchMock } from './match.ts'
import { mockRoutes } from './routes.ts'

const example = (name: string, fields: Partial<SavedResponse> = {}): SavedResponse => ({
  id: name,
  name,
  status: 200,
  headers: [{ key: 'Content-Type', value: 'application/json' }],
  body: JSON.stringify({ name }),
  ...fields,
})

const collection = makeCollection({
  name: 'Shop',
  variables: [{ id: 'v', key: 'baseUrl', value: 'https://api.example.com/v1', enabled: true, secret: false }],
  children: [
    makeRequest({
      name: 'List users',
      url: '{{baseUrl}}/users',
      examples: [
        example('all'),
        example('active only', {
          request: { method: 'GET', url: '{{baseUrl}}/users?active=true', headers: [] },
        }),
        example('german', {
          request: {
            method: 'GET',
            url: '{{baseUrl}}/users',
            headers: [{ key: 'Accept-Language', value: 'de' }],
          },
        }),
      ],
    }),
    makeFolder({
      children: [
        makeRequest({
          name: 'One user',
          url: '{{baseUrl}}/users/:id',
          examples: [
            example('found'),
            example('missing', {
              status: 404,
              request: { method: 'GET', url: '{{baseUrl}}/users/0', headers: [] },
            }),
          ],
        }),
        makeRequest({
          name: 'Create',
          method: 'POST',
          url: '{{host}}/users',
          examples: [example('created', { status: 201 })],
        }),
        makeRequest({
          name: 'Orders',
          url: '{{baseUrl}}/users/{{userId}}/orders',
          examples: [example('orders')],
        }),
      ],
    }),
  ],
})
const routes = mockRoutes(collection)
const pick = (method: string, url: string, headers: Record<string, string> = {}) =>
  matchMock(routes, { method, url, headers })?.example.name

describe('matching a request to a saved response', () => {
  it.each([
    ['GET', '/v1/users', {}, 'all'],
    ['GET', '/v1/users?active=true', {}, 'active only'],
    ['GET', '/v1/users/', {}, 'all'],
    ['GET', '/v1/users', { 'accept-language': 'de' }, 'german'],
    ['GET', '/v1/users?active=false', {}, 'active only'],
    ['GET', '/v1/users/42', {}, 'found'],
    ['GET', '/v1/users/0', {}, 'missing'],
    ['GET', '/v1/users?active=true', { 'x-mock-response-name': 'german' }, 'german'],
    // The name picks among the examples whose method and path match, never another path's.
    ['GET', '/v1/users/42', { 'x-mock-response-name': 'missing' }, 'found'],
    ['GET', '/v1/users', { 'x-mock-response-name': 'no such example' }, 'all'],
    ['post', '/users', {}, 'created'],
    ['GET', '/users', {}, undefined],
    ['DELETE', '/v1/users/42', {}, undefined],
    ['GET', '/v1/users/7/orders', {}, 'orders'],
    ['GET', '/v1/users/7/orders/1', {}, undefined],
    ['GET', '/v1/users/0', { 'x-mock-response-code': '200' }, 'found'],
    ['GET', '/v1/users/0', { 'x-mock-response-code': '500' }, undefined],
    ['GET', '/v1/users/%C3%A9', {}, 'found'],
  ])('%s %s %o → %s', (method, url, headers, name) => {
    expect(pick(method, url, headers)).toBe(name)
  })

  it('answers with the example, without the saved transfer headers', () => {
    const saved = example('gzip', {
      status: 201,
      headers: [
        { key: 'Content-Type', value: 'text/plain' },
        { key: 'Content-Length', value: '999' },
        { key: 'Content-Encoding', value: 'gzip' },
      ],
      body: 'hello',
    })
    const one = mockRoutes(
      makeCollection({ children: [makeRequest({ url: 'http://x/a', examples: [saved] })] }),
    )
    expect(answerMock(one, { method: 'GET', url: '/a', headers: {} })).toMatchObject({
      status: 201,
      headers: [{ key: 'Content-Type', value: 'text/plain' }],
      body: 'hello',
    })
  })

  it('answers 404 naming the request and listing what is served', () => {
    const answer = answerMock(routes, { method: 'PUT', url: '/nothing?x=1', headers: {} })
    expect(answer.status).toBe(404)
    expect(answer.route).toBeUndefined()
    const body = JSON.parse(answer.body) as { error: string; served: string[] }
    expect(body.error).toBe('No saved response matches PUT /nothing')
    expect(body.served).toContain('GET /v1/users/:id (found)')
    expect(body.served).toHaveLength(7)
  })

  it('variables given to the server win over the collection', () => {
    const local = mockRoutes(collection, new Map([['baseUrl', 'http://127.0.0.1:1/api']]))
    expect(matchMock(local, { method: 'GET', url: '/api/users', headers: {} })?.example.name).toBe('all')
  })

  it('prefers a 2xx example when nothing else tells two apart, as Postman does', () => {
    const request = makeRequest({
      url: 'http://x/basic-auth',
      examples: [example('refused', { status: 401 }), example('allowed', { status: 200 })],
    })
    const two = mockRoutes(makeCollection({ children: [request] }))
    expect(matchMock(two, { method: 'GET', url: '/basic-auth', headers: {} })?.example.name).toBe('allowed')
  })
})
