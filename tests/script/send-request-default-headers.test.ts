/**
 * Postman's default headers on `pm.sendRequest` follow the request's setting (Settings → Editor,
 * `--no-default-headers`): sent as on the request itself when on, left out when off. Through the
 * real pipeline, real QuickJS and the echo server.
 */
import { describe, expect, it } from 'vitest'
import { sendFixture } from '../helpers/send-fixture.ts'
import { makeRequest, makeScripts } from '../../src/model/factories.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { send } from '../../src/runtime/send.ts'

const fixture = sendFixture()

/** The headers the echo server saw on the script's request, names in lower case. */
async function scriptRequestHeaders(defaultHeaders: boolean | undefined) {
  fixture.echo.seen.length = 0
  const script = `pm.sendRequest({ url: '${fixture.echo.url}/anything/from-script', header: { 'X-Own': '1' } }, () => {})`
  const result = await send(
    {
      request: makeRequest({
        url: `${fixture.echo.url}/anything/request`,
        scripts: makeScripts({ preRequest: script }),
      }),
      variables: new VariableContext(),
    },
    { ...fixture.deps, ...(defaultHeaders === undefined ? {} : { defaultHeaders }) },
  )
  expect(result.outcome).toBe('done')
  // The request itself follows the setting too.
  expect(
    fixture.echo.seen
      .find((r) => r.url.endsWith('/request'))!
      .headers.some(([k]) => k.toLowerCase() === 'cache-control'),
  ).toBe(defaultHeaders !== false)
  const seen = fixture.echo.seen.find((r) => r.url.endsWith('/from-script'))
  expect(seen).toBeDefined()
  return new Map(seen!.headers.map(([k, v]) => [k.toLowerCase(), v]))
}

describe('pm.sendRequest and the default headers', () => {
  it('sent by default, as on the request itself', async () => {
    const headers = await scriptRequestHeaders(undefined)
    expect(headers.get('accept')).toBe('*/*')
    expect(headers.get('cache-control')).toBe('no-cache')
    expect(headers.get('accept-encoding')).toBe('gzip, deflate, br')
    expect(headers.get('x-own')).toBe('1')
  })

  it('left out when the setting is off; User-Agent stays', async () => {
    const headers = await scriptRequestHeaders(false)
    expect(headers.has('accept')).toBe(false)
    expect(headers.has('cache-control')).toBe(false)
    expect(headers.has('accept-encoding')).toBe(false)
    expect(headers.get('user-agent')).toBe('Sendbox/1.0')
    expect(headers.get('x-own')).toBe('1')
  })
})
