/**
 * The plain data of Sendbox: requests, folders, collections, environments and variables
 * (spec sections 2.1-2.5). These are the API of `src/model`; Yjs types stay in `workspace/`.
 */

import type { HttpVersion } from './settings.ts'
import type { GrpcSpec } from './realtime/grpc.ts'
import type { SocketIoSettings } from './realtime/socketio.ts'
import type { WebSocketSettings } from './realtime/websocket.ts'

export type Id = string

export const REQUEST_KINDS = ['http', 'graphql', 'websocket', 'sse', 'grpc', 'socketio'] as const
export type RequestKind = (typeof REQUEST_KINDS)[number]

export const HTTP_METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const
export type HttpMethod = (typeof HTTP_METHODS)[number]

/** One row of the parameters, headers, cookies or URL-encoded tables. */
export interface KeyValueRow {
  id: Id
  key: string
  value: string
  enabled: boolean
  description?: string
  /**
   * Headers only: a default header (default-headers.ts) switched off for this request. Always
   * disabled; the table shows it among the auto-generated rows, not as a row of the user's.
   */
  auto?: true
}

/** A multipart row: text, or a file the user chose (kept locally, resolved when sending). */
export interface FormDataRow extends KeyValueRow {
  type: 'text' | 'file'
  /** For file rows: the file's name as sent, its media type and where its bytes are kept. */
  fileName?: string
  contentType?: string
  /** An opaque reference the host resolves to bytes (an IndexedDB key, a path for the CLI). */
  fileRef?: string
}

export type RawLanguage = 'text' | 'json' | 'xml'

export type RequestBody =
  | { type: 'none' }
  | { type: 'raw'; language: RawLanguage; text: string }
  | { type: 'form-data'; rows: FormDataRow[] }
  | { type: 'urlencoded'; rows: KeyValueRow[] }
  | { type: 'graphql'; query: string; variables: string; operationName?: string }

/** `password` comes only from imported collections (Postman); the app offers the other three. */
export type OAuth2Grant = 'token' | 'authorization-code' | 'client-credentials' | 'password'

export type Auth =
  | { type: 'inherit' }
  | { type: 'none' }
  | { type: 'bearer'; token: string }
  | { type: 'apikey'; key: string; value: string; addTo: 'header' | 'query' }
  | { type: 'basic'; username: string; password: string }
  | {
      type: 'oauth2'
      grant: OAuth2Grant
      /** The pasted token (grant `token`); fetched tokens live on the device, not here. */
      accessToken: string
      authUrl: string
      tokenUrl: string
      clientId: string
      clientSecret: string
      scope: string
      /** How the client authenticates at the Token-URL: HTTP Basic header (default) or in the body. */
      clientAuth?: 'basic' | 'body'
      audience?: string
      resource?: string
      /** Extra parameters for the authorization and token requests, one `name=value` per line. */
      extraParams?: string
      /** Default `Bearer`. */
      headerPrefix?: string
      /** Where the token goes: the `Authorization` header (default) or the `access_token` query parameter. */
      addTo?: 'header' | 'query'
      /** Resource-owner password grant (imported collections). */
      username?: string
      password?: string
    }
  | {
      type: 'sigv4'
      accessKeyId: string
      secretAccessKey: string
      sessionToken: string
      region: string
      service: string
    }
  | {
      /** RFC 7616; algorithm, realm, nonce ... fixed here are used as given, else the server's. */
      type: 'digest'
      username: string
      password: string
      /** MD5 (the default when empty), MD5-sess, SHA-256 or SHA-256-sess. */
      algorithm: string
      realm: string
      nonce: string
      qop: string
      opaque: string
      nonceCount: string
      clientNonce: string
    }
  | OAuth1Auth
  | HawkAuth
  | {
      /**
       * An imported type Sendbox cannot send (Hawk, NTLM, Akamai EdgeGrid...): kept as it came so
       * nothing is lost, and a request using it fails with a message naming the type.
       */
      type: 'unsupported'
      /** The type's name in the source format (`hawk`). */
      name: string
      /** Its parameters in the source format, as JSON text. */
      params: string
    }

/** OAuth 1.0 (RFC 5849) with Postman's options; every text field takes `{{variables}}`. */
export interface OAuth1Auth {
  type: 'oauth1'
  /** HMAC-SHA1 (default), HMAC-SHA256, HMAC-SHA512, RSA-SHA1, RSA-SHA256, RSA-SHA512 or PLAINTEXT. */
  signatureMethod: string
  consumerKey: string
  consumerSecret: string
  token: string
  tokenSecret: string
  /** PEM private key for the RSA methods (PKCS#8 or PKCS#1). */
  privateKey: string
  callback: string
  verifier: string
  /** Empty: the current time and a fresh nonce for each send. */
  timestamp: string
  nonce: string
  /** Default `1.0`. */
  version: string
  realm: string
  /** The `Authorization` header, or the query (the body for a POST or PUT with a form body). */
  addTo: 'header' | 'query'
  /** `oauth_body_hash` over the body (not for form bodies). */
  includeBodyHash: boolean
  /** Sign parameters left empty too (say, `oauth_token=`). */
  addEmptyParamsToSign: boolean
}

/** Hawk (hapijs/hawk): a MAC over the request in the `Authorization` header. */
export interface HawkAuth {
  type: 'hawk'
  authId: string
  authKey: string
  /** `sha256` (default) or `sha1`. */
  algorithm: string
  /** Kept for Postman round trips; Postman does not send it either. */
  user: string
  /** Empty: a fresh nonce and the current time for each send. */
  nonce: string
  timestamp: string
  extraData: string
  app: string
  delegation: string
  /** The payload hash over Content-Type and body. */
  includePayloadHash: boolean
}

export type AuthType = Auth['type']
export type OAuth2Auth = Extract<Auth, { type: 'oauth2' }>

export interface Scripts {
  preRequest: string
  postResponse: string
}

/** Whether either phase has code (blank text counts as none). */
export function hasScript(scripts: Scripts): boolean {
  return scripts.preRequest.trim() !== '' || scripts.postResponse.trim() !== ''
}

export interface RequestSpec {
  type: 'request'
  id: Id
  kind: RequestKind
  name: string
  method: HttpMethod
  url: string
  params: KeyValueRow[]
  headers: KeyValueRow[]
  cookies: KeyValueRow[]
  body: RequestBody
  auth: Auth
  scripts: Scripts
  /** gRPC requests only (kind `grpc`): target is `url`, metadata is `headers`. */
  grpc?: GrpcSpec
  /** Kind `websocket` only (realtime/websocket.ts). */
  websocket?: WebSocketSettings
  /** Kind `socketio` only (realtime/socketio.ts). */
  socketio?: SocketIoSettings
  /**
   * The `Path Variables` table (path-variables.ts): one row per `:name` segment of `url`, in
   * the URL's order, its key locked to the segment; absent when the URL has none.
   */
  pathVariables?: KeyValueRow[]
  /** Documentation text (Markdown in most sources); absent when there is none. */
  description?: string
  /** Saved responses (Postman's examples), in order; absent when there are none. */
  examples?: SavedResponse[]
  /** The request's own `HTTP version`; absent (Auto): the one of Settings (or the CLI's). */
  httpVersion?: HttpVersion
}

/** A header or query row of a saved response: what was sent or answered, nothing to switch. */
export interface NameValue {
  key: string
  value: string
}

/**
 * A saved response (an "example"): what a server answered, with the request it was sent with
 * when the source kept it. The mock server (mock/) serves these.
 */
export interface SavedResponse {
  id: Id
  name: string
  status: number
  /** The reason phrase, when the source has one (`OK`). */
  statusText?: string
  headers: NameValue[]
  body: string
  request?: SavedRequest
}

export interface SavedRequest {
  method: string
  url: string
  headers: NameValue[]
  body?: string
}

export interface Variable {
  id: Id
  key: string
  value: string
  enabled: boolean
  /** A secret's value lives on the device only; scripts may read it only when allowed (spec 5.3). */
  secret: boolean
}

export interface Folder {
  type: 'folder'
  id: Id
  name: string
  auth: Auth
  variables: Variable[]
  scripts: Scripts
  children: TreeItem[]
  /** Documentation text (Markdown in most sources); absent when there is none. */
  description?: string
}

export type TreeItem = Folder | RequestSpec

export interface Collection {
  id: Id
  name: string
  auth: Auth
  variables: Variable[]
  scripts: Scripts
  children: TreeItem[]
  /** Documentation text (Markdown in most sources); absent when there is none. */
  description?: string
}

export interface Environment {
  id: Id
  name: string
  variables: Variable[]
}
