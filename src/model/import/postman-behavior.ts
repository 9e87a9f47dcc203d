/**
 * Postman's `protocolProfileBehavior`, the request settings that change what goes on the wire:
 * `disabledSystemHeaders` (default headers switched off) and body pruning, where a GET or HEAD
 * request's body is not sent unless `disableBodyPruning` is set on the request or a folder above.
 */
import { switchDefaultHeader } from '../default-headers.ts'
import type { KeyValueRow, RequestBody } from '../types.ts'
import { expectObject, optionalBoolean } from './import-error.ts'
import { skip, type ImportReport } from './report.ts'

/** Postman sends no body with these methods unless pruning is switched off (of Sendbox's methods). */
const PRUNED_METHODS = new Set(['GET', 'HEAD'])

/**
 * The `disableBodyPruning` in force for an item: its own setting, else the nearest folder's, else
 * `inherited` (the collection's). Postman merges the behaviour down the tree the same way.
 */
export function bodyPruningOff(value: unknown, path: string, inherited: boolean): boolean {
  if (value === undefined || value === null) return inherited
  const setting = expectObject(value, path).disableBodyPruning
  return setting === undefined || setting === null
    ? inherited
    : optionalBoolean(setting, `${path}.disableBodyPruning`, inherited)
}

/** The body as Postman would send it: none for a GET or HEAD request unless pruning is off. */
export function prunedBody(
  body: RequestBody,
  method: string,
  pruningOff: boolean,
  report: ImportReport,
  at: { path: string; owner: string },
): RequestBody {
  if (body.type === 'none' || pruningOff || !PRUNED_METHODS.has(method)) return body
  skip(
    report,
    at.path,
    `the body of ${at.owner}`,
    `Postman sends no body with ${method} unless "disableBodyPruning" is set`,
  )
  return { type: 'none' }
}

/**
 * `disabledSystemHeaders` (`{"accept": true}`): the default headers switched off for this request,
 * stored as Sendbox's auto rows (default-headers.ts).
 */
export function systemHeadersOff(value: unknown, path: string): KeyValueRow[] {
  if (value === undefined || value === null) return []
  const disabled = expectObject(value, path).disabledSystemHeaders
  if (disabled === undefined || disabled === null) return []
  let headers: KeyValueRow[] = []
  for (const [name, off] of Object.entries(expectObject(disabled, `${path}.disabledSystemHeaders`))) {
    if (optionalBoolean(off, `${path}.disabledSystemHeaders.${name}`, false))
      headers = switchDefaultHeader(headers, name, false)
  }
  return headers
}
