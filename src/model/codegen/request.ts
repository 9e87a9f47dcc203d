/**
 * The request a snippet sends (issue 21): the same build as Send (build-request.ts), so variables,
 * inherited auth, the cookies table and GraphQL come out exactly as the app sends them. Only the
 * parts a snippet must express differently keep their structure: form-data (each language builds
 * its own multipart body, files read by path) and files.
 */
import { buildWireAndView } from '../script-view.ts'
import type { BuildOptions } from '../build-request.ts'
import { fromUtf8 } from '../encoding.ts'
import type { FormDataRow, RequestSpec } from '../types.ts'
import { VariableContext } from '../variables.ts'
import type { HeaderList } from '../wire.ts'

/** A multipart field; `name` and `fileName` already escaped as the app sends them (`"` as `%22`). */
export type FormPart =
  { name: string; value: string } | { name: string; path: string; fileName: string; contentType: string }

export type CodegenBody =
  | { kind: 'none' }
  /** Raw text, JSON, XML, GraphQL (its JSON) and URL-encoded (already encoded). */
  | { kind: 'text'; text: string }
  | { kind: 'form'; parts: FormPart[] }
  /** A binary body read from a file. */
  | { kind: 'file'; path: string }

export interface CodegenRequest {
  method: string
  /** Fully encoded, normalised as a WHATWG URL (what the app's transports send), no fragment. */
  url: string
  /** In order, names as typed; for a form body without the multipart `Content-Type`. */
  headers: HeaderList
  body: CodegenBody
  /** Lines a snippet shows as comments (for example that a signature was computed now). */
  notes: string[]
}

export interface CodegenBuildOptions extends Omit<BuildOptions, 'resolveFile' | 'boundary'> {
  /** Off: no auth at all, neither the request's own nor inherited (`Include auth`). */
  includeAuth: boolean
  /** Secrets go in as their values; otherwise as `{{name}}` placeholders. */
  revealSecrets?: boolean
  /** Where a form-data file row's bytes are read from in the snippet. */
  filePath?: (row: FormDataRow) => string
}

const BOUNDARY = '----SendboxCodegenBoundary'

export async function toCodegenRequest(
  spec: RequestSpec,
  options: CodegenBuildOptions,
): Promise<CodegenRequest> {
  const variables = options.revealSecrets ? options.variables : withholdAllSecrets(options.variables)
  const request: RequestSpec = options.includeAuth ? spec : { ...spec, auth: { type: 'none' } }
  const { view } = await buildWireAndView(request, {
    ...options,
    variables,
    parentAuth: options.includeAuth ? options.parentAuth : [],
    boundary: BOUNDARY,
    resolveFile: () => Promise.resolve(new Uint8Array()),
  })
  const notes: string[] = []
  const auth = options.includeAuth ? effectiveAuthType(spec, options) : 'none'
  if (auth === 'sigv4')
    notes.push(
      'The signature v4 headers were computed when this code was generated; they expire after 15 minutes.',
    )
  if (auth === 'oauth1' || auth === 'hawk')
    notes.push(
      `The ${auth === 'hawk' ? 'Hawk' : 'OAuth 1.0'} signature was computed when this code was generated, with its timestamp and nonce; servers accept it once, for a few minutes.`,
    )

  let headers = view.headers
  let body: CodegenBody
  if (spec.body.type === 'form-data') {
    headers = headers.filter(
      ([name, value]) => !(name.toLowerCase() === 'content-type' && value.includes(BOUNDARY)),
    )
    body = { kind: 'form', parts: formParts(spec.body.rows, variables, options.filePath) }
  } else if (view.body === null || view.body.length === 0) body = { kind: 'none' }
  else body = { kind: 'text', text: fromUtf8(view.body) }
  return { method: view.method, url: normaliseUrl(view.url), headers, body, notes }
}

/** A `%` that starts no escape, written `%25`: HTTP libraries refuse or re-encode the bare one. */
export function escapeLonePercent(url: string): string {
  return url.replace(/%(?![0-9A-Fa-f]{2})/gu, '%25')
}

/**
 * As fetch and undici send it: the WHATWG parse (which encodes `'` in a query), without `#…`. A
 * bare `%` goes out as `%25`: the app sends it as typed, as newman does, but Requests, Go, Java and
 * .NET cannot send an invalid escape (Requests then re-encodes every escape of the URL).
 */
export function normaliseUrl(url: string): string {
  url = escapeLonePercent(url)
  try {
    const parsed = new URL(url)
    parsed.hash = ''
    return parsed.href
  } catch {
    return url.split('#')[0]!
  }
}

function formParts(
  rows: FormDataRow[],
  variables: VariableContext,
  filePath: (row: FormDataRow) => string = (row) => row.fileRef ?? row.fileName ?? 'file',
): FormPart[] {
  const v = (text: string) => variables.replace(text)
  const parts: FormPart[] = []
  for (const row of rows) {
    if (!row.enabled || row.key === '') continue
    const name = escapeFormName(v(row.key))
    if (row.type === 'file')
      parts.push({
        name,
        path: filePath(row),
        fileName: escapeFormName(row.fileName ?? 'file'),
        contentType: row.contentType || 'application/octet-stream',
      })
    else parts.push({ name, value: v(row.value) })
  }
  return parts
}

/** HTML's form encoding of names in Content-Disposition, as body.ts sends them. */
export function escapeFormName(text: string): string {
  return text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
}

/** Every secret shown as `{{name}}`: the same variables with each secret withheld, in view mode. */
function withholdAllSecrets(variables: VariableContext): VariableContext {
  const layers = variables.layers.map((layer) => ({
    ...layer,
    variables: layer.variables.map((variable) =>
      variable.secret ? { ...variable, scriptAccess: false } : variable,
    ),
  }))
  return new VariableContext(layers, variables.session, variables.singleSend)
}

function effectiveAuthType(spec: RequestSpec, options: CodegenBuildOptions): string {
  if (spec.auth.type !== 'inherit') return spec.auth.type
  for (const parent of options.parentAuth ?? []) if (parent.auth.type !== 'inherit') return parent.auth.type
  return 'none'
}
