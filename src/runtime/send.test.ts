import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../../tests/fixtures/echo-server.ts'
import { makeRequest, makeRow } from '../model/factories.ts'
import { VariableContext } from '../model/variables.ts'
import { send, type SendEvent } from './send.ts'
import { createNodeTransport, type NodeTransport } from './transport/node.ts'

let echo: EchoServer
let transport: NodeTransport
beforeAll(async () => {
  echo = await startEchoServer()
  transport = createNodeTransport()
})
afterAll(async () => {
  await transport.close()
  await echo.close()
})

const variables = () =>
  new VariableContext([{ scope: 'environment', variables: [{ key: 'base', value: echo.url }] }])

describe('send pipeline without scripts', () => {
  it('builds, sends and reports the events in order', async () => {
    const events: SendEvent['type'][] = []
    const result = await send(
      {
        request: makeRequest({ url: '{{base}}/anything/x', headers: [makeRow({ key: 'X-A', value: '1' })] }),
        variables: variables(),
      },
      { transport, onEvent: (event) => events.push(event.type) },
    )
    expect(events).toEqual(['pre-request', 'sending', 'response'])
    expect(result.outcome).toBe('done')
    if (result.outcome !== 'done') return
    expect(result.response.status).toBe(200)
    expect(result.request.url).toBe(`${echo.url}/anything/x`)
    expect(echo.seen.at(-1)?.headers.filter(([n]) => n === 'X-A')).toEqual([['X-A', '1']])
    expect(result.tests).toEqual([])
  })

  it('ends in "failed" with the reason when the server is unreachable', async () => {
    const result = await send(
      { request: makeRequest({ url: 'http://127.0.0.1:9/' }), variables: variables() },
      { transport },
    )
    expect(result.outcome).toBe('failed')
    if (result.outcome !== 'failed') return
    expect(result.code).toBe('unreachable')
    expect(result.error).toMatch(/127\.0\.0\.1:9/)
  })

  it('ends in "failed" with code timeout when the response is too slow', async () => {
    const result = await send(
      { request: makeRequest({ url: `${echo.url}/delay/2000` }), variables: variables() },
      { transport, options: { timeoutMs: 100 } },
    )
    expect(result.outcome === 'failed' && result.code).toBe('timeout')
  })

  it('ends in "not-sent" when the request cannot be built, and sends nothing', async () => {
    const before = echo.seen.length
    const result = await send(
      {
        request: makeRequest({
          kind: 'graphql',
          url: `${echo.url}/gql`,
          body: { type: 'graphql', query: '{a}', variables: '{bad' },
        }),
        variables: variables(),
      },
      { transport },
    )
    expect(result.outcome).toBe('not-sent')
    if (result.outcome !== 'not-sent') return
    expect(result.error).toMatch(/^GraphQL variables are not valid JSON/)
    expect(echo.seen.length).toBe(before)
  })

  it('cancels a request in flight', async () => {
    const controller = new AbortController()
    const pending = send(
      { request: makeRequest({ url: `${echo.url}/delay/5000` }), variables: variables() },
      { transport, signal: controller.signal },
    )
    setTimeout(() => controller.abort(), 50)
    const result = await pending
    expect(result.outcome === 'failed' && result.code).toBe('aborted')
  })

  it('does not wait for the end of a running event stream', async () => {
    const result = await send(
      { request: makeRequest({ url: `${echo.url}/sse?count=0&interval=50` }), variables: variables() },
      { transport, options: { timeoutMs: 0 } },
    )
    expect(result.outcome).toBe('done')
    if (result.outcome !== 'done') return
    expect(result.response.eventStream).toBe(true)
    await result.response.bodyStream?.cancel()
  })
})
