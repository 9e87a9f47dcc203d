import { describe, expect, it } from 'vitest'
import type { ResponseCookie } from '../model/wire.ts'
import { CookieJar } from './cookie-jar.ts'

const cookie = (fields: Partial<ResponseCookie> & { name: string }): ResponseCookie => ({
  value: 'v',
  httpOnly: false,
  secure: false,
  ...fields,
})

describe('CookieJar', () => {
  it('sends cookies back to the host that set them, by path', () => {
    const jar = new CookieJar()
    jar.store('http://a.test/app/login', [
      cookie({ name: 'sid', value: '1' }),
      cookie({ name: 'root', value: '2', path: '/' }),
    ])
    expect(jar.cookiesFor('http://a.test/app/x')).toEqual([
      ['sid', '1'],
      ['root', '2'],
    ])
    expect(jar.cookiesFor('http://a.test/other')).toEqual([['root', '2']])
    expect(jar.cookiesFor('http://b.test/app/x')).toEqual([])
    expect(jar.cookiesFor('http://sub.a.test/app/x')).toEqual([])
  })

  it('shares a Domain cookie with subdomains and refuses a foreign domain', () => {
    const jar = new CookieJar()
    jar.store('http://www.a.test/', [
      cookie({ name: 'd', domain: '.a.test', path: '/' }),
      cookie({ name: 'evil', domain: 'b.test', path: '/' }),
    ])
    expect(jar.cookiesFor('http://api.a.test/')).toEqual([['d', 'v']])
    expect(jar.cookiesFor('http://b.test/')).toEqual([])
  })

  it('replaces, expires and deletes', () => {
    let now = 1_000_000
    const jar = new CookieJar(() => now)
    jar.store('http://a.test/', [cookie({ name: 'a', value: '1', path: '/', maxAge: 10 })])
    jar.store('http://a.test/', [cookie({ name: 'a', value: '2', path: '/', maxAge: 10 })])
    expect(jar.cookiesFor('http://a.test/')).toEqual([['a', '2']])
    now += 11_000
    expect(jar.cookiesFor('http://a.test/')).toEqual([])
    jar.store('http://a.test/', [cookie({ name: 'b', path: '/' })])
    jar.store('http://a.test/', [cookie({ name: 'b', path: '/', maxAge: 0 })])
    expect(jar.cookiesFor('http://a.test/')).toEqual([])
  })

  it('keeps a cookie set again in its place: the order is by first creation, as in newman', () => {
    const jar = new CookieJar()
    jar.store('http://a.test/', [cookie({ name: 'foo1', value: 'bar1', path: '/' })])
    jar.store('http://a.test/', [cookie({ name: 'foo2', value: 'bar2', path: '/' })])
    jar.store('http://a.test/', [cookie({ name: 'foo1', value: '', path: '/' })])
    expect(jar.cookiesFor('http://a.test/')).toEqual([
      ['foo1', ''],
      ['foo2', 'bar2'],
    ])
  })

  it('keeps Secure cookies off plain http', () => {
    const jar = new CookieJar()
    jar.store('https://a.test/', [cookie({ name: 's', path: '/', secure: true })])
    expect(jar.cookiesFor('http://a.test/')).toEqual([])
    expect(jar.cookiesFor('https://a.test/')).toEqual([['s', 'v']])
  })

  it('gives scripts a copy and takes their changes back: put, remove one name, remove all for a URL', () => {
    const jar = new CookieJar(() => 1_000)
    jar.store('http://a.test/x', [cookie({ name: 'a', value: '1', path: '/', httpOnly: true, maxAge: 10 })])
    const copy = CookieJar.of(jar.snapshot(), () => 1_000)
    expect(copy.put('http://a.test/', cookie({ name: 'b', value: '2' }))).toMatchObject({
      name: 'b',
      path: '/',
      hostOnly: true,
    })
    expect(copy.put('http://a.test/', cookie({ name: 'c', domain: 'b.test' }))).toBeNull()
    expect(jar.cookiesFor('http://a.test/')).toEqual([['a', '1']])
    expect(copy.matching('http://a.test/')[0]).toMatchObject({
      httpOnly: true,
      maxAge: 10,
      expiresAt: 11_000,
    })
    copy.store('http://a.test/deep/x', [cookie({ name: 'a', value: 'deep', path: '/deep' })])
    copy.remove('http://a.test/deep/x', 'a')
    expect(copy.cookiesFor('http://a.test/deep/x')).toEqual([
      ['a', '1'],
      ['b', '2'],
    ])
    copy.remove('http://a.test/')
    expect(copy.isEmpty).toBe(true)
    jar.replace(copy.snapshot())
    expect(jar.isEmpty).toBe(true)
  })
})
