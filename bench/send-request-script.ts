/**
 * The pm.sendRequest shape's pre-request script (bench/runner-shapes.ts), in-process: CPU per
 * script run against the echo server, beside the same script with an empty callback and with no
 * sendRequest, and a bare transport send of the same URL (what the request itself costs).
 * Each variant runs ROUNDS times in turn (default 15) of RUNS scripts; medians of the rounds
 * (the first two left out). Compare two builds by running this in both, one after the other.
 * Usage: node --liftoff-only --interrupt-budget=540672 --import tsx bench/send-request-script.ts [runs]
 * (the flags bin/sendbox.js sets); ONLY=full,emptycb picks variants.
 */
import { VariableContext } from '../src/model/variables.ts'
import type { ScriptRunInput } from '../src/runtime/script/types.ts'
import { createScriptRunner } from '../src/runtime/script/quickjs-module.node.ts'
import { createNodeTransport } from '../src/runtime/transport/node.ts'
import { startEchoProcess } from './echo-process.ts'

const runs = Number(process.argv[2] ?? 100)
const rounds = Number(process.env.ROUNDS ?? 15)
const { url, close } = await startEchoProcess()
const transport = createNodeTransport()
const runner = await createScriptRunner()
const variables = new VariableContext()

function input(code: string): ScriptRunInput {
  return {
    phase: 'pre-request',
    scripts: [{ origin: 'Request', code }],
    request: { id: 'r1', name: 'r', method: 'GET', url: `${url}/get`, headers: [], body: { type: 'none' } },
    response: null,
    variables,
    sendRequest: (wire, signal) => transport.send(wire, { signal }),
  }
}

const script = (body: (i: number) => string) => async (i: number) => {
  const result = await runner.run(input(body(i)))
  if (result.error) throw new Error(JSON.stringify(result.error))
}
const variants: Record<string, (i: number) => Promise<void>> = {
  full: script(
    (i) => `pm.sendRequest('${url}/get?token=t${i}', function (err, res) {
  if (err) throw err
  pm.environment.set('n', res.json().args.token)
})`,
  ),
  emptycb: script(
    (i) => `pm.sendRequest('${url}/get?token=t${i}', function (err, res) {
})
pm.environment.set('n', 't${i}')`,
  ),
  nosend: script((i) => `pm.environment.set('n', 't${i}')`),
  transport: async (i) => {
    await transport.send({ method: 'GET', url: `${url}/get?token=t${i}`, headers: [], body: null }, {})
  },
}

const only = (process.env.ONLY ?? Object.keys(variants).join(',')).split(',')
const results: Record<string, number[]> = {}
for (let round = 0; round < rounds; round++) {
  for (const [name, run] of Object.entries(variants)) {
    if (!only.includes(name)) continue
    const cpu0 = process.cpuUsage()
    for (let i = 0; i < runs; i++) await run(round * runs + i)
    const cpu = process.cpuUsage(cpu0)
    ;(results[name] ??= []).push((cpu.user + cpu.system) / runs)
  }
}
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN
for (const [name, values] of Object.entries(results))
  console.log(
    `${name.padEnd(10)} ${median(values.slice(2)).toFixed(1)} us CPU per run (median of ${values.length - 2} rounds)`,
  )
await transport.close()
await close()
process.exit(0)
