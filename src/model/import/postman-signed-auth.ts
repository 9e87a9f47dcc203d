/**
 * Postman's `oauth1` and `hawk` auths ↔ Sendbox's, both ways, parameter for parameter (Postman's
 * names: consumerKey ... addParamsToHeader; authId ... includePayloadHash). A parameter Postman
 * leaves out reads as Postman reads it: no version, parameters in the URL or body, no hashes.
 */
import type { HawkAuth, OAuth1Auth } from '../types.ts'

type Params = Record<string, string>

const flag = (value: string | undefined) => value === 'true'

export function oauth1FromPostman(p: Params): OAuth1Auth {
  const get = (key: string) => p[key] ?? ''
  return {
    type: 'oauth1',
    signatureMethod: get('signatureMethod') || 'HMAC-SHA1',
    consumerKey: get('consumerKey'),
    consumerSecret: get('consumerSecret'),
    token: get('token'),
    tokenSecret: get('tokenSecret'),
    privateKey: get('privateKey'),
    callback: get('callback'),
    verifier: get('verifier'),
    timestamp: get('timestamp'),
    nonce: get('nonce'),
    version: get('version'),
    realm: get('realm'),
    addTo: flag(p.addParamsToHeader) ? 'header' : 'query',
    includeBodyHash: flag(p.includeBodyHash),
    addEmptyParamsToSign: flag(p.addEmptyParamsToSign),
  }
}

export function hawkFromPostman(p: Params): HawkAuth {
  const get = (key: string) => p[key] ?? ''
  return {
    type: 'hawk',
    authId: get('authId'),
    authKey: get('authKey'),
    algorithm: get('algorithm') || 'sha256',
    user: get('user'),
    nonce: get('nonce'),
    timestamp: get('timestamp'),
    extraData: get('extraData'),
    app: get('app'),
    delegation: get('delegation'),
    includePayloadHash: flag(p.includePayloadHash),
  }
}

type PostmanParam = { key: string; value: string | boolean; type: 'string' | 'boolean' }

const text = (key: string, value: string): PostmanParam => ({ key, value, type: 'string' })
const bool = (key: string, value: boolean): PostmanParam => ({ key, value, type: 'boolean' })

export function oauth1ToPostman(auth: OAuth1Auth): PostmanParam[] {
  return [
    text('signatureMethod', auth.signatureMethod),
    text('consumerKey', auth.consumerKey),
    text('consumerSecret', auth.consumerSecret),
    text('token', auth.token),
    text('tokenSecret', auth.tokenSecret),
    text('privateKey', auth.privateKey),
    text('callback', auth.callback),
    text('verifier', auth.verifier),
    text('timestamp', auth.timestamp),
    text('nonce', auth.nonce),
    text('version', auth.version),
    text('realm', auth.realm),
    bool('addParamsToHeader', auth.addTo === 'header'),
    bool('includeBodyHash', auth.includeBodyHash),
    bool('addEmptyParamsToSign', auth.addEmptyParamsToSign),
  ]
}

export function hawkToPostman(auth: HawkAuth): PostmanParam[] {
  return [
    text('authId', auth.authId),
    text('authKey', auth.authKey),
    text('algorithm', auth.algorithm),
    text('user', auth.user),
    text('nonce', auth.nonce),
    text('timestamp', auth.timestamp),
    text('extraData', auth.extraData),
    text('app', auth.app),
    text('delegation', auth.delegation),
    bool('includePayloadHash', auth.includePayloadHash),
  ]
}
