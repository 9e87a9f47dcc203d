/**
 * OAuth 1.0 and Hawk through every format that has them: Postman (import with Postman's parameter
 * names and defaults, export and back), Sendbox files, Bruno (OAuth 1.0; Bruno has no Hawk).
 */
import { describe, expect, it } from 'vitest'
import { newHawkAuth, newOAuth1Auth } from '../../src/model/auth/auth-fields.ts'
import { exportBruno } from '../../src/model/export/bruno.ts'
import { postmanCollectionText } from '../../src/model/export/postman.ts'
import { makeCollection, makeRequest } from '../../src/model/factories.ts'
import { importSource } from '../../src/model/import/import-source.ts'
import { parsePostmanCollection } from '../../src/model/import/postman.ts'
import type { ImportReport } from '../../src/model/import/report.ts'
import { parseSendboxCollection, serializeSendboxCollection } from '../../src/model/import/sendbox.ts'
import type { Auth, Collection, HawkAuth, OAuth1Auth, RequestSpec } from '../../src/model/types.ts'
import { postmanCollection } from '../helpers/postman.ts'

const oauth1: OAuth1Auth = {
  ...newOAuth1Auth(),
  signatureMethod: 'RSA-SHA256',
  consumerKey: '{{ck}}',
  consumerSecret: 'cs',
  token: 'tok',
  tokenSecret: 'ts',
  privateKey: '-----BEGIN PRIVATE KEY-----\nAAAA\n-----END PRIVATE KEY-----',
  callback: 'https://cb.test/',
  verifier: 'v1',
  timestamp: '1700000000',
  nonce: 'n1',
  version: '1.0',
  realm: 'Photos',
  addTo: 'query',
  includeBodyHash: true,
  addEmptyParamsToSign: true,
}
const hawk: HawkAuth = {
  ...newHawkAuth(),
  authId: 'id1',
  authKey: '{{hawkKey}}',
  algorithm: 'sha1',
  user: 'ada',
  nonce: 'n2',
  timestamp: '1700000001',
  extraData: 'ext-data',
  app: 'app1',
  delegation: 'dlg1',
  includePayloadHash: true,
}

function collectionWith(...auths: Auth[]): Collection {
  const collection = makeCollection({ name: 'Signed' })
  collection.children = auths.map((auth, i) => makeRequest({ name: `r${i}`, url: 'https://api.test/', auth }))
  return collection
}
const auths = (collection: Collection) => collection.children.map((c) => (c as RequestSpec).auth)

describe('Postman oauth1 and hawk', () => {
  it("reads Postman's parameters (v2.1 list with booleans, v2.0 object) and its defaults", () => {
    const parsed = parsePostmanCollection(
      postmanCollection('x', [
        {
          name: 'o',
          request: {
            url: 'u',
            auth: {
              type: 'oauth1',
              oauth1: [
                { key: 'consumerKey', value: 'ck' },
                { key: 'consumerSecret', value: 'cs' },
                { key: 'signatureMethod', value: 'HMAC-SHA256' },
                { key: 'addParamsToHeader', value: true, type: 'boolean' },
                { key: 'includeBodyHash', value: true, type: 'boolean' },
                { key: 'realm', value: 'R' },
              ],
            },
          },
        },
        { name: 'h', request: { url: 'u', auth: { type: 'hawk', hawk: { authId: 'i', authKey: 'k' } } } },
        { name: 'bare', request: { url: 'u', auth: { type: 'oauth1', oauth1: [] } } },
      ]),
    )
    expect(auths(parsed)).toEqual([
      {
        ...newOAuth1Auth(),
        consumerKey: 'ck',
        consumerSecret: 'cs',
        signatureMethod: 'HMAC-SHA256',
        addTo: 'header',
        includeBodyHash: true,
        realm: 'R',
        version: '',
      },
      { ...newHawkAuth(), authId: 'i', authKey: 'k' },
      // Postman's reading of missing parameters: no version, data in the URL or body, no hashes.
      { ...newOAuth1Auth(), version: '', addTo: 'query' },
    ])
  })

  it('Sendbox → Postman → Sendbox keeps every field', () => {
    const text = postmanCollectionText(collectionWith(oauth1, hawk), { includeSecrets: true })
    const written = JSON.parse(text) as { item: { request: { auth: { type: string } } }[] }
    expect(written.item.map((i) => i.request.auth.type)).toEqual(['oauth1', 'hawk'])
    expect(written.item[0]!.request.auth).toMatchObject({
      oauth1: expect.arrayContaining([
        { key: 'addParamsToHeader', value: false, type: 'boolean' },
        { key: 'tokenSecret', value: 'ts', type: 'string' },
      ]),
    })
    expect(auths(parsePostmanCollection(JSON.parse(text)))).toEqual([oauth1, hawk])
  })
})

describe('Sendbox files', () => {
  it('keep OAuth 1.0 and Hawk as they are, and refuse a bad flag naming its path', () => {
    const text = serializeSendboxCollection(collectionWith(oauth1, hawk))
    expect(auths(parseSendboxCollection(JSON.parse(text)))).toEqual([oauth1, hawk])
    const bad = JSON.parse(text) as { collection: { children: { auth: Record<string, unknown> }[] } }
    bad.collection.children[1]!.auth.includePayloadHash = 'yes'
    expect(() => parseSendboxCollection(bad)).toThrow(
      /children\[1\]\.auth\.includePayloadHash: expected true or false/,
    )
  })
})

describe('Bruno', () => {
  it('OAuth 1.0 goes to auth:oauth1 and back; Hawk, which Bruno lacks, goes without auth', () => {
    const report: ImportReport = { skipped: [] }
    const files = exportBruno(collectionWith(oauth1, hawk), { includeSecrets: true, report })
    expect(report.skipped.map((s) => `${s.what} (${s.reason})`)).toEqual([
      'hawk auth of request "r1" (not supported in Bruno)',
    ])
    const back = importSource({ kind: 'folder', name: 'exported', files })
    const [o, h] = auths(back.collections[0]!)
    // Bruno has no "sign empty parameters" option.
    expect(o).toEqual({ ...oauth1, addEmptyParamsToSign: false })
    expect(h).toEqual({ type: 'none' })
  })
})
