/** The fields in which a version of a request differs from the current one, as text for people. */
import type { KeyValueRow, RequestSpec } from '../../model/types.ts'
import { SECRET_AUTH_FIELDS } from '../../model/git/item-file.ts'

export interface FieldDiff {
  field: string
  version: string
  current: string
}

function rows(list: KeyValueRow[]): string {
  return list.map((row) => `${row.enabled ? '' : '# '}${row.key}: ${row.value}`).join('\n')
}

function auth(value: RequestSpec['auth']): string {
  const shown: Record<string, unknown> = { ...value }
  for (const field of SECRET_AUTH_FIELDS) delete shown[field]
  return JSON.stringify(shown)
}

const FIELDS: [string, (request: RequestSpec) => string][] = [
  ['name', (r) => r.name],
  ['method', (r) => r.method],
  ['url', (r) => r.url],
  ['path variables', (r) => rows(r.pathVariables ?? [])],
  ['params', (r) => rows(r.params)],
  ['headers', (r) => rows(r.headers)],
  ['cookies', (r) => rows(r.cookies)],
  ['body', (r) => (r.body.type === 'raw' ? r.body.text : JSON.stringify(r.body))],
  ['auth', (r) => auth(r.auth)],
  ['pre-request script', (r) => r.scripts.preRequest],
  ['post-response script', (r) => r.scripts.postResponse],
]

export function versionDiff(version: RequestSpec, current: RequestSpec): FieldDiff[] {
  return FIELDS.flatMap(([field, read]) => {
    const a = read(version)
    const b = read(current)
    return a === b ? [] : [{ field, version: a, current: b }]
  })
}
