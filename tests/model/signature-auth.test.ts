/**
 * OAuth 1.0 and Hawk as Sendbox builds and sends them, checked by server-side libraries other than
 * the signers (tests/fixtures/signature-auth.ts: the `oauth` package for OAuth 1.0, `@hapi/hawk`'s
 * server for Hawk), over a real socket.
 */
import { describe, expect, it } from 'vitest'
import { newHawkAuth, newOAuth1Auth } from '../../src/model/auth/auth-fields.ts'
import { buildWireAndView } from '../../src/model/script-view.ts'
import { buildWireRequest } from '../../src/model/build-request.ts'
import { fromUtf8 } from '../../src/model/encoding.ts'
import { makeRequest, makeRow } from '../../src/model/factories.ts'
import type { HawkAuth, OAuth1Auth, RequestSpec } from '../../src/model/types.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { HAWK_CLIENTS, OAUTH1_CLIENT, OAUTH1_PRIVATE_KEY } from '../fixtures/signature-auth.ts'
import { useEchoAndTransport } from '../transport/helpers.ts'

const setup = useEchoAndTransport()

const variables = () =>
  new VariableContext([
    {
      scope: 'environment',
      variables: [
        { key: 'ck', value: OAUTH1_CLIENT.consumerKey },
        { key: 'cs', value: OAUTH1_CLIENT.consumerSecret, secret: true },
      ],
    },
  ])

const oauth1 = (fields: Partial<OAuth1Auth>): OAuth1Auth => ({
  ...newOAuth1Auth(),
  consumerKey: '{{ck}}',
  consumerSecret: OAUTH1_CLIENT.consumerSecret,
  token: OAUTH1_CLIENT.token,
  tokenSecret: OAUTH1_CLIENT.tokenSecret,
  ...fields,
})

async function send(fields: Partial<RequestSpec>, context = variables()) {
  const spec = makeRequest({ ...fields, url: `${setup.echo.url}${fields.url ?? ''}` })
  const wire = await buildWireRequest(spec, { variables: context, defaultHeaders: false })
  const response = await setup.transport.send(wire, {})
  return {
    wire,
    status: response.status,
    answer: JSON.parse(fromUtf8(response.body)) as Record<string, unknown>,
  }
}

const form = (pairs: [string, string][]) => ({
  type: 'urlencoded' as const,
  rows: pairs.map(([key, value]) => makeRow({ key, value })),
})

describe('OAuth 1.0 against the oauth package', () => {
  it.each(['HMAC-SHA1', 'HMAC-SHA256', 'HMAC-SHA512', 'PLAINTEXT'])(
    '%s in the header, with a query the signature covers',
    async (signatureMethod) => {
      const { status, answer } = await send({
        url: '/oauth1/r?b=x y&a=1&a=0&c=%21*',
        auth: oauth1({ signatureMethod }),
      })
      expect(answer).toMatchObject({ ok: true, method: signatureMethod, placement: 'header' })
      expect(status).toBe(200)
    },
  )

  it.each(['RSA-SHA1', 'RSA-SHA256', 'RSA-SHA512'])('%s with a PKCS#1 private key', async (method) => {
    const { answer } = await send({
      url: '/oauth1',
      auth: oauth1({ signatureMethod: method, privateKey: OAUTH1_PRIVATE_KEY, consumerSecret: '' }),
    })
    expect(answer).toMatchObject({ ok: true, method })
  })

  it('realm goes in the header and is not signed', async () => {
    const { wire, answer } = await send({ url: '/oauth1', auth: oauth1({ realm: 'Photos & more' }) })
    expect(wire.headers.find(([n]) => n === 'Authorization')?.[1]).toMatch(
      /^OAuth realm="Photos%20%26%20more",/,
    )
    expect(answer).toMatchObject({ ok: true, realm: 'Photos & more' })
  })

  it.each(['HMAC-SHA1', 'HMAC-SHA256', 'RSA-SHA256'])('body hash over a JSON body (%s)', async (method) => {
    const { answer } = await send({
      method: 'POST',
      url: '/oauth1/body-hash',
      body: { type: 'raw', language: 'json', text: '{"photo":"ü.jpg"}' },
      auth: oauth1({ signatureMethod: method, privateKey: OAUTH1_PRIVATE_KEY, includeBodyHash: true }),
    })
    expect(answer).toMatchObject({ ok: true, bodyHash: true })
  })

  it('a wrong secret is refused by the verifier (the test can fail)', async () => {
    const { status, answer } = await send({ url: '/oauth1', auth: oauth1({ consumerSecret: 'wrong' }) })
    expect(status).toBe(401)
    expect(String(answer.error)).toMatch(/signature mismatch/)
  })

  it('parameters in the query for a GET', async () => {
    const { wire, answer } = await send({ url: '/oauth1?x=1', auth: oauth1({ addTo: 'query' }) })
    expect(wire.url).toMatch(/\?x=1&oauth_consumer_key=sendbox-consumer&/)
    expect(answer).toMatchObject({ ok: true, placement: 'query' })
  })

  it('parameters in the form body of a POST, the form fields signed too', async () => {
    const { wire, answer } = await send({
      method: 'POST',
      url: '/oauth1?page=2',
      body: form([
        ['status', 'Hello Ladies + Gentlemen'],
        ['tag', 'a'],
        ['tag', 'b'],
      ]),
      auth: oauth1({ addTo: 'query', includeBodyHash: true }),
    })
    expect(fromUtf8(wire.body!)).toMatch(/^status=Hello.*&oauth_consumer_key=/)
    // No body hash for a form body (the draft's rule, and Postman's).
    expect(answer).toMatchObject({ ok: true, placement: 'body', bodyHash: false })
  })

  it('form fields are signed when the parameters go in the header', async () => {
    const { answer } = await send({
      method: 'PUT',
      url: '/oauth1',
      body: form([['a', '1 2']]),
      auth: oauth1({ signatureMethod: 'HMAC-SHA256' }),
    })
    expect(answer).toMatchObject({ ok: true, placement: 'header', params: { a: '1 2' } })
  })

  it('empty parameters: left out, or signed when asked', async () => {
    const left = await send({ url: '/oauth1', auth: oauth1({ token: '', tokenSecret: '' }) })
    expect(left.answer).toMatchObject({ ok: true })
    expect(left.wire.headers.find(([n]) => n === 'Authorization')?.[1]).not.toMatch(/oauth_token/)
    const signed = await send({
      url: '/oauth1',
      auth: oauth1({ token: '', tokenSecret: '', addEmptyParamsToSign: true }),
    })
    expect(signed.wire.headers.find(([n]) => n === 'Authorization')?.[1]).toMatch(/oauth_token=""/)
    expect(signed.answer).toMatchObject({ ok: true })
  })

  it('without a consumer key nothing is added (as in Postman)', async () => {
    const { wire, status } = await send({ url: '/oauth1', auth: oauth1({ consumerKey: '' }) })
    expect(wire.headers.some(([n]) => n === 'Authorization')).toBe(false)
    expect(status).toBe(401)
  })

  it('a bad signature method or key is a clear error', async () => {
    await expect(send({ url: '/oauth1', auth: oauth1({ signatureMethod: 'HMAC-MD5' }) })).rejects.toThrow(
      'OAuth 1.0 signature method "HMAC-MD5" is not one of HMAC-SHA1',
    )
    await expect(
      send({ url: '/oauth1', auth: oauth1({ signatureMethod: 'RSA-SHA1', privateKey: 'not a key' }) }),
    ).rejects.toThrow('The private key is not in PEM form')
  })

  it('scripts see the withheld secret as its placeholder, not a real signature', async () => {
    const spec = makeRequest({ url: `${setup.echo.url}/oauth1`, auth: oauth1({ consumerSecret: '{{cs}}' }) })
    const { wire, view } = await buildWireAndView(spec, { variables: variables(), defaultHeaders: false })
    const auth = (r: typeof wire) => r.headers.find(([n]) => n === 'Authorization')![1]
    expect(auth(view)).toMatch(/oauth_signature="\{\{cs\}\}"/)
    expect(auth(wire)).not.toMatch(/\{\{cs\}\}/)
    // The same nonce in both.
    expect(auth(view).match(/oauth_nonce="[^"]+"/)![0]).toBe(auth(wire).match(/oauth_nonce="[^"]+"/)![0])
    const response = await setup.transport.send(wire, {})
    expect(response.status).toBe(200)
  })
})

const hawk = (fields: Partial<HawkAuth>): HawkAuth => ({
  ...newHawkAuth(),
  authId: HAWK_CLIENTS.sha256.id,
  authKey: HAWK_CLIENTS.sha256.key,
  ...fields,
})

describe('Hawk against @hapi/hawk server.authenticate', () => {
  it.each([HAWK_CLIENTS.sha256, HAWK_CLIENTS.sha1])('$algorithm, with a query', async (client) => {
    const { answer } = await send({
      url: '/hawk/x?a=1&b=%20',
      auth: hawk({ authId: client.id, authKey: client.key, algorithm: client.algorithm }),
    })
    expect(answer).toMatchObject({ ok: true, id: client.id, hash: null })
  })

  it('payload hash over Content-Type and body; ext, app and dlg', async () => {
    const { answer } = await send({
      method: 'POST',
      url: '/hawk/payload',
      body: { type: 'raw', language: 'json', text: '{"a":"ü"}' },
      auth: hawk({ includePayloadHash: true, extraData: 'some ext: a=b', app: 'app1', delegation: 'dlg1' }),
    })
    expect(answer).toMatchObject({ ok: true, ext: 'some ext: a=b', app: 'app1', dlg: 'dlg1' })
    expect(answer.hash).toEqual(expect.any(String))
  })

  it('without the payload hash a payload-checking route refuses', async () => {
    const { status } = await send({
      method: 'POST',
      url: '/hawk/payload',
      body: { type: 'raw', language: 'text', text: 'x' },
      auth: hawk({}),
    })
    expect(status).toBe(401)
  })

  it('a wrong key is refused', async () => {
    const { status, answer } = await send({ url: '/hawk', auth: hawk({ authKey: 'nope' }) })
    expect(status).toBe(401)
    expect(answer.error).toMatch(/Bad mac/)
  })

  it('an unknown algorithm is a clear error', async () => {
    await expect(send({ url: '/hawk', auth: hawk({ algorithm: 'md5' }) })).rejects.toThrow(
      'Hawk algorithm "md5" is not one of sha256, sha1',
    )
  })
})
