/** The fields of OAuth 1.0 and Hawk auths, and a fresh one of each (Postman's defaults). */
import type { HawkAuth, OAuth1Auth } from '../types.ts'

export const OAUTH1_SIGNATURE_METHODS = [
  'HMAC-SHA1',
  'HMAC-SHA256',
  'HMAC-SHA512',
  'RSA-SHA1',
  'RSA-SHA256',
  'RSA-SHA512',
  'PLAINTEXT',
] as const

export const HAWK_ALGORITHMS = ['sha256', 'sha1'] as const

/** The text fields: each takes `{{variables}}`. */
export const OAUTH1_TEXT_FIELDS = [
  'signatureMethod',
  'consumerKey',
  'consumerSecret',
  'token',
  'tokenSecret',
  'privateKey',
  'callback',
  'verifier',
  'timestamp',
  'nonce',
  'version',
  'realm',
] as const satisfies readonly (keyof OAuth1Auth)[]

export const HAWK_TEXT_FIELDS = [
  'authId',
  'authKey',
  'algorithm',
  'user',
  'nonce',
  'timestamp',
  'extraData',
  'app',
  'delegation',
] as const satisfies readonly (keyof HawkAuth)[]

export function newOAuth1Auth(): OAuth1Auth {
  return {
    type: 'oauth1',
    signatureMethod: 'HMAC-SHA1',
    consumerKey: '',
    consumerSecret: '',
    token: '',
    tokenSecret: '',
    privateKey: '',
    callback: '',
    verifier: '',
    timestamp: '',
    nonce: '',
    version: '1.0',
    realm: '',
    addTo: 'header',
    includeBodyHash: false,
    addEmptyParamsToSign: false,
  }
}

export function newHawkAuth(): HawkAuth {
  return {
    type: 'hawk',
    authId: '',
    authKey: '',
    algorithm: 'sha256',
    user: '',
    nonce: '',
    timestamp: '',
    extraData: '',
    app: '',
    delegation: '',
    includePayloadHash: false,
  }
}
