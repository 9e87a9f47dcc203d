/**
 * `res.json()` in a `pm.sendRequest` callback is answered with the body's own text when the
 * guest's JSON.parse gives the same values (as `pm.response.json()` is). A script sees what
 * JSON.parse gives (a `__proto__` key included, as in newman), and where the codec has to carry
 * the value (nesting deeper than it goes, its own tag key) what `pm.response.json()` gives.
 */
import { beforeAll, describe, expect, it } from 'vitest'
import type { WireResponse } from '../../src/model/wire.ts'
import { runScript, testRunner } from '../helpers/run-script.ts'

beforeAll(async () => {
  await testRunner()
})

function answering(body: string): () => Promise<WireResponse> {
  const bytes = new TextEncoder().encode(body)
  return () =>
    Promise.resolve({
      status: 200,
      statusText: 'OK',
      httpVersion: '1.1',
      headers: [['Content-Type', 'application/json']],
      body: bytes,
      eventStream: false,
      cookies: [],
      timings: { total: 1 },
      sizes: { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBody: bytes.length },
      url: 'http://127.0.0.1:1/',
    })
}

/** What the callback read: its JSON.stringify of `res.json()`, twice (each call its own object). */
async function seen(body: string): Promise<string | undefined> {
  const result = await runScript(
    `pm.sendRequest('http://127.0.0.1:1/', function (err, res) {
      const a = res.json(), b = res.json()
      pm.environment.set('seen', JSON.stringify([a, a === b && typeof a === 'object' && a !== null]))
    })`,
    { sendRequest: answering(body) },
  )
  expect(result.error).toBeNull()
  return result.variables.session.get('seen')
}

/** What `pm.response.json()` gives a post-response script for the same body. */
async function responseSeen(body: string): Promise<string | undefined> {
  const result = await runScript(
    `const a = pm.response.json(), b = pm.response.json()
     pm.environment.set('seen', JSON.stringify([a, a === b && typeof a === 'object' && a !== null]))`,
    { response: { body, headers: [['Content-Type', 'application/json']] } },
  )
  expect(result.error).toBeNull()
  return result.variables.session.get('seen')
}

const deep = (n: number) => '['.repeat(n) + '1' + ']'.repeat(n)

describe('pm.sendRequest res.json()', () => {
  it.each([
    ['an object', '{"args":{"token":"t1"},"n":[1,2.5,-0,1e300],"s":"é😀\\n","z":null,"t":true}'],
    ['a string', '"text"'],
    ['a number', '42'],
    ['a __proto__ key', '{"__proto__":{"x":1},"y":2}'],
  ])('gives what JSON.parse gives for %s', async (_what, body) => {
    expect(await seen(body)).toBe(JSON.stringify([JSON.parse(body), false]))
  })

  it.each([
    ['nesting deeper than the codec goes', deep(250)],
    ['the codec’s tag key', '{"\\u0000t":"u","a":1}'],
  ])('gives what pm.response.json() gives for %s', async (_what, body) => {
    expect(await seen(body)).toBe(await responseSeen(body))
  })

  it('throws for a body that is not JSON, and the callback sees the error', async () => {
    const result = await runScript(
      `pm.sendRequest('http://127.0.0.1:1/', function (err, res) {
        try { res.json(); pm.environment.set('seen', 'parsed') } catch (e) { pm.environment.set('seen', e.name) }
      })`,
      { sendRequest: answering('not json') },
    )
    expect(result.error).toBeNull()
    expect(result.variables.session.get('seen')).toBe('SyntaxError')
  })

  it('words a failed parse as the host does (V8), not as QuickJS', async () => {
    const result = await runScript(
      `pm.sendRequest('http://127.0.0.1:1/', function (err, res) {
        try { res.json() } catch (e) { pm.environment.set('seen', e.message) }
      })`,
      { sendRequest: answering('{"a":') },
    )
    expect(result.error).toBeNull()
    expect(result.variables.session.get('seen')).toBe(errorOf(() => JSON.parse('{"a":')))
  })

  it('answers the values, text and headers the host object answered', async () => {
    const result = await runScript(
      `pm.sendRequest('http://127.0.0.1:1/', function (err, res) {
        const h = res.headers
        pm.environment.set('seen', JSON.stringify([res.code, res.status, res.responseTime, res.responseSize,
          res.text(), h['Content-Type'], h.get('content-type'), h.get('x-none'), h.has('CONTENT-TYPE'),
          h.has('content-type', 'application/json'), h.has('content-type', 'text/plain'), h.toObject(),
          Object.keys(h), typeof res.json]))
      })`,
      { sendRequest: answering('{"a":1}') },
    )
    expect(result.error).toBeNull()
    expect(JSON.parse(result.variables.session.get('seen')!)).toEqual([
      200,
      'OK',
      1,
      7,
      '{"a":1}',
      'application/json',
      'application/json',
      null,
      true,
      true,
      false,
      { 'Content-Type': 'application/json' },
      ['Content-Type'],
      'function',
    ])
  })
})

function errorOf(fn: () => unknown): string {
  try {
    fn()
  } catch (error) {
    return (error as Error).message
  }
  return ''
}
