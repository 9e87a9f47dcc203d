/** The native API `svc` (also `delta`), spec 4.5. */
import { api, EXPECT, GUEST_TEST } from './bridge.ts'
import { CurrentRun, environmentScope, localScope, requestView, responseAccessor } from './common.ts'

export interface Shared {
  current: CurrentRun
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

/** Built once per sandbox: every member resolves against the current run. */
export function shared(current: CurrentRun): Shared {
  const request = () => current.run.input.request
  return {
    current,
    environment: environmentScope(current),
    variables: localScope(current),
    request: requestView(current),
    info: api({
      get requestName() {
        return request().name
      },
      get requestId() {
        return request().id
      },
      get eventName() {
        return current.run.input.phase === 'pre-request' ? 'prerequest' : 'test'
      },
      get iteration() {
        return current.run.input.iteration?.index ?? 0
      },
      get iterationCount() {
        return current.run.input.iteration?.count ?? 1
      },
    }),
  }
}

export function svcApi(common: Shared) {
  const namespace = api({
    environment: common.environment,
    variables: common.variables,
    request: common.request,
    info: common.info,
    // Runs in the guest (guest/core.ts): the test's function needs no round trip.
    test: GUEST_TEST,
    expect: EXPECT,
  })
  Object.defineProperty(namespace, 'response', { get: responseAccessor(common.current, false) })
  return namespace
}
