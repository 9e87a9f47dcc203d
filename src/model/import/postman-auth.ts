/**
 * Postman's auth object (v2.1 `[{ key, value }]` parameters, v2.0 an object of them) → a Sendbox
 * `Auth`: none, inherit, bearer, basic, API key, AWS Signature, OAuth 2.0, digest, OAuth 1.0 and
 * Hawk are mapped. Postman's types Sendbox lacks (NTLM, Akamai EdgeGrid, JWT, ASAP…) are kept as an
 * `unsupported` auth and named in the report, so the rest of the collection runs and a send of that
 * request fails with a message. A type name that is not a plain word is refused (ImportError).
 * OAuth 2.0's implicit grant keeps its pasted token and is reported. The tables shared with the
 * writer (../export/postman.ts) are in postman-tables.ts.
 */
import type { Auth } from '../types.ts'
import {
  ImportError,
  expectObject,
  isObject,
  optionalString,
  optionalText,
  quoted,
  type JsonObject,
} from './import-error.ts'
import { hawkFromPostman, oauth1FromPostman } from './postman-signed-auth.ts'
import { POSTMAN_AWS_FIELDS, POSTMAN_OAUTH2_FIELDS, grantFromPostman, readFields } from './postman-tables.ts'
import { skip, type ImportReport } from './report.ts'

/** v2.1 writes auth parameters as `[{key, value}]`, v2.0 as an object. */
function authParams(auth: JsonObject, type: string, path: string): Record<string, string> {
  const params = auth[type]
  const result: Record<string, string> = Object.create(null) as Record<string, string>
  if (Array.isArray(params)) {
    for (const [i, raw] of params.entries()) {
      const p = expectObject(raw, `${path}.${type}[${i}]`)
      result[optionalString(p.key, `${path}.${type}[${i}].key`)] = optionalText(
        p.value,
        `${path}.${type}[${i}].value`,
      )
    }
  } else if (isObject(params)) {
    for (const [key, value] of Object.entries(params))
      result[key] = optionalText(value, `${path}.${type}.${key}`)
  }
  return result
}

/** `owner`: what the auth belongs to, for the report (`request "Login"`). */
export function parsePostmanAuth(
  value: unknown,
  path: string,
  report: ImportReport,
  owner: string,
): Auth | undefined {
  if (value === undefined || value === null) return undefined
  const auth = expectObject(value, path)
  const type = optionalString(auth.type, `${path}.type`)
  const p = authParams(auth, type, path)
  const get = (key: string) => p[key] ?? ''
  switch (type) {
    case 'noauth':
      return { type: 'none' }
    case 'inherit':
      return { type: 'inherit' }
    case 'bearer':
      return { type: 'bearer', token: get('token') }
    case 'basic':
      return { type: 'basic', username: get('username'), password: get('password') }
    case 'apikey':
      return {
        type: 'apikey',
        key: get('key'),
        value: get('value'),
        addTo: p.in === 'query' ? 'query' : 'header',
      }
    case 'awsv4':
      return { type: 'sigv4', ...readFields(POSTMAN_AWS_FIELDS, get) }
    case 'oauth2': {
      if (p.grant_type === 'implicit')
        skip(
          report,
          `${path}.oauth2`,
          `OAuth 2.0 grant "${p.grant_type}" of ${owner}`,
          'not supported; the pasted access token is kept',
        )
      return {
        type: 'oauth2',
        grant: grantFromPostman(p.grant_type, p.accessToken),
        ...readFields(POSTMAN_OAUTH2_FIELDS, get),
        clientAuth: p.client_authentication === 'body' ? 'body' : 'basic',
        ...(p.headerPrefix !== undefined ? { headerPrefix: p.headerPrefix } : {}),
        ...(p.addTokenTo === 'queryParams' ? { addTo: 'query' as const } : {}),
        ...(p.username !== undefined ? { username: p.username } : {}),
        ...(p.password !== undefined ? { password: p.password } : {}),
        ...(p.audience ? { audience: p.audience } : {}),
        ...(p.resource ? { resource: p.resource } : {}),
      }
    }
    case 'digest':
      return {
        type: 'digest',
        username: get('username'),
        password: get('password'),
        algorithm: p.algorithm ?? 'MD5',
        realm: get('realm'),
        nonce: get('nonce'),
        qop: get('qop'),
        opaque: get('opaque'),
        nonceCount: get('nonceCount'),
        clientNonce: get('clientNonce'),
      }
    case 'oauth1':
      return oauth1FromPostman(p)
    case 'hawk':
      return hawkFromPostman(p)
    default:
      // NTLM, EdgeGrid...: kept, so the other requests run and this one says why it cannot.
      if (!/^[\w.-]{1,40}$/u.test(type))
        throw new ImportError(`${path}.type`, `unsupported authorization type ${quoted(type)}`)
      skip(
        report,
        path,
        `${type} auth of ${owner}`,
        'auth type not supported; requests using it fail with a message when sent',
      )
      return { type: 'unsupported', name: type, params: JSON.stringify(auth[type] ?? []) }
  }
}
