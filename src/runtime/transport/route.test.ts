import { describe, expect, it } from 'vitest'
import type { ProxySettings } from '../../model/settings.ts'
import { isBypassed, parseProxyUrl, resolveRoute } from './route.ts'

describe('isBypassed', () => {
  it.each([
    ['localhost', 80, 'localhost,127.0.0.1', true],
    ['LOCALHOST', 80, 'localhost', true],
    ['127.0.0.1', 8080, 'localhost,127.0.0.1', true],
    ['example.com', 80, 'localhost,127.0.0.1', false],
    ['api.example.com', 443, '.example.com', true],
    ['example.com', 443, '.example.com', true],
    ['api.example.com', 443, '*.example.com', true],
    ['badexample.com', 443, '.example.com', false],
    ['api.example.com', 443, 'example.com', false],
    ['api.example.com', 8443, 'api.example.com:8443', true],
    ['api.example.com', 443, 'api.example.com:8443', false],
    ['::1', 80, '[::1]', true],
    ['[::1]', 80, '::1', true],
    ['::1', 3000, '[::1]:3000', true],
    ['anything.test', 80, '*', true],
    ['a.test', 80, ' a.test ,  b.test', true],
    ['b.test', 80, 'a.test b.test', true],
    ['a.test', 80, '', false],
  ])('%s:%i against "%s" → %s', (host, port, list, expected) => {
    expect(isBypassed(host, port, list)).toBe(expected)
  })
})

describe('resolveRoute', () => {
  const settings = (extra: Partial<ProxySettings>): ProxySettings => ({
    enabled: true,
    type: 'http',
    host: 'proxy.local',
    port: 3128,
    bypass: 'localhost,127.0.0.1',
    ...extra,
  })

  it('goes direct when the proxy is off or the host is bypassed', () => {
    expect(resolveRoute(new URL('http://api.test/'), settings({ enabled: false }))).toEqual({
      kind: 'direct',
    })
    expect(resolveRoute(new URL('http://localhost:9/'), settings({}))).toEqual({ kind: 'direct' })
  })

  it('uses the configured proxy with its credentials', () => {
    expect(
      resolveRoute(new URL('https://api.test/'), settings({ type: 'socks5', username: 'u', password: 'p' })),
    ).toEqual({ kind: 'socks5', host: 'proxy.local', port: 3128, username: 'u', password: 'p' })
    expect(resolveRoute(new URL('https://api.test/'), settings({ type: 'https' }))).toMatchObject({
      kind: 'http',
      secure: true,
    })
  })

  it('reads the system proxy per scheme, lower-case variables first, with NO_PROXY', () => {
    const env = {
      HTTP_PROXY: 'http://upper:1',
      http_proxy: 'http://lower:2',
      HTTPS_PROXY: 'socks5://s:1080',
      NO_PROXY: '.internal',
    }
    const system = settings({ type: 'system', bypass: '' })
    expect(resolveRoute(new URL('http://api.test/'), system, env)).toMatchObject({
      kind: 'http',
      host: 'lower',
      port: 2,
    })
    expect(resolveRoute(new URL('https://api.test/'), system, env)).toMatchObject({
      kind: 'socks5',
      host: 's',
    })
    expect(resolveRoute(new URL('https://db.internal/'), system, env)).toEqual({ kind: 'direct' })
    expect(resolveRoute(new URL('https://api.test/'), system, {})).toEqual({ kind: 'direct' })
  })
})

describe('parseProxyUrl', () => {
  it('reads scheme, default port and encoded credentials', () => {
    expect(parseProxyUrl('http://us%40er:p%3Ass@proxy:8080')).toEqual({
      kind: 'http',
      secure: false,
      host: 'proxy',
      port: 8080,
      username: 'us@er',
      password: 'p:ss',
    })
    expect(parseProxyUrl('proxy.local')).toMatchObject({ kind: 'http', port: 80 })
    expect(parseProxyUrl('https://proxy.local')).toMatchObject({ secure: true, port: 443 })
    expect(parseProxyUrl('socks5h://[::1]')).toEqual({ kind: 'socks5', host: '::1', port: 1080 })
    expect(() => parseProxyUrl('ftp://x')).toThrow('Unsupported proxy scheme')
  })
})
