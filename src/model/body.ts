/** Request bodies per spec 2.2, as bytes plus the `Content-Type` they imply. */
import { concatBytes, utf8 } from './encoding.ts'
import { newId } from './ids.ts'
import { stripJsonComments } from './json-comments.ts'
import type { FormDataRow, KeyValueRow, RawLanguage, RequestBody } from './types.ts'

export interface BuiltBody {
  bytes: Uint8Array | null
  /** Set unless the user's own `Content-Type` header says otherwise. */
  contentType: string | null
}

/** Reads a file row's bytes: IndexedDB in the app, the file system in the CLI. */
export type FileResolver = (row: FormDataRow) => Promise<Uint8Array>

export interface BodyOptions {
  substitute: (text: string) => string
  formatJson: boolean
  resolveFile?: FileResolver
  /** Fixed in tests; random otherwise. */
  boundary?: string
}

const RAW_TYPES: Record<RawLanguage, string> = {
  text: 'text/plain',
  json: 'application/json',
  xml: 'application/xml',
}

export async function buildBody(body: RequestBody, options: BodyOptions): Promise<BuiltBody> {
  const v = options.substitute
  switch (body.type) {
    case 'none':
      return { bytes: null, contentType: null }
    case 'raw': {
      let text = v(body.text)
      // As Postman sends it: comments out of a JSON body, and no Content-Type without a body.
      if (body.language === 'json') text = stripJsonComments(text)
      if (body.language === 'json' && options.formatJson) text = formatJson(text)
      return { bytes: utf8(text), contentType: text === '' ? null : RAW_TYPES[body.language] }
    }
    case 'urlencoded': {
      // As Postman sends it: a form without an enabled row is no body, and no Content-Type.
      if (!body.rows.some(sent)) return { bytes: utf8(''), contentType: null }
      const params = new URLSearchParams()
      for (const row of body.rows) if (sent(row)) params.append(v(row.key), v(row.value))
      return { bytes: utf8(params.toString()), contentType: 'application/x-www-form-urlencoded' }
    }
    case 'graphql': {
      const variablesText = v(body.variables).trim()
      let variables: unknown = null
      if (variablesText !== '') {
        try {
          variables = JSON.parse(variablesText)
        } catch (error) {
          throw new Error(`GraphQL variables are not valid JSON: ${(error as Error).message}`)
        }
      }
      // As Postman sends it: no `variables` member when none were written.
      const payload: Record<string, unknown> = { query: v(body.query) }
      if (variablesText !== '') payload.variables = variables
      if (body.operationName) payload.operationName = body.operationName
      return { bytes: utf8(JSON.stringify(payload)), contentType: 'application/json' }
    }
    case 'form-data':
      if (!body.rows.some(sent)) return { bytes: utf8(''), contentType: null }
      return buildMultipart(body.rows, options)
  }
}

const sent = (row: KeyValueRow) => row.enabled && row.key !== ''

/** Indents valid JSON; leaves anything else (for example with unquoted placeholders) as typed. */
export function formatJson(text: string): string {
  try {
    return JSON.stringify(JSON.parse(text), null, 2)
  } catch {
    return text
  }
}

async function buildMultipart(rows: FormDataRow[], options: BodyOptions): Promise<BuiltBody> {
  const boundary = options.boundary ?? `----SendboxFormBoundary${newId().replaceAll('-', '')}`
  const v = options.substitute
  const parts: Uint8Array[] = []
  for (const row of rows) {
    if (!row.enabled || row.key === '') continue
    const name = escapeQuoted(v(row.key))
    parts.push(utf8(`--${boundary}\r\n`))
    if (row.type === 'file') {
      if (!options.resolveFile) throw new Error(`The file for form field "${row.key}" is not available here.`)
      const fileName = escapeQuoted(row.fileName ?? 'file')
      const type = row.contentType || 'application/octet-stream'
      parts.push(
        utf8(
          `Content-Disposition: form-data; name="${name}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
        ),
      )
      parts.push(await options.resolveFile(row))
    } else {
      parts.push(utf8(`Content-Disposition: form-data; name="${name}"\r\n\r\n${v(row.value)}`))
    }
    parts.push(utf8('\r\n'))
  }
  parts.push(utf8(`--${boundary}--\r\n`))
  return { bytes: concatBytes(parts), contentType: `multipart/form-data; boundary=${boundary}` }
}

/** HTML's form encoding of names in Content-Disposition: quotes and line breaks percent-encoded. */
function escapeQuoted(text: string): string {
  return text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}
