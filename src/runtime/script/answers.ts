/**
 * Host answers that spare the guest a call or a parse (the answer format is guest/core.ts's).
 */

/** A response view's accessors whose values the guest gets with the view itself. */
const VIEW_VALUES = ['code', 'status', 'statusText', 'responseTime', 'responseSize']

/**
 * A response view's values for the run (its perRun accessors), handed over with the view: the
 * guest keeps them as if it had read each (guest/core.ts node), so a script's reads of
 * `pm.response.code`, `.responseTime`, ... make no call of their own (nor do its `to` and `not`:
 * the guest knows their answers for a view that comes with values). Only strings and finite
 * numbers: anything else is read the ordinary way.
 */
export function viewValues(view: object): string {
  const values: Record<string, unknown> = {}
  for (const key of VIEW_VALUES) {
    const value = (view as Record<string, unknown>)[key]
    if (typeof value === 'string' || (Number.isFinite(value) && !Object.is(value, -0))) values[key] = value
  }
  // The header names, lower case, one a line: the guest decides `to.have.header(name)` with them.
  const headers = (view as { headers?: { toObject?: () => object } }).headers
  const names = typeof headers?.toObject === 'function' ? Object.keys(headers.toObject()) : null
  if (names && !names.some((n) => n.includes('\n'))) values[HEADER_NAMES] = names.join('\n').toLowerCase()
  return JSON.stringify(values)
}

/** The key the header names travel under: no script reads a member of that name. */
export const HEADER_NAMES = '\u0000h'

/** Text with U+0000 or a surrogate: the answer crosses as UTF-8 ending at the first NUL. */
const UNSAFE_TEXT = /[\u0000\ud800-\udfff]/

/** Whether a string answer can cross as is (tag `s`), with no JSON on either side. */
export function crossesAsText(value: string): boolean {
  return !UNSAFE_TEXT.test(value)
}
