// Harness page: the real worker-client and worker, driven by tests/browser/script-worker.test.ts.
import { createWorkerScriptRunner } from '../../../src/runtime/script/worker-client.ts'
import { VariableContext } from '../../../src/model/variables.ts'
import type { WireRequest, WireResponse } from '../../../src/model/wire.ts'

const runner = createWorkerScriptRunner()

async function fakeSend(request: WireRequest): Promise<WireResponse> {
  const body = new TextEncoder().encode(JSON.stringify({ access_token: 'from-page', url: request.url }))
  return {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: [['Content-Type', 'application/json']],
    body,
    eventStream: false,
    cookies: [],
    timings: { total: 1 },
    sizes: { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBody: body.length },
    url: request.url,
  }
}

;(globalThis as unknown as { runInWorker: unknown }).runInWorker = async (
  code: string,
  phase: 'pre-request' | 'post-response',
) => {
  const variables = new VariableContext([
    { scope: 'environment', variables: [{ key: 'baseUrl', value: 'http://api.test' }] },
  ])
  const body = new TextEncoder().encode('{"id":7}')
  const result = await runner.run({
    phase,
    scripts: [{ origin: 'Request', code }],
    request: {
      id: 'r1',
      name: 'Get',
      method: 'GET',
      url: 'http://api.test/users/7',
      headers: [],
      body: { type: 'none' },
    },
    response:
      phase === 'post-response'
        ? {
            code: 200,
            statusText: 'OK',
            headers: [['Content-Type', 'application/json']],
            body,
            responseTime: 5,
            responseSize: body.length,
          }
        : null,
    variables,
    sendRequest: fakeSend,
  })
  return { ...result, session: Object.fromEntries(variables.session) }
}
