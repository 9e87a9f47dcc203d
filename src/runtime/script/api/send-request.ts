/**
 * `alpha.sendRequest` and `beta.sendRequest` on the host: the guest normalises the call into a
 * `ScriptHttpRequest`; this turns it into a WireRequest for the pipeline's Transport and the
 * response back into what both namespaces build their results from.
 */
import { defaultHeadersToSend } from '../../../model/default-headers.ts'
import type { VariableContext } from '../../../model/variables.ts'
import { headerValue, type HeaderList, type WireRequest, type WireResponse } from '../../../model/wire.ts'

export interface ScriptHttpRequest {
  url: string
  method: string
  headers: HeaderList
  body: { text: string; type?: string } | null
}

export interface ScriptHttpResponse {
  code: number
  reason: string
  headers: HeaderList
  body: string
  time: number
  size: number
}

const encoder = new TextEncoder()
const decoder = new TextDecoder()

export function parseScriptRequest(value: unknown): ScriptHttpRequest {
  const raw = (value ?? {}) as Record<string, unknown>
  const headers: HeaderList = []
  if (Array.isArray(raw.headers)) {
    for (const pair of raw.headers as unknown[]) {
      if (Array.isArray(pair) && pair.length === 2) headers.push([String(pair[0]), String(pair[1])])
    }
  }
  const body = raw.body as Record<string, unknown> | null | undefined
  return {
    url: String(raw.url ?? ''),
    method: String(raw.method ?? 'GET').toUpperCase(),
    headers,
    body:
      body && typeof body === 'object'
        ? { text: String(body.text ?? ''), type: typeof body.type === 'string' ? body.type : undefined }
        : null,
  }
}

/** Throws a TypeError for a URL that is not http(s); the script's callback receives it. */
export function toWireRequest(
  request: ScriptHttpRequest,
  variables: VariableContext,
  defaultHeaders = true,
): WireRequest {
  const url = variables.replaceForScript(request.url.trim())
  let parsed: URL
  try {
    parsed = new URL(url)
  } catch {
    throw new TypeError(`sendRequest: invalid URL "${url}"`)
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new TypeError(`sendRequest: only http and https URLs can be requested, not "${parsed.protocol}"`)
  }
  if (!/^[A-Z]+$/.test(request.method)) throw new TypeError(`sendRequest: invalid method "${request.method}"`)
  for (const [name, value] of request.headers) {
    if (/[\r\n]/.test(name) || /[\r\n]/.test(value)) {
      throw new TypeError(`sendRequest: header "${name}" must not contain line breaks`)
    }
  }
  const headers: HeaderList = [...request.headers]
  if (request.body?.type && headerValue(headers, 'content-type') === undefined) {
    headers.push(['Content-Type', request.body.type])
  }
  // Postman's default headers, as on the request itself (model/default-headers.ts), unless the
  // setting switched them off; User-Agent stays (spec 2.1 rule 4).
  for (const [name, value] of defaultHeadersToSend([], defaultHeaders))
    if (headerValue(headers, name) === undefined) headers.push([name, value])
  return {
    method: request.method,
    url: parsed.href,
    headers,
    body: request.body ? encoder.encode(request.body.text) : null,
  }
}

export function fromWireResponse(response: WireResponse): ScriptHttpResponse {
  return {
    code: response.status,
    reason: response.statusText,
    headers: response.headers,
    body: decoder.decode(response.body),
    time: Math.round(response.timings.total),
    size: response.sizes?.responseBody ?? response.body.length,
  }
}
