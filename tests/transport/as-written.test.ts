/**
 * The request target goes out as the URL text wrote it (as newman sends it), not as a WHATWG URL
 * normalises it: against a real echo server, what arrived on the wire.
 */
import { describe, expect, it } from 'vitest'
import { writtenTarget } from '../../src/runtime/transport/as-written.ts'
import type { EchoRecord } from '../fixtures/echo-server.ts'
import { useEchoAndTransport, wire } from './helpers.ts'

const setup = useEchoAndTransport()
const last = (): EchoRecord => setup.echo.seen.at(-1)!
const header = (name: string) => last().headers.find(([n]) => n.toLowerCase() === name)?.[1]

describe('the request target as written', () => {
  it('keeps an empty query, dot segments and the characters a WHATWG URL encodes in a query', async () => {
    const base = setup.echo.url
    for (const path of ['/get?', '/a/./b/../c', `/get?q="'<>"&x`, '/get?&&', '/?']) {
      await setup.transport.send(wire('GET', `${base}${path}#frag`), {})
      expect(last().url).toBe(path)
    }
    await setup.transport.send(wire('GET', base), {})
    expect(last().url).toBe('/')
    // What HTTP/1.1 cannot carry as is (a space) goes the WHATWG way.
    await setup.transport.send(wire('GET', `${base}/a b?c d`), {})
    expect(last().url).toBe('/a%20b?c%20d')
  })

  it('sends user:password@ as Basic authorization, decoded, unless the request has its own', async () => {
    const userinfo = setup.echo.url.replace('http://', 'http://us%40r:p%40ss:w@')
    await setup.transport.send(wire('GET', `${userinfo}/get`), {})
    expect(header('authorization')).toBe(`Basic ${Buffer.from('us@r:p@ss:w').toString('base64')}`)
    expect(last().url).toBe('/get')
    await setup.transport.send(wire('GET', `${userinfo}/get`, [['Authorization', 'Bearer t']]), {})
    expect(header('authorization')).toBe('Bearer t')
  })

  it('sends the URL just requested as Referer after a redirect', async () => {
    const base = setup.echo.url
    const to = `${base}/get?q={"abc"}`
    await setup.transport.send(wire('GET', `${base}/redirect-to?url=${encodeURIComponent(to)}&x`), {})
    expect(last().url).toBe('/get?q={"abc"}')
    expect(header('referer')).toBe(`${base}/redirect-to?url=${encodeURIComponent(to)}&x`)
  })

  it('keeps an explicit default port for the Host header', () => {
    expect(writtenTarget('https://api.test:443/get?', new URL('https://api.test:443/get?'))).toEqual({
      path: '/get?',
      host: 'api.test:443',
    })
    expect(writtenTarget('http://u:p@api.test:80', new URL('http://u:p@api.test:80'))).toEqual({
      path: '/',
      host: 'api.test:80',
    })
    expect(writtenTarget('http://api.test:8080/x', new URL('http://api.test:8080/x'))).toEqual({ path: '/x' })
    // A backslash before the query is a slash to a WHATWG URL: its target then.
    expect(writtenTarget('http://api.test/a\\b?c\\d', new URL('http://api.test/a\\b?c\\d'))).toEqual({
      path: '/a/b?c\\d',
    })
  })
})
