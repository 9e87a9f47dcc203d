import { describe, expect, it } from 'vitest'
import { redirectTarget, type NextRequest } from './redirects.ts'

const post: NextRequest = {
  method: 'POST',
  url: new URL('https://api.test/login'),
  written: { path: '/login' },
  headers: [
    ['Content-Type', 'application/json'],
    ['Authorization', 'Bearer t'],
    ['Cookie', 'a=1'],
    ['X-Trace', '1'],
  ],
  body: new TextEncoder().encode('{}'),
}

describe('redirectTarget', () => {
  it.each([
    [301, 'GET', false],
    [302, 'GET', false],
    [303, 'GET', false],
    [307, 'POST', true],
    [308, 'POST', true],
  ])('%i after POST → %s, body kept: %s', (status, method, keepsBody) => {
    const next = redirectTarget(status, '/home', post)!
    expect(next.method).toBe(method)
    expect(next.body !== null).toBe(keepsBody)
    expect(next.headers.some(([name]) => name === 'Content-Type')).toBe(keepsBody)
    expect(next.url.href).toBe('https://api.test/home')
  })

  it('keeps PUT on 302 and HEAD on 303', () => {
    expect(redirectTarget(302, '/x', { ...post, method: 'PUT' })!.method).toBe('PUT')
    expect(redirectTarget(303, '/x', { ...post, method: 'HEAD' })!.method).toBe('HEAD')
  })

  it('drops credentials only when the origin changes', () => {
    const names = (next: NextRequest | undefined) => next!.headers.map(([name]) => name)
    expect(names(redirectTarget(307, '/same', post))).toEqual([
      'Content-Type',
      'Authorization',
      'Cookie',
      'X-Trace',
      'Referer',
    ])
    const elsewhere = ['Content-Type', 'X-Trace', 'Referer']
    expect(names(redirectTarget(307, 'https://other.test/', post))).toEqual(elsewhere)
    expect(names(redirectTarget(307, 'http://api.test/login', post))).toEqual(elsewhere)
  })

  it('sends the URL just requested as Referer (replacing one given) and an absolute Location as written', () => {
    const from: NextRequest = {
      ...post,
      method: 'GET',
      url: new URL('https://api.test:443/a/./b?q={"x"}'),
      written: { path: '/a/./b?q={"x"}', host: 'api.test:443' },
      headers: [['Referer', 'https://old.test/']],
    }
    const next = redirectTarget(302, 'https://other.test/c/../d?q={"y"}&e=', from)!
    expect(next.headers).toEqual([['Referer', 'https://api.test:443/a/./b?q={"x"}']])
    expect(next.written).toEqual({ path: '/c/../d?q={"y"}&e=' })
    // A relative Location is resolved as browsers do.
    expect(redirectTarget(302, '../x?', from)!.written).toEqual({ path: '/x?' })
  })

  it('is not followed without a usable Location', () => {
    expect(redirectTarget(302, undefined, post)).toBeUndefined()
    expect(redirectTarget(302, 'mailto:a@b.test', post)).toBeUndefined()
    expect(redirectTarget(200, '/x', post)).toBeUndefined()
    expect(redirectTarget(304, '/x', post)).toBeUndefined()
  })
})
