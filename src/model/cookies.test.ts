import { describe, expect, it } from 'vitest'
import { cookiesFromHeaders, parseCookies } from './cookies.ts'

describe('parseCookies', () => {
  it.each([
    ['sid=abc', { name: 'sid', value: 'abc', httpOnly: false, secure: false }],
    [
      'sid=abc; Path=/app; Domain=.example.com; HttpOnly; Secure; SameSite=Lax',
      {
        name: 'sid',
        value: 'abc',
        path: '/app',
        domain: '.example.com',
        httpOnly: true,
        secure: true,
        sameSite: 'Lax',
      },
    ],
    [
      'exp=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT; Max-Age=3600',
      {
        name: 'exp',
        value: '1',
        expires: 'Wed, 21 Oct 2037 07:28:00 GMT',
        maxAge: 3600,
        httpOnly: false,
        secure: false,
      },
    ],
    ['enc=a%20b%3Bc', { name: 'enc', value: 'a%20b%3Bc', httpOnly: false, secure: false }],
    ['q="quoted value"', { name: 'q', value: '"quoted value"', httpOnly: false, secure: false }],
    ['empty=; Path=/', { name: 'empty', value: '', path: '/', httpOnly: false, secure: false }],
    ['jwt=a.b=c==; secure; httponly', { name: 'jwt', value: 'a.b=c==', httpOnly: true, secure: true }],
    ['odd=1; Max-Age=soon', { name: 'odd', value: '1', httpOnly: false, secure: false }],
  ])('%s', (header, cookie) => {
    expect(parseCookies([header])).toEqual([cookie])
  })

  it('keeps the Expires text even when it is not a valid date', () => {
    expect(parseCookies(['x=1; Expires=someday'])[0]!.expires).toBe('someday')
  })

  it('skips entries that are not cookies', () => {
    expect(parseCookies(['', 'garbage'])).toEqual([])
  })

  it('does not split one header at commas inside Expires', () => {
    expect(parseCookies(['a=1; Expires=Wed, 21 Oct 2037 07:28:00 GMT'])).toHaveLength(1)
  })
})

describe('cookiesFromHeaders', () => {
  it('reads every Set-Cookie entry in order, whatever the case of the name', () => {
    const cookies = cookiesFromHeaders([
      ['Set-Cookie', 'a=1'],
      ['Content-Type', 'text/plain'],
      ['set-cookie', 'b=2'],
      ['SET-COOKIE', 'c=3'],
    ])
    expect(cookies.map((cookie) => cookie.name)).toEqual(['a', 'b', 'c'])
  })
})
