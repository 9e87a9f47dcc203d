/**
 * `pm.request.body` between the host and the guest's SDK objects (guest/pm-sdk.ts): the request's
 * body as Postman's RequestBody JSON, and a body a pre-request script changed (`body.update(...)`,
 * a new mode, rows added to a form) turned back into a Sendbox body. The pipeline builds that body
 * as it builds the request's own (RequestChanges.bodySpec): `{{variables}}` resolved after the
 * script, the Content-Type of the new mode when the request sets none, as newman sends it.
 */
import type { FormDataRow, RawLanguage, RequestBody } from '../../../model/types.ts'
import { makeRow } from '../../../model/factories.ts'
import { messages, ScriptAbort } from '../errors.ts'

export interface SdkBody {
  mode: string
  raw?: string
  language?: string
  urlencoded?: { key: string; value: string; disabled?: true }[]
  formdata?: { key: string; value: string; type: string; disabled?: true }[]
  graphql?: { query: string; variables: string }
}

/** A row as the guest sends it back: any value a script assigned. */
interface SdkRow {
  key?: unknown
  value?: unknown
  disabled?: boolean
  type?: unknown
  src?: unknown
}

/** The body as the guest sends it back after a change. */
export interface AppliedBody {
  mode?: unknown
  raw?: unknown
  language?: unknown
  urlencoded?: SdkRow[]
  formdata?: SdkRow[]
  graphql?: { query?: unknown; variables?: unknown; operationName?: unknown }
}

export function sdkBody(body: RequestBody): SdkBody | undefined {
  switch (body.type) {
    case 'raw':
      return { mode: 'raw', raw: body.text, language: body.language }
    case 'urlencoded':
      return {
        mode: 'urlencoded',
        urlencoded: body.rows.map((r) => ({
          key: r.key,
          value: r.value,
          ...(r.enabled ? {} : { disabled: true as const }),
        })),
      }
    case 'form-data':
      return {
        mode: 'formdata',
        formdata: body.rows.map((r) => ({
          key: r.key,
          value: r.type === 'file' ? (r.fileName ?? '') : r.value,
          type: r.type,
          ...(r.enabled ? {} : { disabled: true as const }),
        })),
      }
    case 'graphql':
      return { mode: 'graphql', graphql: { query: body.query, variables: body.variables } }
    default:
      return undefined
  }
}

/** `null`/`undefined` as Postman's SDK writes them into a body: nothing. */
const text = (value: unknown): string => (value === undefined || value === null ? '' : String(value))

const LANGUAGES = new Set<RawLanguage>(['text', 'json', 'xml'])

/**
 * The Sendbox body for what the script left in `pm.request.body`. A file row is kept only when
 * it was the request's own (the script cannot reach the user's files).
 */
export function bodyFromSdk(next: AppliedBody | null, original: RequestBody): RequestBody {
  if (next === null || next.mode === undefined || next.mode === null) return { type: 'none' }
  const mode = String(next.mode).toLowerCase()
  if (mode === 'raw') {
    const language = String(next.language ?? (original.type === 'raw' ? original.language : 'text'))
    return {
      type: 'raw',
      text: text(next.raw),
      language: LANGUAGES.has(language as RawLanguage) ? (language as RawLanguage) : 'text',
    }
  }
  if (mode === 'urlencoded')
    return {
      type: 'urlencoded',
      rows: (next.urlencoded ?? [])
        .filter((row) => row.key !== undefined && row.key !== null)
        .map((row) =>
          makeRow({ key: text(row.key), value: text(row.value), enabled: row.disabled !== true }),
        ),
    }
  if (mode === 'formdata') return { type: 'form-data', rows: formRows(next.formdata ?? [], original) }
  if (mode === 'graphql') {
    const g = next.graphql ?? {}
    const variables =
      typeof g.variables === 'string' ? g.variables : g.variables ? JSON.stringify(g.variables) : ''
    return {
      type: 'graphql',
      query: text(g.query),
      variables,
      ...(typeof g.operationName === 'string' ? { operationName: g.operationName } : {}),
    }
  }
  throw new ScriptAbort('unsupported', messages.unsupported(`The body mode "${mode}" of pm.request.body`))
}

function formRows(rows: SdkRow[], original: RequestBody): FormDataRow[] {
  const files = original.type === 'form-data' ? original.rows.filter((row) => row.type === 'file') : []
  return rows
    .filter((row) => row.key !== undefined && row.key !== null)
    .map((row) => {
      const enabled = row.disabled !== true
      if (row.type !== 'file')
        return { ...makeRow({ key: text(row.key), value: text(row.value), enabled }), type: 'text' }
      const name = text(row.src ?? row.value)
      const own = files.find((file) => file.key === text(row.key) && (file.fileName ?? '') === name)
      if (!own)
        throw new ScriptAbort(
          'unsupported',
          messages.unsupported(`Adding the file "${name}" to a form-data body through pm.request.body`),
        )
      return { ...own, enabled }
    })
}
