/** The second compatibility API `beta` (also `bru`), spec 4.5. */
import type { ScriptRun } from '../run-state.ts'
import { GuestError } from '../guest-errors.ts'
import { messages, ScriptAbort } from '../errors.ts'
import { api } from './bridge.ts'
import { joinHeaders, parseJsonOr, toText } from './values.ts'
import type { Shared } from './svc.ts'
import type { ScriptHttpRequest, ScriptHttpResponse } from './send-request.ts'
import { sendFromScript } from './send.ts'
import { setNextRequest, skipRequest, stopExecution } from './run-flow.ts'
import { iterationDataScope } from './iteration-data.ts'

/**
 * Built once per sandbox (api/index.ts): every member resolves the current run when called, so
 * the guest keeps `bru` and its members from script to script (as it does `pm`'s) instead of
 * making a proxy per member in every script.
 */
export function betaApi(current: () => ScriptRun, common: Shared) {
  const env = common.environment
  const vars = common.variables
  /** The value as set when the text found is still the text of what was set, else the text. */
  const typed = (key: string, text: string | null | undefined): unknown => {
    if (text === null || text === undefined) return undefined
    const value = current().input.variables.scriptGetTyped(key)
    return value !== undefined && typeof value !== 'string' && toText(value) === text ? value : text
  }
  const unsupported = (what: string) => () => {
    throw new ScriptAbort('unsupported', messages.unsupported(what))
  }
  const beta = api({
    // As bru run: a value comes back as it was set (a number, a boolean, an object); `{{name}}`
    // substitution uses its text.
    getEnvVar: (key: unknown) => typed(String(key), env.get(key)),
    setEnvVar: (key: unknown, value: unknown) => current().input.variables.scriptSetTyped(String(key), value),
    hasEnvVar: (key: unknown) => env.has(key),
    deleteEnvVar: (key: unknown) => env.unset(key),
    getVar: (key: unknown) => typed(String(key), vars.get(key)),
    // Spec 4.5: setVar sets a session value, like environment.set (typed, as above).
    setVar: (key: unknown, value: unknown) => current().input.variables.scriptSetTyped(String(key), value),
    hasVar: (key: unknown) => vars.has(key),
    deleteVar: (key: unknown) => {
      env.unset(key)
      vars.unset(key)
    },
    interpolate: (value: unknown) => {
      if (typeof value === 'string') return env.replaceIn(value)
      if (value !== null && typeof value === 'object')
        return JSON.parse(env.replaceIn(JSON.stringify(value))) as unknown
      return value
    },
    sendRequest: (config: unknown, callback: unknown) => betaSendRequest(current(), config, callback),
    sleep: (ms: unknown) => {
      const run = current()
      const delay = Number(ms) || 0
      if (delay > run.limits.sleepMs) throw new ScriptAbort('limit', messages.sleep(run.limits))
      // A sleep is a pending timer: refused at once when the script has too many, before any
      // host work is made for it.
      run.checkTimers()
      return run.hostWait(new Promise((resolve) => run.timer(Math.max(0, delay), () => resolve(undefined))))
    },
    getRequestName: () => current().input.request.name,
    getProcessEnv: unsupported('beta.getProcessEnv()'),
    runRequest: unsupported('beta.runRequest()'),
    setNextRequest: (next: unknown) => setNextRequest(current(), next),
    runner: api({
      setNextRequest: (next: unknown) => setNextRequest(current(), next),
      skipRequest: () => skipRequest(current(), 'bru.runner.skipRequest'),
      stopExecution: () => stopExecution(current()),
      // Bruno's runner row: `bru.runner.iterationData.get('name')`.
      iterationData: iterationDataScope(current),
    }),
  })
  Object.defineProperty(beta, 'cookies', { enumerable: false, get: unsupported('beta.cookies') })
  return beta
}

/** Awaitable, or with a callback; a 4xx or 5xx response is an error carrying `response`. */
function betaSendRequest(run: ScriptRun, config: unknown, callback: unknown) {
  const c = (config ?? {}) as Record<string, unknown>
  const headers =
    c.headers !== null && typeof c.headers === 'object'
      ? Object.entries(c.headers).map(([k, v]): [string, string] => [k, toText(v)])
      : []
  const data = c.data !== undefined ? c.data : c.body
  const request: ScriptHttpRequest = {
    url: String(c.url ?? ''),
    method: String(c.method ?? 'GET').toUpperCase(),
    headers,
    body:
      data === undefined || data === null
        ? null
        : typeof data === 'string'
          ? { text: data }
          : { text: JSON.stringify(data), type: 'application/json' },
  }
  const outcome = new Promise<ReturnType<typeof betaResult>>((resolve, reject) => {
    sendFromScript(
      run,
      request,
      (response) => {
        const result = betaResult(response)
        if (response.code >= 400) {
          reject(
            new GuestError('Error', `Request failed with status code ${response.code}`, {
              response: run.out(result),
              status: response.code,
            }),
          )
        } else resolve(result)
      },
      reject,
    )
  })
  if (typeof callback !== 'function') return run.hostWait(outcome)
  return run.hostWait(
    outcome.then(
      (result) => {
        run.callLater(callback, [null, result])
        return result
      },
      (error: unknown) => {
        run.callLater(callback, [error instanceof Error ? error : new Error(String(error)), undefined])
        return undefined
      },
    ),
  )
}

function betaResult(response: ScriptHttpResponse) {
  return {
    status: response.code,
    statusText: response.reason,
    headers: joinHeaders(response.headers, true),
    data: parseJsonOr(response.body),
    responseTime: response.time,
  }
}

/** Bruno's `res('a.b[0].c')` query: dots, indexes, `..key` deep scan, and arrays mapped by key. */
export function queryPath(root: unknown, path: string): unknown {
  let current: unknown[] = [root]
  let many = false
  const parts = path.replace(/\[(\d+)\]/g, '.$1').split('.')
  for (let i = 0; i < parts.length; i++) {
    const part = parts[i]!
    if (part === '') {
      if (i === 0) continue
      const key = parts[++i] ?? ''
      const found: unknown[] = []
      const visit = (value: unknown) => {
        if (value === null || typeof value !== 'object') return
        if (!Array.isArray(value) && Object.prototype.hasOwnProperty.call(value, key))
          found.push((value as Record<string, unknown>)[key])
        for (const child of Object.values(value)) visit(child)
      }
      current.forEach(visit)
      current = found
      many = true
      continue
    }
    const next: unknown[] = []
    for (const value of current) {
      if (value === null || value === undefined) continue
      if (Array.isArray(value) && !/^\d+$/.test(part)) {
        many = true
        for (const item of value) {
          const v =
            item !== null && typeof item === 'object' ? (item as Record<string, unknown>)[part] : undefined
          if (v !== undefined) next.push(v)
        }
      } else if (typeof value === 'object' && Object.prototype.hasOwnProperty.call(value, part)) {
        next.push((value as Record<string, unknown>)[part])
      }
    }
    current = next
  }
  return many ? current : current[0]
}
