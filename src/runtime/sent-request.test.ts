import { describe, expect, it } from 'vitest'
import { makeRequest, makeRow } from '../model/factories.ts'
import { emptyChanges, type RequestChanges } from '../model/request-changes.ts'
import { VariableContext } from '../model/variables.ts'
import type { WireRequest } from '../model/wire.ts'
import { sentRequest } from './sent-request.ts'

const variables = () =>
  new VariableContext([
    {
      scope: 'environment',
      variables: [
        { key: 'v', value: 'VV' },
        { key: 'token', value: 't-secret', secret: true },
      ],
    },
  ])
const text = (s: string) => new TextEncoder().encode(s)
const wire = (fields: Partial<WireRequest> = {}): WireRequest => ({
  method: 'POST',
  url: 'http://127.0.0.1:8080/anything?x=VV',
  headers: [],
  body: null,
  ...fields,
})

describe('the request a post-response script sees as pm.request', () => {
  it('lists the own rows first (changes applied, values as sent, disabled marked), then what the runtime added', () => {
    const request = makeRequest({
      headers: [
        makeRow({ key: 'X-Old', value: 'o' }),
        makeRow({ key: 'X-Keep', value: '{{v}}' }),
        makeRow({ key: 'X-Off', value: '{{v}}', enabled: false }),
      ],
    })
    const changes: RequestChanges = {
      ...emptyChanges(),
      deleteHeaders: ['x-old'],
      setHeaders: [['X-New', 'n']],
    }
    const sent = sentRequest(
      request,
      [],
      changes,
      variables(),
      wire({
        headers: [
          ['User-Agent', 'Sendbox/1.0'],
          ['Accept', '*/*'],
          ['X-Keep', 'VV'],
          ['Content-Type', 'text/plain'],
          ['X-New', 'n'],
        ],
        body: text('hello'),
      }),
    )
    expect(sent.headers).toEqual([
      { key: 'X-Keep', value: 'VV' },
      { key: 'X-Off', value: 'VV', disabled: true },
      { key: 'X-New', value: 'n' },
      { key: 'Content-Type', value: 'text/plain', system: true },
      { key: 'User-Agent', value: 'Sendbox/1.0', system: true },
      { key: 'Accept', value: '*/*', system: true },
      { key: 'Host', value: '127.0.0.1:8080', system: true },
      { key: 'Connection', value: 'keep-alive', system: true },
      { key: 'Content-Length', value: '5', system: true },
    ])
  })

  it('shows the body and auth a pre-request script left, substituted; a raw body as it went out', () => {
    const request = makeRequest({
      auth: { type: 'basic', username: 'u', password: 'p' },
      body: { type: 'raw', language: 'text', text: 'old' },
    })
    const changes: RequestChanges = {
      ...emptyChanges(),
      bodySpec: { type: 'raw', language: 'json', text: '{"a":"{{v}}"}' },
      auth: { type: 'bearer', token: 'b-{{v}}' },
      authJson: { type: 'bearer', bearer: [{ type: 'any', key: 'token', value: 'b-{{v}}' }] },
    }
    const sent = sentRequest(request, [], changes, variables(), wire({ body: text('{"a":"VV"}') }))
    expect(sent.body).toEqual({ type: 'raw', language: 'json', text: '{"a":"VV"}' })
    expect(sent.auth).toEqual({ type: 'bearer', token: 'b-VV' })
    expect(sent.authJson).toEqual({ type: 'bearer', bearer: [{ type: 'any', key: 'token', value: 'b-VV' }] })
  })

  it('shows the auth inherited from a parent, a withheld secret as its placeholder; none when nothing sets one', () => {
    const parent = {
      auth: { type: 'bearer' as const, token: '{{token}}' },
      name: 'C',
      kind: 'collection' as const,
    }
    const request = makeRequest({ auth: { type: 'inherit' }, method: 'GET' })
    const inherited = sentRequest(request, [parent], emptyChanges(), variables(), wire({ method: 'GET' }))
    expect(inherited.auth).toEqual({ type: 'bearer', token: '{{token}}' })
    expect(inherited.headers.map((h) => h.key)).toEqual(['Host', 'Connection'])
    expect(sentRequest(request, [], emptyChanges(), variables(), wire()).auth).toBeUndefined()
  })

  it('leaves out the Content-Type of a form body, as newman lists it', () => {
    const request = makeRequest({
      body: { type: 'urlencoded', rows: [makeRow({ key: 'k', value: '{{v}}' })] },
    })
    const sent = sentRequest(
      request,
      [],
      emptyChanges(),
      variables(),
      wire({ headers: [['Content-Type', 'application/x-www-form-urlencoded']], body: text('k=VV') }),
    )
    expect(sent.headers.map((h) => h.key)).toEqual(['Host', 'Connection', 'Content-Length'])
    expect(sent.body).toMatchObject({ rows: [{ key: 'k', value: 'VV' }] })
  })

  it('takes the Host from a URL whose host is a withheld secret’s placeholder', () => {
    const sent = sentRequest(
      makeRequest(),
      [],
      emptyChanges(),
      variables(),
      wire({ url: 'https://u:p@{{token}}:8443/x' }),
    )
    expect(sent.headers.find((h) => h.key === 'Host')).toEqual({
      key: 'Host',
      value: '{{token}}:8443',
      system: true,
    })
  })
})
