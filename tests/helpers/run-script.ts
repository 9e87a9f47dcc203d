/**
 * One helper for every script-runtime test: `runScript(code, { phase, response, variables })`
 * runs real QuickJS through the real runner with short limits unless told otherwise.
 */
import { VariableContext, type VariableLayer } from '../../src/model/variables.ts'
import type { HeaderList, WireRequest, WireResponse } from '../../src/model/wire.ts'
import type { Auth, RequestBody } from '../../src/model/types.ts'
import type { ScriptPhase, ScriptRunResult, ScriptResponseView } from '../../src/runtime/script/types.ts'
import { createScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-runner.ts'
import type { ScriptLimits } from '../../src/runtime/script/limits.ts'

export interface RunOptions {
  phase?: ScriptPhase
  response?: (Partial<Omit<ScriptResponseView, 'body'>> & { body?: string | object }) | null
  variables?: VariableContext
  layers?: VariableLayer[]
  request?: {
    method?: string
    url?: string
    headers?: HeaderList
    body?: RequestBody
    bodyText?: string
    declaredHeaders?: { key: string; value: string; disabled?: true }[]
    rawUrl?: string
    auth?: Auth
    name?: string
    id?: string
  }
  sendRequest?: (request: WireRequest, signal: AbortSignal) => Promise<WireResponse>
  signal?: AbortSignal
  /** More scripts after the first, run in order. */
  more?: string[]
  runner?: QuickJSScriptRunner
  /** The collection run's key: implicit globals carry between scripts with the same key. */
  runKey?: string
}

export const TEST_LIMITS: Partial<ScriptLimits> = { timeMs: 1000, inFlightTimeMs: 2000, sleepMs: 300 }

let shared: Promise<QuickJSScriptRunner> | undefined
/** The shared runner, warmed up once: the first run compiles the wasm code paths. */
export function testRunner(limits: Partial<ScriptLimits> = TEST_LIMITS): Promise<QuickJSScriptRunner> {
  if (limits !== TEST_LIMITS) return warm(createScriptRunner({ limits }))
  shared ??= warm(createScriptRunner({ limits }))
  return shared
}

async function warm(creating: Promise<QuickJSScriptRunner>): Promise<QuickJSScriptRunner> {
  const runner = await creating
  await runScript('expect(1).to.equal(1); test("w", () => {}); await bru.sleep(1)', {
    runner,
    response: { body: '{}' },
  })
  return runner
}

export function jsonResponse(body: unknown, code = 200, headers: HeaderList = []): RunOptions['response'] {
  return { code, body: JSON.stringify(body), headers: [['Content-Type', 'application/json'], ...headers] }
}

export async function runScript(
  code: string,
  options: RunOptions = {},
): Promise<ScriptRunResult & { variables: VariableContext }> {
  const runner = options.runner ?? (await testRunner())
  const variables = options.variables ?? new VariableContext(options.layers ?? [])
  const phase = options.phase ?? (options.response ? 'post-response' : 'pre-request')
  const r = options.response
  const body = r?.body === undefined ? '' : typeof r.body === 'string' ? r.body : JSON.stringify(r.body)
  const encoded = new TextEncoder().encode(body)
  const result = await runner.run({
    phase,
    scripts: [code, ...(options.more ?? [])].map((source, i) => ({
      origin: i === 0 ? 'Request' : `Script ${i + 1}`,
      code: source,
    })),
    request: {
      id: options.request?.id ?? 'req-1',
      name: options.request?.name ?? 'Get user',
      method: options.request?.method ?? 'GET',
      url: options.request?.url ?? 'http://127.0.0.1:9/users/1',
      headers: options.request?.headers ?? [['Accept', 'application/json']],
      body: options.request?.body ?? { type: 'none' },
      bodyText: options.request?.bodyText,
      ...(options.request?.declaredHeaders ? { declaredHeaders: options.request.declaredHeaders } : {}),
      ...(options.request?.rawUrl ? { rawUrl: options.request.rawUrl } : {}),
      ...(options.request?.auth ? { auth: options.request.auth } : {}),
    },
    response: r
      ? {
          code: r.code ?? 200,
          statusText: r.statusText ?? 'OK',
          headers: r.headers ?? [],
          body: encoded,
          responseTime: r.responseTime ?? 42,
          responseSize: r.responseSize ?? encoded.length,
        }
      : null,
    variables,
    sendRequest: options.sendRequest ?? (() => Promise.reject(new Error('no transport in this test'))),
    signal: options.signal,
    ...(options.runKey ? { runKey: options.runKey } : {}),
  })
  return { ...result, variables }
}
