/**
 * `pm.request.auth` between the host and the guest's RequestAuth (guest/pm-sdk-auth.ts): the
 * request's own auth as Postman's JSON (`{ type, [type]: [{ key, value }] }`, Postman's names for
 * the parameters), and what a pre-request script made of it turned back into a Sendbox auth with
 * the Postman importer's mapping. The pipeline applies it as the request's own
 * (RequestChanges.auth); a type Sendbox lacks fails that request with the message the import gives.
 */
import { writeAuth } from '../../../model/export/postman.ts'
import { parsePostmanAuth } from '../../../model/import/postman-auth.ts'
import { ImportError } from '../../../model/import/import-error.ts'
import type { ImportReport } from '../../../model/import/report.ts'
import type { Auth } from '../../../model/types.ts'
import { ScriptAbort } from '../errors.ts'

/** The request's own auth as Postman shows it; absent when inherited. */
export function sdkAuth(auth: Auth | undefined): object | undefined {
  if (!auth) return undefined
  return writeAuth(auth)
}

/** Postman's auth JSON as pairs, so a script's copy compares equal to the original it read. */
export function sameAuth(next: unknown, original: Auth | undefined): boolean {
  const norm = (auth: unknown) => {
    if (auth === undefined || auth === null || typeof auth !== 'object') return null
    const { type } = auth as { type?: unknown }
    const params = (auth as Record<string, unknown>)[String(type)]
    const pairs = Array.isArray(params)
      ? params.map((p: { key?: unknown; value?: unknown }) => [String(p?.key), String(p?.value ?? '')])
      : []
    return JSON.stringify([type, pairs])
  }
  return norm(next) === norm(sdkAuth(original))
}

/**
 * The Sendbox auth for what the script left in `pm.request.auth`; none left (authorizeUsing(null))
 * inherits, as newman resolves a request without auth from its parents.
 */
export function authFromSdk(next: unknown): Auth {
  if (next === undefined || next === null) return { type: 'inherit' }
  try {
    const report: ImportReport = { skipped: [] }
    return parsePostmanAuth(next, 'pm.request.auth', report, 'the request') ?? { type: 'inherit' }
  } catch (error) {
    if (error instanceof ImportError) throw new ScriptAbort('limit', error.message)
    throw error
  }
}

/**
 * Digest after the send: the parameters learnt from the challenge replace the auth's own of the
 * same name and are listed last, marked `system`, as newman records them.
 */
export function withLearnt(json: object | undefined, learnt: { key: string; value: string }[] = []) {
  const list = (json as { digest?: unknown } | undefined)?.digest
  if (learnt.length === 0 || !Array.isArray(list)) return json
  const keys = new Set(learnt.map((p) => p.key))
  const own = list.filter((p: { key?: unknown }) => !keys.has(String(p?.key)))
  const added = learnt.map(({ key, value }) => ({ type: 'any', value, key, system: true }))
  return { ...json, digest: [...own, ...added] }
}
