/**
 * OpenAPI security → Sendbox auth. A requirement names schemes from `components.securitySchemes`;
 * the first scheme of the first requirement becomes the auth, its secret a `{{variable}}` the
 * user gives in an environment: apiKey in a header or the query, HTTP basic and bearer,
 * OAuth 2.0 client credentials and authorization code. What Sendbox lacks goes to the report.
 */
import type { Auth } from '../types.ts'
import { isObject, quoted, type JsonObject } from './import-error.ts'
import { skip, type ImportReport } from './report.ts'

export interface SecurityContext {
  schemes: JsonObject
  report: ImportReport
  /**
   * Variables the auth refers to. The collection does not declare them: an empty collection
   * variable would hide the value an environment or `--env-var` gives.
   */
  variables: Set<string>
}

/** `security` of the document or an operation; undefined when it has none of its own. */
export function authFor(
  security: unknown,
  at: string,
  owner: string,
  context: SecurityContext,
): Auth | undefined {
  if (!Array.isArray(security)) return undefined
  if (security.length === 0) return { type: 'none' }
  const requirement = security.find(isObject)
  if (!requirement) return { type: 'none' }
  const names = Object.keys(requirement)
  // `{}` in the list means the operation may also be called without credentials.
  if (names.length === 0) return { type: 'none' }
  for (const name of names) {
    const scopes = requirement[name]
    const auth = schemeAuth(name, Array.isArray(scopes) ? scopes : [], at, owner, context)
    if (auth) return auth
  }
  return { type: 'none' }
}

function schemeAuth(
  name: string,
  scopes: unknown[],
  at: string,
  owner: string,
  context: SecurityContext,
): Auth | undefined {
  const scheme = context.schemes[name]
  const leaveOut = (reason: string) =>
    skip(context.report, at, `security scheme ${quoted(name)} of ${owner}`, reason)
  if (!isObject(scheme)) return leaveOut('not defined in components.securitySchemes')
  const variable = (suffix: string) => {
    const key = `${name.replace(/[^\w-]/g, '_')}${suffix}`
    context.variables.add(key)
    return `{{${key}}}`
  }
  const type = typeof scheme.type === 'string' ? scheme.type : ''
  const text = (field: string) => (typeof scheme[field] === 'string' ? (scheme[field] as string) : '')
  if (type === 'apiKey') {
    const where = text('in')
    if (where !== 'header' && where !== 'query')
      return leaveOut(`an API key in ${quoted(where)} is not supported (header or query only)`)
    return { type: 'apikey', key: text('name'), value: variable(''), addTo: where }
  }
  if (type === 'http') {
    const kind = text('scheme').toLowerCase()
    if (kind === 'basic')
      return { type: 'basic', username: variable('Username'), password: variable('Password') }
    if (kind === 'bearer') return { type: 'bearer', token: variable('') }
    return leaveOut(`HTTP auth scheme ${quoted(kind)} is not supported`)
  }
  if (type === 'oauth2') {
    const flows = isObject(scheme.flows) ? scheme.flows : {}
    const scope = scopes.filter((s): s is string => typeof s === 'string').join(' ')
    const flow = (key: string) => (isObject(flows[key]) ? (flows[key] as JsonObject) : undefined)
    const url = (f: JsonObject, field: string) => (typeof f[field] === 'string' ? (f[field] as string) : '')
    const base = {
      accessToken: '',
      clientId: variable('ClientId'),
      clientSecret: variable('ClientSecret'),
      scope,
    }
    const credentials = flow('clientCredentials')
    if (credentials)
      return {
        type: 'oauth2',
        grant: 'client-credentials',
        authUrl: '',
        tokenUrl: url(credentials, 'tokenUrl'),
        ...base,
      }
    const code = flow('authorizationCode')
    if (code)
      return {
        type: 'oauth2',
        grant: 'authorization-code',
        authUrl: url(code, 'authorizationUrl'),
        tokenUrl: url(code, 'tokenUrl'),
        ...base,
      }
    leaveOut(`OAuth 2.0 flow ${quoted(Object.keys(flows)[0] ?? '')} is not supported; paste a token instead`)
    return {
      type: 'oauth2',
      grant: 'token',
      authUrl: '',
      tokenUrl: '',
      ...base,
      accessToken: variable('Token'),
    }
  }
  return leaveOut(`security scheme type ${quoted(type)} is not supported`)
}
