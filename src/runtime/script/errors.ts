/**
 * How a script run stops. A `ScriptAbort` raised by the host (a limit, a secret, an unsupported
 * call) cannot be caught by the script: the runner records it and interrupts the sandbox.
 */
import type { ScriptErrorKind } from './types.ts'
import type { ScriptLimits } from './limits.ts'

export class ScriptAbort extends Error {
  constructor(
    readonly kind: ScriptErrorKind,
    message: string,
  ) {
    super(message)
    this.name = 'ScriptAbort'
  }
}

const seconds = (ms: number) => `${ms % 1000 === 0 ? ms / 1000 : (ms / 1000).toFixed(1)} s`

/** Every user-facing text of the script runtime, in one place. */
export const messages = {
  timeout: (ms: number) => `Script stopped: it ran longer than ${seconds(ms)}`,
  timeoutBesideRequests: (ms: number) =>
    `Script stopped: it ran longer than ${seconds(ms)} besides waiting for its requests`,
  neverFinished: 'Script stopped: it waits for something that never happens (a promise that never settles)',
  memory: (limits: ScriptLimits) =>
    `Script stopped: it used more than ${Math.round(limits.memoryBytes / 1024 / 1024)} MB of memory`,
  stack: 'Script stopped: too much recursion (stack overflow)',
  cancelled: 'Script cancelled',
  timers: (limits: ScriptLimits) =>
    `at most ${limits.timers} timers (setTimeout, beta.sleep) can be pending at once: clear some or wait for them`,
  skipped: 'The pre-request script skipped this request (skipRequest)',
  sleep: (limits: ScriptLimits) => `beta.sleep: at most ${seconds(limits.sleepMs)} per call`,
  sendRequests: (limits: ScriptLimits) =>
    `sendRequest: a script may make at most ${limits.sendRequests} calls`,
  notInThisContext: (what: string) => `${what} is not available in this context`,
  unsupported: (what: string) => `${what} is not supported`,
  setUrl: 'req.setUrl() is not supported: change the URL in the request instead',
  headers: (limits: ScriptLimits) => `req: at most ${limits.headers} headers can be set by a script`,
  headerValue: (name: string, limits: ScriptLimits) =>
    `req: the value of header "${name}" is larger than ${limits.headerValueBytes / 1024} KB`,
  headerLineBreak: (name: string) => `req: the value of header "${name}" must not contain line breaks`,
  headerName: (name: string) => `req: "${name}" is not a valid header name`,
  protectedHeader: (name: string) => `req: the header "${name}" cannot be changed by a script`,
  body: (limits: ScriptLimits) => `req: the body is larger than ${limits.bodyBytes / 1024 / 1024} MB`,
  scriptUrl: (url: string) => `pm.request.url: "${url}" is not an http or https URL`,
  method: (method: string) => `req: "${method}" is not a valid method`,
  sandbox: (detail: string) => `Script sandbox failure: ${detail}`,
}
