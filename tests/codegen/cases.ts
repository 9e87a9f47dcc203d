/**
 * The executed matrix's requests (issue 21): every body type, hostile text in the URL path, query
 * keys and values, header values, cookies, bodies and form fields.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { AuthSource } from '../../src/model/auth/resolve-auth.ts'
import { makeRequest, makeRow } from '../../src/model/factories.ts'
import type { FormDataRow, RequestSpec } from '../../src/model/types.ts'
import { VariableContext } from '../../src/model/variables.ts'
import type { CodegenOptions } from '../../src/model/codegen/options.ts'

/** Everything the issue lists: unicode (emoji, RTL), quotes, backslash, newline, tab, shell and format syntax. */
export const HOSTILE = `ünï 😀 עברית '"\\ a\nb\tc $HOME \`id\` !event %s {{x}} # & = + sp ace`
/** Header values cannot carry line breaks or (portably) anything beyond ASCII. */
export const HOSTILE_HEADER = `'"\\ $HOME \`id\` !event %s {{x}} # & = + sp\tace`
/** Form field names: as above without line breaks (curl's `-F` ends a name at `=`, so none). */
export const HOSTILE_NAME = `ünï 😀 '"\\ $HOME \`id\` !event %s {{x}} # & + sp`

export interface MatrixCase {
  label: string
  spec: RequestSpec
  parentAuth: AuthSource[]
  /** Options beside the language's defaults: half the cases use the non-default ones. */
  options: Partial<CodegenOptions>
  /** A binary body from a file: not a body type of the app, built for the snippet only. */
  binary?: boolean
}

export interface Matrix {
  dir: string
  binaryPath: string
  cases: MatrixCase[]
  variables: (base: string) => VariableContext
}

const VARIANT: Partial<CodegenOptions> = {
  timeout: 30,
  followRedirects: false,
  indent: 0,
  quotes: 'double',
  shortFlags: true,
  multiline: false,
  silent: true,
}

export function makeMatrix(): Matrix {
  const dir = mkdtempSync(join(tmpdir(), 'codegen-matrix-'))
  const binaryPath = join(dir, 'all bytes $x.bin')
  writeFileSync(
    binaryPath,
    Uint8Array.from({ length: 256 }, (_, i) => i),
  )
  const textPath = join(dir, 'note.txt')
  writeFileSync(textPath, `file ${HOSTILE}`)
  const common = (
    method: RequestSpec['method'],
    body: RequestSpec['body'],
    extra: Partial<RequestSpec> = {},
  ) =>
    makeRequest({
      method,
      url: `{{base}}/anything/ünï 😀 '"$HOME\`id\`!event%s{{x}}+=&/{{seg}}?q={{hv}}&{{hk}}=1&plain=a+b&pct=%41%7e%2F`,
      headers: [
        makeRow({ key: 'X-Hostile', value: '{{hh}}' }),
        makeRow({ key: 'X-Empty', value: '' }),
        makeRow({ key: 'Accept', value: 'application/json, */*' }),
      ],
      cookies: [makeRow({ key: 'session', value: `a'b"c$HOME` }), makeRow({ key: 'two', value: '2' })],
      body,
      ...extra,
    })
  const fileRow: FormDataRow = {
    ...makeRow({ key: `upload ${HOSTILE_NAME}` }),
    type: 'file',
    fileName: `na"me ü.txt`,
    contentType: 'text/plain',
    fileRef: textPath,
  }
  const textRow: FormDataRow = { ...makeRow({ key: HOSTILE_NAME, value: HOSTILE }), type: 'text' }
  const basic: AuthSource = {
    auth: { type: 'basic', username: 'ü$er', password: `p'"!$\`` },
    name: 'C',
    kind: 'collection',
  }
  const cases: MatrixCase[] = [
    {
      label: 'no body',
      spec: common(
        'GET',
        { type: 'none' },
        { auth: { type: 'apikey', key: 'api key', value: HOSTILE, addTo: 'query' } },
      ),
      parentAuth: [],
      options: {},
    },
    {
      label: 'raw JSON',
      spec: common('POST', {
        type: 'raw',
        language: 'json',
        text: JSON.stringify({ text: HOSTILE, n: 1, t: true, z: null }, null, 2),
      }),
      parentAuth: [basic],
      options: VARIANT,
    },
    {
      label: 'raw text',
      spec: common(
        'PUT',
        { type: 'raw', language: 'text', text: HOSTILE },
        { auth: { type: 'bearer', token: `tok'"$HOME!` } },
      ),
      parentAuth: [],
      options: {},
    },
    {
      label: 'XML',
      spec: common('PATCH', {
        type: 'raw',
        language: 'xml',
        text: `<a t="${'&amp;'}">${HOSTILE.replace(/&/g, '&amp;')}</a>`,
      }),
      parentAuth: [],
      options: VARIANT,
    },
    {
      label: 'urlencoded',
      spec: common('POST', {
        type: 'urlencoded',
        rows: [makeRow({ key: HOSTILE, value: HOSTILE }), makeRow({ key: 'plain', value: 'x' })],
      }),
      parentAuth: [],
      options: {},
    },
    {
      label: 'form-data',
      spec: common('POST', { type: 'form-data', rows: [textRow, fileRow] }),
      parentAuth: [basic],
      options: VARIANT,
    },
    {
      label: 'GraphQL',
      spec: common('POST', {
        type: 'graphql',
        query: `query { echo(text: ${JSON.stringify(HOSTILE)}) }`,
        variables: JSON.stringify({ v: HOSTILE }),
      }),
      parentAuth: [],
      options: {},
    },
    {
      label: 'DELETE with JSON',
      spec: common('DELETE', { type: 'raw', language: 'json', text: '{"id": "$1 `x` !y"}' }),
      parentAuth: [],
      options: {},
    },
    {
      label: 'binary file',
      spec: common(
        'POST',
        { type: 'raw', language: 'text', text: 'placeholder' },
        { headers: [makeRow({ key: 'Content-Type', value: 'application/octet-stream' })] },
      ),
      parentAuth: [],
      options: VARIANT,
      binary: true,
    },
  ]
  const variables = (base: string) =>
    new VariableContext([
      {
        scope: 'environment',
        variables: [
          { key: 'base', value: base },
          { key: 'seg', value: HOSTILE.replace('#', '') },
          { key: 'hv', value: HOSTILE },
          { key: 'hk', value: HOSTILE },
          { key: 'hh', value: HOSTILE_HEADER },
        ],
      },
    ])
  return { dir, binaryPath, cases, variables }
}
