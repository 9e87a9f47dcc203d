/**
 * What each sandbox library costs a script: its first load in a runner (read from disk, compiled
 * and evaluated in QuickJS), a later script's load (evaluated again: compiled code is kept per
 * context), and a script that names no library (must cost what it did before libraries existed).
 * Each library is measured in a fresh runner (a library's text is read from disk once per process,
 * so modules shared with an earlier one are read already); CPU time beside wall time, since the
 * machine is shared. The empty script is measured before the library's first load and after it.
 * Usage: tsx bench/libraries.ts   (npm run bench:libraries)
 */
import { loadavg } from 'node:os'
import { VariableContext } from '../src/model/variables.ts'
import { createScriptRunner } from '../src/runtime/script/quickjs-module.node.ts'
import type { QuickJSScriptRunner } from '../src/runtime/script/quickjs-runner.ts'
import { LIBRARIES as CATALOGUE } from '../src/runtime/script/libraries/catalogue.ts'

const LIBRARIES = [...Object.keys(CATALOGUE).filter((name) => !name.startsWith('postman:')), 'atob', 'btoa']
const LIMITS = { timeMs: 30_000, inFlightTimeMs: 30_000 }

async function timed(runner: QuickJSScriptRunner, code: string): Promise<[number, number]> {
  const wall = performance.now()
  const cpu = process.cpuUsage()
  const result = await runner.run({
    phase: 'pre-request',
    scripts: [{ origin: 'Request', code }],
    request: {
      id: 'r',
      name: 'r',
      method: 'GET',
      url: 'http://127.0.0.1/',
      headers: [],
      body: { type: 'none' },
    },
    response: null,
    variables: new VariableContext(),
    sendRequest: () => Promise.reject(new Error('no network in this bench')),
  })
  if (result.error) throw new Error(`${code}: ${result.error.message}`)
  const used = process.cpuUsage(cpu)
  return [performance.now() - wall, (used.user + used.system) / 1000]
}

const ms = ([wall, cpu]: [number, number]) => `${wall.toFixed(1)} ms (cpu ${cpu.toFixed(1)})`

console.log(
  `load average at start: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)
const median = (runs: [number, number][]) => runs.sort((a, b) => a[0] - b[0])[runs.length >> 1]!
async function emptyRuns(runner: QuickJSScriptRunner): Promise<[number, number]> {
  const runs: [number, number][] = []
  for (let i = 0; i < 21; i++) runs.push(await timed(runner, `pm.environment.set('a', ${i})`))
  return median(runs)
}

console.log(
  `${'library'.padEnd(20)} ${'first load'.padEnd(27)} ${'later script'.padEnd(27)} ${'no library, before'.padEnd(27)} no library, after`,
)
for (const name of LIBRARIES) {
  const runner = await createScriptRunner({ limits: LIMITS })
  for (let i = 0; i < 20; i++) await timed(runner, `pm.environment.set('w', ${i})`)
  const before = await emptyRuns(runner)
  const first = await timed(runner, `require('${name}')`)
  const later: [number, number][] = []
  for (let i = 0; i < 5; i++) later.push(await timed(runner, `require('${name}')`))
  const after = await emptyRuns(runner)
  console.log(
    `${name.padEnd(20)} ${ms(first).padEnd(27)} ${ms(median(later)).padEnd(27)} ${ms(before).padEnd(27)} ${ms(after)}`,
  )
  runner.dispose()
}
console.log(
  `load average at end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)
