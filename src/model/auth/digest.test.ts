import { createHash, randomBytes } from 'node:crypto'
import { describe, expect, it } from 'vitest'
import { digestAuthorization, parseDigestChallenge, type DigestInput } from './digest.ts'
import { md5Hex } from './md5.ts'

describe('md5Hex', () => {
  it('matches Node’s MD5 for lengths around every padding boundary', () => {
    for (const length of [0, 1, 3, 55, 56, 57, 63, 64, 65, 119, 120, 1000]) {
      const bytes = new Uint8Array(randomBytes(length))
      expect(md5Hex(bytes), `length ${length}`).toBe(createHash('md5').update(bytes).digest('hex'))
    }
  })
})

// RFC 7616 section 3.9.1: the same request answered with MD5 and with SHA-256.
const rfc: DigestInput = {
  username: 'Mufasa',
  password: 'Circle of Life',
  algorithm: 'MD5',
  realm: 'http-auth@example.org',
  nonce: '7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v',
  qop: 'auth',
  opaque: 'FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS',
  nc: 1,
  cnonce: 'f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ',
  method: 'GET',
  uri: '/dir/index.html',
}

describe('digestAuthorization', () => {
  it('gives RFC 7616’s MD5 answer', async () => {
    expect(await digestAuthorization(rfc)).toBe(
      'Digest username="Mufasa", realm="http-auth@example.org", nonce="7ypf/xlj9XXwfDPEoM4URrv/xwf94BcCAzFZH4GiTo0v", uri="/dir/index.html", algorithm="MD5", qop=auth, nc=00000001, cnonce="f2/wE4q74E6zIJEtWaHKaf5wv/H5QzzpXusqGemxURZJ", response="8ca523f5e9506fed4657c9700eebdbec", opaque="FQhe/qaU925kfnzjCev0ciny7QMkPqMAFRtzCUYo5tdS"',
    )
  })
  it('gives RFC 7616’s SHA-256 answer', async () => {
    expect(await digestAuthorization({ ...rfc, algorithm: 'SHA-256' })).toContain(
      'response="753927fa0e85d155564e2e272a28d1802ca10daf4496794697cf8db5856cb6c1"',
    )
  })
  it('leaves out qop, nc and cnonce when the server offered no qop', async () => {
    const header = await digestAuthorization({ ...rfc, qop: '' })
    expect(header).not.toMatch(/qop=|nc=|cnonce=/)
    const ha1 = createHash('md5').update('Mufasa:http-auth@example.org:Circle of Life').digest('hex')
    const ha2 = createHash('md5').update('GET:/dir/index.html').digest('hex')
    expect(header).toContain(
      `response="${createHash('md5').update(`${ha1}:${rfc.nonce}:${ha2}`).digest('hex')}"`,
    )
  })
  it('names an algorithm it does not know', async () => {
    await expect(digestAuthorization({ ...rfc, algorithm: 'SHA-512-256' })).rejects.toThrow(
      'Digest algorithm "SHA-512-256" is not supported (use MD5, MD5-sess, SHA-256, SHA-256-sess)',
    )
  })
})

describe('parseDigestChallenge', () => {
  it('reads the first Digest challenge, prefers qop auth and unquotes values', () => {
    expect(
      parseDigestChallenge([
        'Basic realm="x"',
        'Digest realm="a \\"b\\"", qop="auth-int, auth", nonce="n1", opaque="o", algorithm=SHA-256, stale=TRUE',
      ]),
    ).toEqual({ realm: 'a "b"', nonce: 'n1', qop: 'auth', opaque: 'o', algorithm: 'SHA-256', stale: true })
  })
  it('finds a Digest challenge after another scheme in the same header', () => {
    expect(parseDigestChallenge(['Basic realm="x", Digest realm="r", nonce="n"'])?.nonce).toBe('n')
  })
  it('answers null without a Digest challenge or its nonce', () => {
    expect(parseDigestChallenge(['Bearer', 'Digest realm="r"'])).toBeNull()
  })
})
