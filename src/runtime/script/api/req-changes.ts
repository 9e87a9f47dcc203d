/** `req.*` changes of a pre-request script, checked against spec 8 as they are made. */
import type { RequestBody } from '../../../model/types.ts'
import { utf8Length } from '../../../model/wire.ts'
import { emptyChanges, type RequestChanges, type RunFlow } from '../types.ts'
import { isHeaderName, PROTECTED_HEADERS, type ScriptLimits } from '../limits.ts'
import { messages, ScriptAbort } from '../errors.ts'
import { CookieJar, type StoredCookie } from '../../cookie-jar.ts'

const METHOD = /^[A-Za-z]+$/

export class RequestChangeLog {
  readonly changes: RequestChanges = emptyChanges()
  /** setNextRequest / skipRequest of the phase's scripts: the last call wins, as in newman. */
  readonly flow: RunFlow = {}

  /** The phase's copy of the cookie jar (`pm.cookies.jar()`, api/pm-cookies.ts), made on first use. */
  private jar: CookieJar | null = null
  /** A script changed the jar: the result carries it back (ScriptRunResult.cookieJar). */
  cookiesChanged = false

  constructor(private readonly limits: ScriptLimits) {}

  cookieJar(from: readonly StoredCookie[] | undefined): CookieJar {
    return (this.jar ??= CookieJar.of(from ?? []))
  }

  /** The whole jar after a change, or undefined. */
  changedCookies(): StoredCookie[] | undefined {
    return this.cookiesChanged && this.jar ? this.jar.snapshot() : undefined
  }

  setHeader(name: string, value: string): void {
    this.checkName(name)
    if (/[\r\n]/.test(value)) throw new ScriptAbort('limit', messages.headerLineBreak(name))
    if (utf8Length(value) > this.limits.headerValueBytes) {
      throw new ScriptAbort('limit', messages.headerValue(name, this.limits))
    }
    const lower = name.toLowerCase()
    const headers = this.changes.setHeaders.filter(([key]) => key.toLowerCase() !== lower)
    if (headers.length >= this.limits.headers) throw new ScriptAbort('limit', messages.headers(this.limits))
    headers.push([name, value])
    this.changes.setHeaders = headers
    this.changes.deleteHeaders = this.changes.deleteHeaders.filter((key) => key.toLowerCase() !== lower)
  }

  deleteHeader(name: string): void {
    this.checkName(name)
    const lower = name.toLowerCase()
    this.changes.setHeaders = this.changes.setHeaders.filter(([key]) => key.toLowerCase() !== lower)
    if (!this.changes.deleteHeaders.some((key) => key.toLowerCase() === lower))
      this.changes.deleteHeaders.push(name)
  }

  setMethod(method: string): void {
    if (!METHOD.test(method)) throw new ScriptAbort('limit', messages.method(method))
    this.changes.method = method.toUpperCase()
  }

  setBody(body: string): void {
    if (utf8Length(body) > this.limits.bodyBytes) throw new ScriptAbort('limit', messages.body(this.limits))
    this.changes.body = body
  }

  /** pm.request.body replaced: built by the pipeline as a request's own body is. */
  setBodySpec(body: RequestBody): void {
    if (utf8Length(JSON.stringify(body)) > this.limits.bodyBytes)
      throw new ScriptAbort('limit', messages.body(this.limits))
    this.changes.bodySpec = body
  }

  private checkName(name: string): void {
    if (!isHeaderName(name)) throw new ScriptAbort('limit', messages.headerName(name))
    if (PROTECTED_HEADERS.has(name.toLowerCase()))
      throw new ScriptAbort('limit', messages.protectedHeader(name))
  }
}
