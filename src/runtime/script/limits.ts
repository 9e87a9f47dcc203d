/** The limits of spec 8. Injectable so tests can use short ones; the product uses `DEFAULT_LIMITS`. */
export interface ScriptLimits {
  /** Run time of one script, waiting and sleeping included. */
  timeMs: number
  /** Run time while a request is in flight. */
  inFlightTimeMs: number
  /** One `beta.sleep` call. */
  sleepMs: number
  /** `alpha.sendRequest` and `beta.sendRequest` calls per script. */
  sendRequests: number
  /** Distinct headers set through `req.*`. */
  headers: number
  /** Bytes of one header value set through `req.*`. */
  headerValueBytes: number
  /** Bytes of a body set through `req.*`. */
  bodyBytes: number
  /** Timers pending at once (setTimeout, beta.sleep); not a spec limit: it bounds host memory. */
  timers: number
  /** Memory of the sandbox (not a spec limit: it stops memory bombs). */
  memoryBytes: number
  /** Guest stack: without it deep guest recursion overflows the host stack. */
  stackBytes: number
}

export const DEFAULT_LIMITS: ScriptLimits = {
  timeMs: 5_000,
  inFlightTimeMs: 30_000,
  sleepMs: 3_000,
  sendRequests: 5,
  headers: 100,
  headerValueBytes: 16 * 1024,
  bodyBytes: 5 * 1024 * 1024,
  timers: 1000,
  memoryBytes: 32 * 1024 * 1024,
  stackBytes: 256 * 1024,
}

/** Headers a script may not change (spec 4.5): one list, shared with the model's own check. */
export { PROTECTED_HEADERS } from '../../model/request-changes.ts'

const TOKEN = /^[!#$%&'*+\-.^_`|~0-9A-Za-z]+$/

export function isHeaderName(name: string): boolean {
  return TOKEN.test(name)
}
