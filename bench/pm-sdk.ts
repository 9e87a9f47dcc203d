/**
 * What `pm.request` as Postman's SDK objects costs a script (guest/pm-sdk.ts), in-process: a
 * pre-request script that does not name it, one that reads and changes it, and the same work done
 * with the postman-collection library itself loaded in the guest (the peer: what running the SDK's
 * own classes would cost). First run and later runs, wall time with CPU in brackets.
 * Usage: tsx bench/pm-sdk.ts [runs]
 */
import { VariableContext } from '../src/model/variables.ts'
import type { ScriptRunInput } from '../src/runtime/script/types.ts'
import { createScriptRunner } from '../src/runtime/script/quickjs-module.node.ts'

const runs = Number(process.argv[2] ?? 500)
const PLAIN = `pm.environment.set('requestedAt', Date.now()); pm.variables.set('n', 1)`
const SDK = `pm.environment.set('requestedAt', Date.now())
pm.request.headers.upsert({ key: 'X-Trace', value: 't2' })
pm.request.url.query.add({ key: 'page', value: '2' })
pm.environment.set('q', pm.request.url.getQueryString())`
const LIBRARY = `pm.environment.set('requestedAt', Date.now())
const sdk = require('postman-collection')
const url = new sdk.Url(String(svc.request.url))
url.query.add({ key: 'page', value: '2' })
const headers = new sdk.HeaderList(null, [{ key: 'X-Trace', value: 't1' }])
headers.upsert({ key: 'X-Trace', value: 't2' })
pm.environment.set('q', url.getQueryString())`

function input(code: string, variables: VariableContext): ScriptRunInput {
  return {
    phase: 'pre-request',
    scripts: [{ origin: 'Request', code }],
    request: {
      id: 'r1',
      name: 'Get user',
      method: 'GET',
      url: 'http://127.0.0.1/users/7?a=1',
      headers: [],
      declaredHeaders: [{ key: 'X-Trace', value: 't1' }],
      body: { type: 'none' },
    },
    response: null,
    variables,
    sendRequest: () => Promise.reject(new Error('offline')),
  }
}

const runner = await createScriptRunner()
const variables = new VariableContext()
await runner.run(input(`pm.test('warm', () => pm.expect(1).to.equal(1))`, variables))

async function measure(label: string, code: string) {
  const cpu0 = process.cpuUsage()
  const t0 = performance.now()
  const first = await runner.run(input(code, variables))
  const firstMs = performance.now() - t0
  const firstCpu = process.cpuUsage(cpu0)
  if (first.error) throw new Error(`${label}: ${first.error.message}`)
  for (let i = 0; i < 20; i++) await runner.run(input(code, variables))
  const cpu1 = process.cpuUsage()
  const t1 = performance.now()
  for (let i = 0; i < runs; i++) await runner.run(input(code, variables))
  const each = (performance.now() - t1) / runs
  const cpu = process.cpuUsage(cpu1)
  const eachCpu = (cpu.user + cpu.system) / 1000 / runs
  const row = { label, firstMs, firstCpu: (firstCpu.user + firstCpu.system) / 1000, each, eachCpu }
  console.log(
    `${label.padEnd(34)} first ${row.firstMs.toFixed(1)} ms (${row.firstCpu.toFixed(1)} ms CPU)   later ${each.toFixed(3)} ms (${eachCpu.toFixed(3)} ms CPU)`,
  )
  return row
}

const plain = await measure('pre-request, pm.request not named', PLAIN)
const sdk = await measure('pre-request, pm.request SDK', SDK)
const library = await measure('peer: postman-collection in guest', LIBRARY)
const again = await measure('pre-request, not named (again)', PLAIN)
console.log(
  `SDK script / plain script: ${(sdk.eachCpu / plain.eachCpu).toFixed(2)}x CPU; peer / SDK: ${(library.eachCpu / sdk.eachCpu).toFixed(1)}x CPU per script, ${(library.firstCpu / sdk.firstCpu).toFixed(1)}x on first load; plain before/after: ${plain.eachCpu.toFixed(3)} / ${again.eachCpu.toFixed(3)} ms CPU`,
)
runner.dispose()
