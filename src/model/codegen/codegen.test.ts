import { describe, expect, it } from 'vitest'
import { makeRequest, makeRow } from '../factories.ts'
import { VariableContext } from '../variables.ts'
import { generateCode } from './index.ts'
import { inheritedScopes, locateRequest, RequestNotFoundError } from './locate.ts'
import { LANGUAGES, OptionError, optionsFor, parseOption } from './options.ts'
import { toCodegenRequest } from './request.ts'

const variables = () =>
  new VariableContext([
    {
      scope: 'environment',
      variables: [
        { key: 'base', value: 'https://api.example' },
        { key: 'apiKey', value: 's3cr3t-value', secret: true, scriptAccess: true },
      ],
    },
  ])

describe('the request a snippet sends', () => {
  it('shows a secret as its {{name}} unless revealed, everywhere it goes', async () => {
    const spec = makeRequest({
      url: '{{base}}/items?key={{apiKey}}',
      headers: [makeRow({ key: 'X-Key', value: '{{apiKey}}' })],
      auth: { type: 'bearer', token: '{{apiKey}}' },
    })
    const hidden = await toCodegenRequest(spec, { variables: variables(), includeAuth: true })
    expect(hidden.url).toBe('https://api.example/items?key={{apiKey}}')
    expect(hidden.headers).toContainEqual(['X-Key', '{{apiKey}}'])
    expect(hidden.headers).toContainEqual(['Authorization', 'Bearer {{apiKey}}'])
    expect(JSON.stringify(hidden)).not.toContain('s3cr3t')
    const shown = await toCodegenRequest(spec, {
      variables: variables(),
      includeAuth: true,
      revealSecrets: true,
    })
    expect(shown.headers).toContainEqual(['Authorization', 'Bearer s3cr3t-value'])
  })

  it('applies inherited auth with Include auth, and none without', async () => {
    const spec = makeRequest({ url: '{{base}}/x', auth: { type: 'inherit' } })
    const parentAuth = [
      {
        auth: { type: 'basic' as const, username: 'u', password: 'p' },
        name: 'Shop',
        kind: 'collection' as const,
      },
    ]
    const withAuth = await toCodegenRequest(spec, { variables: variables(), parentAuth, includeAuth: true })
    expect(withAuth.headers).toContainEqual(['Authorization', 'Basic dTpw'])
    const without = await toCodegenRequest(spec, { variables: variables(), parentAuth, includeAuth: false })
    expect(without.headers.some(([name]) => name === 'Authorization')).toBe(false)
  })

  it('sends OAuth 2.0 as a Bearer header and computes SigV4 now, saying so', async () => {
    const oauth = makeRequest({
      url: 'https://api.example/x',
      auth: {
        type: 'oauth2',
        grant: 'client-credentials',
        accessToken: '',
        authUrl: '',
        tokenUrl: '',
        clientId: '',
        clientSecret: '',
        scope: '',
      },
    })
    const bearer = await toCodegenRequest(oauth, {
      variables: variables(),
      includeAuth: true,
      oauthToken: 'held',
    })
    expect(bearer.headers).toContainEqual(['Authorization', 'Bearer held'])
    const signed = makeRequest({
      url: 'https://api.example/x',
      auth: {
        type: 'sigv4',
        accessKeyId: 'AKID',
        secretAccessKey: 'SECRET',
        sessionToken: '',
        region: 'eu-west-1',
        service: 'execute-api',
      },
    })
    const request = await toCodegenRequest(signed, {
      variables: variables(),
      includeAuth: true,
      signingDate: new Date('2026-01-02T03:04:05Z'),
    })
    expect(request.headers).toContainEqual(['X-Amz-Date', '20260102T030405Z'])
    expect(request.headers.find(([name]) => name === 'Authorization')?.[1]).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKID\/20260102\/eu-west-1\/execute-api\/aws4_request, SignedHeaders=.*, Signature=[0-9a-f]{64}$/,
    )
    for (const language of LANGUAGES)
      expect(generateCode(language.id, request)).toContain(
        'signature v4 headers were computed when this code was generated',
      )
  })

  it('keeps form-data structure: text fields, files by path, no multipart Content-Type', async () => {
    const spec = makeRequest({
      method: 'POST',
      body: {
        type: 'form-data',
        rows: [
          { ...makeRow({ key: 'a"b', value: 'v' }), type: 'text' },
          {
            ...makeRow({ key: 'f' }),
            type: 'file',
            fileName: 'x.png',
            contentType: 'image/png',
            fileRef: 'photos/x.png',
          },
        ],
      },
    })
    const request = await toCodegenRequest(spec, { variables: variables(), includeAuth: true })
    expect(request.body).toEqual({
      kind: 'form',
      parts: [
        { name: 'a%22b', value: 'v' },
        { name: 'f', path: 'photos/x.png', fileName: 'x.png', contentType: 'image/png' },
      ],
    })
    expect(request.headers.some(([name]) => name.toLowerCase() === 'content-type')).toBe(false)
  })
})

describe('options', () => {
  it('has exactly the cURL options of spec 4.3 and reads key=value', () => {
    expect(LANGUAGES.find((l) => l.id === 'curl')?.options).toEqual([
      'multiline',
      'shortFlags',
      'followRedirects',
      'silent',
      'quotes',
      'timeout',
    ])
    expect(parseOption('python', 'indent=tab')).toEqual({ indent: 0 })
    expect(optionsFor('go').indent).toBe(0)
    expect(() => parseOption('curl', 'timeout=soon')).toThrow(OptionError)
    expect(() => parseOption('ruby', 'followRedirects=true')).toThrow(/not one Ruby – Net::HTTP understands/)
  })

  it('writes each cURL option as its flag', async () => {
    const request = await toCodegenRequest(makeRequest({ url: 'https://a.example/x' }), {
      variables: variables(),
      includeAuth: true,
    })
    const long = generateCode('curl', request, { silent: true, timeout: 5 })
    expect(long).toContain("curl --silent \\\n  --location \\\n  --max-time 5 \\\n  'https://a.example/x'")
    const short = generateCode('curl', request, {
      shortFlags: true,
      multiline: false,
      followRedirects: false,
      quotes: 'double',
    })
    // The request as sent: User-Agent and Postman's default headers (model/default-headers.ts).
    expect(short).toBe(
      'curl "https://a.example/x" -H "User-Agent: Sendbox/1.0" -H "Accept: */*" -H "Cache-Control: no-cache" -H "Accept-Encoding: gzip, deflate, br"\n',
    )
  })
})

describe('finding a request in a collection', () => {
  const leaf = makeRequest({ name: 'Create' })
  const collection = {
    id: 'c',
    name: 'Shop',
    auth: { type: 'bearer' as const, token: 't' },
    variables: [],
    scripts: { preRequest: '', postResponse: '' },
    children: [
      {
        type: 'folder' as const,
        id: 'f',
        name: 'Admin',
        auth: { type: 'inherit' as const },
        variables: [],
        scripts: { preRequest: '', postResponse: '' },
        children: [leaf],
      },
    ],
  }
  it('by path or unique name, with the auth chain nearest first', () => {
    expect(locateRequest(collection, 'Admin/Create').request).toBe(leaf)
    const located = locateRequest(collection, 'Create')
    expect(inheritedScopes(collection, located, []).parentAuth.map((a) => a.name)).toEqual(['Admin', 'Shop'])
    expect(() => locateRequest(collection, 'Admin/Delete')).toThrow(RequestNotFoundError)
  })
})
