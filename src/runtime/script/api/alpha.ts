/** The first compatibility API `alpha` (also `pm`), spec 4.5 and 4.6. */
import { newId } from '../../../model/ids.ts'
import type { HeaderList } from '../../../model/wire.ts'
import type { ScriptRun } from '../run-state.ts'
import { messages, ScriptAbort } from '../errors.ts'
import { guestParses, jsonAnswer } from '../host-response.ts'
import { api, EXPECT, GUEST_TEST, SendResult } from './bridge.ts'
import { responseAccessor } from './common.ts'
import { toText } from './values.ts'
import type { Shared } from './svc.ts'
import type { ScriptHttpRequest, ScriptHttpResponse } from './send-request.ts'
import { sendFromScript } from './send.ts'
import { setNextRequest, skipRequest } from './run-flow.ts'
import { postmanLocalScope, postmanScope } from './postman-scopes.ts'
import { pmRequestView } from './pm-request.ts'
import { iterationDataScope } from './iteration-data.ts'
import { pmCookies } from './pm-cookies.ts'

/** Built once per sandbox: every member resolves against the current run. */
export function alphaApi(common: Shared) {
  const current = common.current
  const environment = postmanScope(current)
  const namespace = api({
    environment,
    // All three write the session; each remembers its scope for --export-environment / --export-globals.
    globals: postmanScope(current, 'globals'),
    collectionVariables: postmanScope(current, 'collection'),
    variables: postmanLocalScope(current),
    request: pmRequestView(current),
    info: common.info,
    // Runs in the guest (guest/core.ts): the test's function needs no round trip.
    test: GUEST_TEST,
    expect: EXPECT,
    sendRequest: (request: unknown, callback: unknown) => alphaSendRequest(current.run, request, callback),
    iterationData: iterationDataScope(() => current.run),
    setNextRequest: (next: unknown) => setNextRequest(current.run, next),
    execution: api({
      setNextRequest: (next: unknown) => setNextRequest(current.run, next),
      skipRequest: () => skipRequest(current.run, 'pm.execution.skipRequest'),
    }),
  })
  Object.defineProperty(namespace, 'response', { get: responseAccessor(current, true) })
  // A new CookieList on each read, as the run's cookies are (api/pm-cookies.ts).
  Object.defineProperty(namespace, 'cookies', { get: pmCookies(current).cookies })
  return namespace
}

/** Spec 4.6: callback only, no promise; the pipeline waits for the callback before sending. */
function alphaSendRequest(run: ScriptRun, request: unknown, callback: unknown): void {
  const spec =
    typeof request === 'string'
      ? { url: request, method: 'GET', headers: [], body: null }
      : normalize(request)
  sendFromScript(
    run,
    spec,
    // newman reports nothing and sends the request when the callback throws.
    (response) => run.callLater(callback, [null, alphaResult(response)], true),
    (error) => run.callLater(callback, [error, undefined], true),
  )
}

function normalize(request: unknown): ScriptHttpRequest {
  const r = (request ?? {}) as Record<string, unknown>
  const url = r.url as unknown
  return {
    url:
      url !== null && typeof url === 'object' && 'raw' in url
        ? String((url as { raw: unknown }).raw)
        : String(url ?? ''),
    method: String(r.method ?? 'GET').toUpperCase(),
    headers: headerForms(r.header ?? r.headers),
    body: bodyForms(r.body),
  }
}

/** The three header forms of spec 4.6: object, list of { key, value }, or "Name: value" lines. */
export function headerForms(header: unknown): HeaderList {
  if (header === null || header === undefined) return []
  if (typeof header === 'string') {
    return header
      .split(/\r?\n/)
      .filter((line) => line.trim() !== '')
      .map((line) => {
        const i = line.indexOf(':')
        return i < 0 ? [line.trim(), ''] : [line.slice(0, i).trim(), line.slice(i + 1).trim()]
      })
  }
  if (Array.isArray(header)) {
    return header
      .filter((h) => h && typeof h === 'object' && !(h as { disabled?: unknown }).disabled)
      .map((h) => [String((h as { key: unknown }).key), toText((h as { value: unknown }).value)])
  }
  if (typeof header === 'object') return Object.entries(header).map(([k, v]) => [k, toText(v)])
  return []
}

function bodyForms(body: unknown): ScriptHttpRequest['body'] {
  if (body === null || body === undefined) return null
  if (typeof body === 'string') return { text: body }
  if (typeof body !== 'object') return { text: String(body) }
  const b = body as Record<string, unknown>
  switch (b.mode) {
    case 'raw':
      return { text: b.raw === undefined || b.raw === null ? '' : toText(b.raw) }
    case 'urlencoded': {
      const rows = Array.isArray(b.urlencoded)
        ? (b.urlencoded as { key: unknown; value: unknown; disabled?: unknown }[])
        : []
      const text = rows
        .filter((row) => row && !row.disabled)
        .map((row) => `${encodeURIComponent(String(row.key))}=${encodeURIComponent(toText(row.value ?? ''))}`)
        .join('&')
      return { text, type: 'application/x-www-form-urlencoded' }
    }
    case 'graphql':
      return { text: JSON.stringify(b.graphql ?? {}), type: 'application/json' }
    case 'formdata': {
      const rows = Array.isArray(b.formdata) ? (b.formdata as FormRow[]) : []
      // A script has no files to send: only text fields go as multipart.
      if (rows.some((row) => row && !row.disabled && row.type === 'file'))
        throw new ScriptAbort(
          'unsupported',
          messages.unsupported('sendRequest with a file in a formdata body'),
        )
      return multipart(rows.filter((row) => row && !row.disabled && String(row.key ?? '') !== ''))
    }
    case 'file':
      throw new ScriptAbort('unsupported', messages.unsupported(`sendRequest with a ${String(b.mode)} body`))
  }
  return { text: JSON.stringify(body), type: 'application/json' }
}

interface FormRow {
  key?: unknown
  value?: unknown
  type?: unknown
  disabled?: unknown
}

/** Text fields as multipart/form-data, as newman sends a formdata body from a script. */
function multipart(rows: FormRow[]): { text: string; type: string } {
  const boundary = `----SendboxFormBoundary${newId().replaceAll('-', '')}`
  const quoted = (text: string) => text.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A')
  const parts = rows.map(
    (row) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${quoted(String(row.key))}"\r\n\r\n${toText(row.value ?? '')}\r\n`,
  )
  return { text: `${parts.join('')}--${boundary}--\r\n`, type: `multipart/form-data; boundary=${boundary}` }
}

/** The callback's `res`, built by the guest from the response's values (guest/send-result.ts). */
function alphaResult(response: ScriptHttpResponse): SendResult {
  return new SendResult(response, guestParses(response.body), () =>
    jsonAnswer(response.body, JSON.parse(response.body)),
  )
}
