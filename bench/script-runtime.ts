/**
 * Costs of the script runtime, measured in-process: cold start, one pre-request script, one
 * post-response script with 5 tests, one assertion, memory per context, and memory over 10,000
 * script runs (it must stay flat: every handle disposed). CPU time is printed beside wall time:
 * on a busy machine it is the steadier number.
 * Usage: node --expose-gc --import tsx bench/script-runtime.ts [runs]   (npm run bench:script)
 */
import { VariableContext } from '../src/model/variables.ts'
import type { ScriptRunInput } from '../src/runtime/script/types.ts'
import { createScriptRunner } from '../src/runtime/script/quickjs-module.node.ts'

const runs = Number(process.argv[2] ?? 2000)
const PRE = `pm.environment.set('requestedAt', Date.now()); pm.variables.set('n', 1)`
const POST = `
pm.test('status is 200', () => pm.response.to.have.status(200))
pm.test('is json', () => pm.expect(pm.response.headers.get('Content-Type')).to.include('application/json'))
pm.test('has id', () => pm.expect(pm.response.json().id).to.equal(7))
pm.test('fast', () => pm.expect(pm.response.responseTime).to.be.below(1000))
pm.test('name', () => pm.expect(pm.response.json().name).to.be.a('string'))
`
const body = new TextEncoder().encode(JSON.stringify({ id: 7, name: 'Ada' }))

function input(phase: ScriptRunInput['phase'], code: string, variables: VariableContext): ScriptRunInput {
  return {
    phase,
    scripts: [{ origin: 'Request', code }],
    request: {
      id: 'r1',
      name: 'Get user',
      method: 'GET',
      url: 'http://127.0.0.1/users/7',
      headers: [],
      body: { type: 'none' },
    },
    response:
      phase === 'pre-request'
        ? null
        : {
            code: 200,
            statusText: 'OK',
            headers: [['Content-Type', 'application/json']],
            body,
            responseTime: 3,
            responseSize: body.length,
          },
    variables,
    sendRequest: () => Promise.reject(new Error('offline')),
  }
}

const t0 = performance.now()
const runner = await createScriptRunner()
const variables = new VariableContext()
const first = await runner.run(input('post-response', POST, variables))
const cold = performance.now() - t0
if (first.error || first.tests.some((t) => !t.passed)) throw new Error(JSON.stringify(first))

async function time(label: string, phase: ScriptRunInput['phase'], code: string, n: number): Promise<number> {
  for (let i = 0; i < 50; i++) await runner.run(input(phase, code, variables))
  const start = performance.now()
  const cpu0 = process.cpuUsage()
  for (let i = 0; i < n; i++) await runner.run(input(phase, code, variables))
  const cpu = process.cpuUsage(cpu0)
  const ms = (performance.now() - start) / n
  const cpuMs = (cpu.user + cpu.system) / 1000 / n
  console.log(
    `${label.padEnd(34)} ${ms.toFixed(3)} ms wall, ${cpuMs.toFixed(3)} ms cpu  (${Math.round(1000 / ms)}/s)`,
  )
  return cpuMs
}

console.log(`cold start (module, runtime, first run) ${cold.toFixed(1)} ms`)
const empty = await time('empty script', 'pre-request', '', runs)
const pre = await time('pre-request script', 'pre-request', PRE, runs)
const post = await time('post-response script, 5 tests', 'post-response', POST, runs)
const one = await time('one assertion', 'post-response', `pm.expect(1).to.equal(1)`, runs)
console.log(`per assertion (one minus empty)      ${(one - empty).toFixed(3)} ms cpu`)
console.log(`per request (pre + post)             ${(pre + post).toFixed(3)} ms cpu`)

const heap = () => (globalThis.gc?.(), process.memoryUsage())
const before = heap()
for (let i = 0; i < 10_000; i++)
  await runner.run(input(i % 2 ? 'post-response' : 'pre-request', i % 2 ? POST : PRE, variables))
const after = heap()
const mb = (n: number) => (n / 1024 / 1024).toFixed(1)
console.log(
  `10,000 runs: rss ${mb(before.rss)} -> ${mb(after.rss)} MB, heap ${mb(before.heapUsed)} -> ${mb(after.heapUsed)} MB`,
)
runner.dispose()
