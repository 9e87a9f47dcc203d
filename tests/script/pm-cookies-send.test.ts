/**
 * `pm.cookies` through the whole send, against the echo server on 127.0.0.1: a single send's
 * post-response script reads the response's cookies (nothing is kept after it, spec 2.1 rule 5);
 * with a collection run's jar, a script reads the jar's cookies for the URL and its
 * `pm.cookies.jar()` changes reach the jar and the request being sent.
 */
import { describe, expect, it } from 'vitest'
import { sendFixture } from '../helpers/send-fixture.ts'
import { makeRequest, makeScripts } from '../../src/model/factories.ts'
import { VariableContext } from '../../src/model/variables.ts'
import { CookieJar } from '../../src/runtime/cookie-jar.ts'
import { send, type SendResult } from '../../src/runtime/send.ts'

const fixture = sendFixture()

function sendOne(
  path: string,
  scripts: { preRequest?: string; postResponse?: string },
  cookieJar?: CookieJar,
) {
  return send(
    {
      request: makeRequest({ url: `${fixture.echo.url}${path}`, scripts: makeScripts(scripts) }),
      variables: new VariableContext(),
      ...(cookieJar ? { cookieJar } : {}),
    },
    fixture.deps,
  )
}

const failed = (result: SendResult) => {
  expect(result.outcome === 'failed' ? result.error : result.scriptError).toBeNull()
  return result.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.error}`)
}

describe('pm.cookies in a send', () => {
  it('a single send reads the cookies its response set', async () => {
    const result = await sendOne('/cookies/set?a=1&b=x%20y', {
      postResponse: `
        pm.test('get', () => pm.expect([pm.cookies.get('a'), pm.cookies.get('B'), pm.cookies.get('zz')]).to.eql(['1', 'x y', undefined]))
        pm.test('has and toObject', () => { pm.expect(pm.cookies.has('a')).to.equal(true); pm.expect(pm.cookies.toObject()).to.eql({ a: '1', b: 'x y' }) })`,
    })
    expect(result.outcome).toBe('done')
    expect(failed(result)).toEqual([])
    expect(result.tests).toHaveLength(2)
  })

  it('a single send keeps no cookie: the next send has none, and jar().set reaches nothing', async () => {
    await sendOne('/cookies/set?a=1', {
      postResponse: `pm.cookies.jar().set(pm.request.url.toString(), 'kept', 'no', () => {})`,
    })
    const result = await sendOne('/anything/next', {
      postResponse: `pm.test('none', () => pm.expect(pm.cookies.count()).to.equal(0))`,
    })
    expect(failed(result)).toEqual([])
    expect(fixture.echo.seen.at(-1)!.headers.some(([name]) => name.toLowerCase() === 'cookie')).toBe(false)
  })

  it("a run's jar: the response's cookies are stored before the script, a script's jar changes go to the jar and out with the request", async () => {
    const jar = new CookieJar()
    const first = await sendOne(
      '/cookies/set?a=1&b=2',
      { postResponse: `pm.test('read', () => pm.expect(pm.cookies.toObject()).to.eql({ a: '1', b: '2' }))` },
      jar,
    )
    expect(failed(first)).toEqual([])
    expect(jar.cookiesFor(fixture.echo.url + '/')).toEqual([
      ['a', '1'],
      ['b', '2'],
    ])
    const second = await sendOne(
      '/anything/second',
      {
        preRequest: `const jar = pm.cookies.jar(); const u = '${fixture.echo.url}'
          jar.unset(u, 'a', (e) => jar.set(u, 'c', '3', (e2, c) => pm.test('set', () => pm.expect([e, e2, c.name]).to.eql([null, null, 'c']))))`,
      },
      jar,
    )
    expect(failed(second)).toEqual([])
    expect(second.tests).toHaveLength(1)
    const cookie = fixture.echo.seen.at(-1)!.headers.find(([name]) => name.toLowerCase() === 'cookie')
    expect(cookie?.[1]).toBe('b=2; c=3')
    expect(jar.cookiesFor(fixture.echo.url + '/').map(([name]) => name)).toEqual(['b', 'c'])
  })
})
