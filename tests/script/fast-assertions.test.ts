/**
 * Passing assertions on primitives are decided in the guest (guest/lib.ts), without chai. Every
 * verdict and every failure message must still be chai's: the same matrix runs in the resident
 * context (where the guest decides), in a fresh context (where chai on the host decides every
 * assertion) and against chai itself in Node.
 */
import * as chai from 'chai'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { QuickJSScriptRunner } from '../../src/runtime/script/quickjs-module.node.ts'
import { needsFreshContext } from '../../src/runtime/script/fresh-context.ts'
import { runScript, testRunner } from '../helpers/run-script.ts'

// The matrix has about 14,000 cases, each failure a host call: more than the test limit of 1 s.
let runner: QuickJSScriptRunner
beforeAll(async () => {
  runner = await testRunner({ timeMs: 30_000, inFlightTimeMs: 30_000, sleepMs: 100 })
})
afterAll(() => runner.dispose())

const VALUES = `[0, 1, -1, 1.5, -0, NaN, Infinity, '', 'abc', 'ABC', 'a', '1', true, false, null, undefined]`
const ARGS = `[0, 1, 2, -0, NaN, '', 'a', 'b', 'abc', '1', true, null, undefined, 'string', 'String', 'number', 'boolean', 'null', 'undefined', 'object', 'nan']`
const METHODS = [
  'equal',
  'equals',
  'eq',
  'a',
  'an',
  'include',
  'includes',
  'contain',
  'contains',
  'above',
  'gt',
  'greaterThan',
  'below',
  'lt',
  'lessThan',
  'least',
  'gte',
  'greaterThanOrEqual',
  'most',
  'lte',
  'lessThanOrEqual',
]
const PROPERTIES = ['ok', 'true', 'false', 'null', 'undefined', 'exist']
const CHAINS = [
  "expect('abc').to.be.a('string').and.include('b')",
  "expect('abc').to.include('a').and.not.include('z')",
  "expect('abc').to.include('a').and.have.lengthOf(3)",
  'expect(1).to.not.equal(2).and.equal(3)',
  'expect(1).to.not.equal(2).and.not.equal(3)',
  'expect(5).to.be.above(1).and.below(10)',
  "expect(5).to.be.a('number').that.is.above(4)",
  "expect('x').to.be.ok.and.a('string')",
  'expect(null).to.not.exist',
  'expect(0).to.not.be.ok',
  "expect('abc').to.not.be.a('number').and.include('c')",
  'expect(2).to.be.within(1, 3)',
  "expect(2, 'custom message').to.equal(3)",
  'expect(true).to.be.true.and.not.false',
  "expect('A').to.not.include('a')",
  "expect(3).to.equal(3, 'a message argument')",
  'expect(3).to.not.not.equal(4)',
  "expect(1).to.be.above('0')",
  "expect('5').to.be.below(10)",
]

/** A guest script recording [passed, message] for each case into the variable `out`. */
function matrixScript(extra = ''): string {
  return `${extra}
const V = ${VALUES}, A = ${ARGS}, M = ${JSON.stringify(METHODS)}, P = ${JSON.stringify(PROPERTIES)}
const out = []
function record(f) { try { f(); out.push([true, '']) } catch (e) { out.push([false, String(e && e.message)]) } }
for (const v of V) {
  for (const m of M) for (const a of A) {
    record(function () { pm.expect(v).to[m](a) })
    record(function () { pm.expect(v).to.not[m](a) })
  }
  for (const p of P) {
    record(function () { return pm.expect(v).to.be[p] })
    record(function () { return pm.expect(v).to.not.be[p] })
  }
}
${CHAINS.map((c) => `record(function () { ${c.replace(/^expect/, 'pm.expect')} })`).join('\n')}
pm.environment.set('out', JSON.stringify(out))`
}

function call(assertion: object, method: string, arg: unknown): void {
  ;(assertion as Record<string, (x: unknown) => void>)[method]!(arg)
}

function chaiMatrix(): [boolean, string][] {
  const out: [boolean, string][] = []
  const record = (f: () => unknown) => {
    try {
      f()
      out.push([true, ''])
    } catch (error) {
      out.push([false, String((error as Error).message)])
    }
  }
  const values = new Function(`return ${VALUES}`)() as unknown[]
  const args = new Function(`return ${ARGS}`)() as unknown[]
  for (const v of values) {
    for (const m of METHODS) {
      for (const a of args) {
        record(() => call(chai.expect(v).to, m, a))
        record(() => call(chai.expect(v).to.not, m, a))
      }
    }
    for (const p of PROPERTIES) {
      record(() => (chai.expect(v).to.be as unknown as Record<string, unknown>)[p])
      record(() => (chai.expect(v).to.not.be as unknown as Record<string, unknown>)[p])
    }
  }
  for (const c of CHAINS) record(() => new Function('expect', c)(chai.expect))
  return out
}

async function guestMatrix(code: string): Promise<[boolean, string][]> {
  const result = await runScript(code, { runner, response: { body: '{}' } })
  expect(result.error).toBeNull()
  return JSON.parse(result.variables.session.get('out') ?? '[]') as [boolean, string][]
}

describe('assertions decided in the guest', () => {
  it('give chai verdicts and messages, in the resident context and in a fresh one', async () => {
    const resident = matrixScript()
    const fresh = matrixScript('// prototype: runs in a fresh context, where chai decides every assertion')
    expect(needsFreshContext(resident)).toBe(false)
    expect(needsFreshContext(fresh)).toBe(true)
    const reference = chaiMatrix()
    const [inResident, inFresh] = [await guestMatrix(resident), await guestMatrix(fresh)]
    expect(inResident.length).toBe(reference.length)
    // Both outcomes occur, so the comparison below can fail either way.
    expect(reference.filter(([passed]) => passed).length).toBeGreaterThan(300)
    expect(reference.filter(([passed]) => !passed).length).toBeGreaterThan(300)
    const differences = (got: [boolean, string][]) =>
      got.flatMap((entry, i) =>
        JSON.stringify(entry) === JSON.stringify(reference[i]) ? [] : [[i, entry, reference[i]]],
      )
    expect(differences(inResident)).toEqual([])
    expect(differences(inFresh)).toEqual([])
  }, 60_000)

  it("status checks on a response give the response plugin's verdicts and messages", async () => {
    const checks = [
      'to.have.status(200)',
      'to.have.status(201)',
      "to.have.status('OK')",
      "to.have.status('Created')",
      "to.have.status('200')",
      'to.have.status(200, 1)',
      'to.be.ok',
      'to.be.ok()',
      'to.be.success',
      'to.be.info',
      'to.be.redirection',
      'to.be.clientError',
      'to.be.serverError',
      'to.be.error',
      'to.be.accepted',
      'to.be.withoutContent',
      'to.be.badRequest',
      'to.be.unauthorized',
      'to.be.forbidden',
      'to.be.notFound',
      'to.be.notAcceptable',
      'to.be.rateLimited',
      'to.be.ok.and.have.status(200)',
      "to.have.status(200).and.have.header('Content-Type')",
      'to.be.success.and.not.be.error',
    ]
    const script = (extra: string) => `${extra}
      const out = []
      function record(f) { try { f(); out.push([true, '']) } catch (e) { out.push([false, String(e && e.message)]) } }
      ${checks.map((c) => `record(function () { pm.response.${c} }); record(function () { pm.response.not.${c.slice(3)} })`).join('\n')}
      ${checks.map((c) => `record(function () { svc.response.${c} })`).join('\n')}
      pm.environment.set('out', JSON.stringify(out))`
    const resident = script('')
    const fresh = script('// prototype')
    expect(needsFreshContext(resident)).toBe(false)
    let passes = 0
    for (const [code, reason] of [
      [200, 'OK'],
      [201, 'Created'],
      [204, 'No Content'],
      [301, 'Moved Permanently'],
      [404, 'Not Found'],
      [429, 'Too Many Requests'],
      [503, 'Service Unavailable'],
    ] as const) {
      const response = {
        code,
        statusText: reason,
        body: '{}',
        headers: [['Content-Type', 'application/json']] as [string, string][],
      }
      const a = await runScript(resident, { runner, response })
      const b = await runScript(fresh, { runner, response })
      expect(a.error).toBeNull()
      expect(a.variables.session.get('out')).toBe(b.variables.session.get('out'))
      passes += (JSON.parse(a.variables.session.get('out') ?? '[]') as [boolean][]).filter(([p]) => p).length
    }
    expect(passes).toBeGreaterThan(50)
  })

  it('a passing chain goes on with chai after the guest decided its first part', async () => {
    const result = await runScript(
      `pm.test('t', function () { pm.expect('abc').to.be.a('string').and.have.lengthOf(4) })`,
      { response: { body: '{}' } },
    )
    expect(result.tests).toEqual([
      { name: 't', passed: false, error: "expected 'abc' to have a length of 4 but got 3" },
    ])
  })
})
