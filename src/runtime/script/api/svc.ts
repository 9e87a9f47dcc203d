/** The native API `svc` (also `delta`), spec 4.5. */
import type { ScriptRun } from '../run-state.ts'
import { api, EXPECT } from './bridge.ts'
import { environmentScope, localScope, requestView, responseView } from './common.ts'
import { runTest } from './tests.ts'

export interface Shared {
  environment: ReturnType<typeof environmentScope>
  variables: ReturnType<typeof localScope>
  request: ReturnType<typeof requestView>
  info: {
    requestName: string
    requestId: string
    eventName: string
    iteration: number
    iterationCount: number
  }
}

export function shared(run: ScriptRun): Shared {
  const request = run.input.request
  return {
    environment: environmentScope(run),
    variables: localScope(run),
    request: requestView(run),
    info: api({
      requestName: request.name,
      requestId: request.id,
      eventName: run.input.phase === 'pre-request' ? 'prerequest' : 'test',
      iteration: 0,
      iterationCount: 1,
    }),
  }
}

export function svcApi(run: ScriptRun, common: Shared) {
  return api({
    environment: common.environment,
    variables: common.variables,
    request: common.request,
    response: responseView(run, false),
    info: common.info,
    test: (name: unknown, fn: unknown) => runTest(run, name, fn, false),
    expect: EXPECT,
  })
}
