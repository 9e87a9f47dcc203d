/**
 * Bruno's own `.bru` parser and writer (@usebruno/lang), typed for what Sendbox reads and writes.
 * The package is CommonJS without types; the app's bundle needs `ohm-js` aliased (see vite.config).
 */
import lang from '@usebruno/lang'

export interface BruRow {
  name: string
  value: string
  enabled: boolean
  type?: string
  contentType?: string
  secret?: boolean
}

export interface BruFileRow extends Omit<BruRow, 'value'> {
  value: string | string[]
}

/** Auth parameters by mode (`bearer: { token }`); `mode` only in collection.bru / folder.bru. */
export type BruAuth = { mode?: string } & Record<string, Record<string, unknown> | string | undefined>

export interface BruBody {
  json?: string
  text?: string
  xml?: string
  sparql?: string
  formUrlEncoded?: BruRow[]
  multipartForm?: BruFileRow[]
  graphql?: { query?: string; variables?: string }
  file?: unknown[]
}

/** One request file, or collection.bru / folder.bru (no `http`, `auth.mode` instead). */
export interface BruDocument {
  meta?: { name?: string; type?: string; seq?: string | number }
  http?: { method?: string; url?: string; body?: string; auth?: string }
  params?: BruRow[]
  headers?: BruRow[]
  auth?: BruAuth
  body?: BruBody
  vars?: { req?: BruRow[]; res?: BruRow[] }
  assertions?: BruRow[]
  script?: { req?: string; res?: string }
  tests?: string
  docs?: string
  settings?: Record<string, unknown>
  examples?: unknown[]
}

interface Lang {
  bruToJsonV2(text: string): BruDocument
  jsonToBruV2(json: BruDocument): string
  collectionBruToJson(text: string): BruDocument
  jsonToCollectionBru(json: BruDocument): string
  bruToEnvJsonV2(text: string): { variables?: BruRow[] }
  envJsonToBruV2(json: { variables: BruRow[] }): string
}

export const bruLang = lang as Lang
