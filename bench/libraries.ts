/**
 * What each sandbox library costs a script: its first load in a runner (read from disk, compiled
 * and evaluated in QuickJS), a later script's load (evaluated again: compiled code is kept per
 * context), and a script that names no library (must cost what it did before libraries existed).
 * Each library is measured in a fresh runner; CPU time beside wall time, since the machine is shared.
 * Usage: tsx bench/libraries.ts   (npm run bench:libraries)
 */
import { loadavg } from 'node:os'
import { VariableContext } from '../src/model/variables.ts'
import { createScriptRunner } from '../src/runtime/script/quickjs-module.node.ts'
import type { QuickJSScriptRunner } from '../src/runtime/script/quickjs-runner.ts'

const LIBRARIES = ['lodash', 'moment', 'crypto-js', 'tv4', 'atob', 'btoa']
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
console.log('library      first load                  later script                empty script after')
for (const name of LIBRARIES) {
  const runner = await createScriptRunner({ limits: LIMITS })
  for (let i = 0; i < 20; i++) await timed(runner, `pm.environment.set('w', ${i})`)
  const first = await timed(runner, `require('${name}')`)
  const later: [number, number][] = []
  for (let i = 0; i < 5; i++) later.push(await timed(runner, `require('${name}')`))
  later.sort((a, b) => a[0] - b[0])
  const empty: [number, number][] = []
  for (let i = 0; i < 20; i++) empty.push(await timed(runner, `pm.environment.set('a', ${i})`))
  empty.sort((a, b) => a[0] - b[0])
  console.log(`${name.padEnd(12)} ${ms(first).padEnd(27)} ${ms(later[2]!).padEnd(27)} ${ms(empty[10]!)}`)
  runner.dispose()
}
console.log(
  `load average at end: ${loadavg()
    .map((n) => n.toFixed(1))
    .join(' ')}`,
)
