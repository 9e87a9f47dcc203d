import { beforeAll, describe, expect, it } from 'vitest'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-runner.ts'
import { jsonResponse, runScript, testRunner } from '../helpers/run-script.ts'

// A library's first load compiles it in QuickJS (about a second for lodash on a busy machine).
let runner: QuickJSScriptRunner
beforeAll(async () => {
  runner = await testRunner({ timeMs: 10_000, inFlightTimeMs: 10_000, sleepMs: 300 })
})

const failures = (result: { tests: { name: string; passed: boolean; error: string | null }[] }) =>
  result.tests.filter((t) => !t.passed).map((t) => `${t.name}: ${t.error}`)

describe("the Postman sandbox's libraries", () => {
  it('require gives lodash, moment, crypto-js and tv4; the globals load on first touch', async () => {
    const result = await runScript(
      `const lodash = require('lodash'), moment = require('moment'), cjs = require('crypto-js')
       pm.test('lodash', () => pm.expect(lodash.get({ a: { b: [1, 2] } }, 'a.b[1]')).to.equal(2))
       pm.test('global _', () => pm.expect(_.chunk([1, 2, 3], 2)).to.eql([[1, 2], [3]]))
       pm.test('moment', () => pm.expect(moment.utc('2024-01-31').add(1, 'month').format('YYYY-MM-DD')).to.equal('2024-02-29'))
       pm.test('hmac', () => pm.expect(cjs.HmacSHA256('message', 'key').toString()).to.equal('6e9ef29b75fffc5b7abae527d58fdadb2fe42e7219011976917343065f58ed4a'))
       pm.test('global CryptoJS', () => pm.expect(CryptoJS.MD5('a').toString()).to.equal('0cc175b9c0f1b6a831c399e269772661'))
       pm.test('base64', () => pm.expect(CryptoJS.enc.Base64.stringify(CryptoJS.enc.Utf8.parse('hello'))).to.equal('aGVsbG8='))
       pm.test('tv4', () => pm.expect(tv4.validate({ a: 1 }, { type: 'object', required: ['b'] })).to.be.false)
       pm.test('atob btoa', () => { pm.expect(btoa('user:pass')).to.equal('dXNlcjpwYXNz'); pm.expect(atob('aGk=')).to.equal('hi'); pm.expect(require('btoa')('hi')).to.equal('aGk=') })`,
      { response: jsonResponse({}), runner },
    )
    expect(result.error).toBeNull()
    expect(failures(result)).toEqual([])
    expect(result.tests).toHaveLength(8)
  })

  it('an unknown module throws a catchable Error: Cannot find module', async () => {
    const result = await runScript(
      `let caught = null
       try { require('left-pad') } catch (e) { caught = e }
       pm.test('caught', () => { pm.expect(caught).to.be.an('error'); pm.expect(caught.message).to.equal("Cannot find module 'left-pad'") })`,
      { response: jsonResponse({}), runner },
    )
    expect(failures(result)).toEqual([])
    const uncaught = await runScript(`require('nope')`, { runner })
    expect(uncaught.error?.message).toBe("Error: Cannot find module 'nope'")
  })

  it("one script's change to a library never reaches the next script", async () => {
    const result = await runScript(`_.answer = 42; require('lodash').mixin({ shout: (s) => s + '!' })`, {
      response: jsonResponse({}),
      runner,
      more: [
        `pm.test('pristine', () => { pm.expect(_.answer).to.be.undefined; pm.expect(_.shout).to.be.undefined })`,
      ],
    })
    expect(result.error).toBeNull()
    expect(failures(result)).toEqual([])
    expect(result.tests).toHaveLength(1)
  })
})
