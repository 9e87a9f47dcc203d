/**
 * A run whose requests have scripts makes its script engine ready before its time starts (as
 * newman creates its sandbox before its start event); a run without scripts never loads it.
 */
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { loadCollection } from '../../src/cli/load.ts'
import { createCliDeps } from '../../src/cli/wiring.ts'
import { runCollection } from '../../src/runtime/run-collection.ts'
import { postmanCollection, script } from '../helpers/postman.ts'

async function runRecording(events: unknown[]) {
  const dir = mkdtempSync(join(tmpdir(), 'sendbox-prepare-'))
  const file = join(dir, 'c.json')
  // Port 9 on the loopback refuses at once: the pre-request script runs, the send fails fast.
  writeFileSync(
    file,
    JSON.stringify(
      postmanCollection('c', [
        { name: 'a', request: { method: 'GET', url: 'http://127.0.0.1:9/a' }, event: events },
        { name: 'b', request: { method: 'GET', url: 'http://127.0.0.1:9/b' } },
      ]),
    ),
  )
  const collection = await loadCollection(file)
  const deps = await createCliDeps({
    timeoutMs: 0,
    tls: { verify: true, caPem: [], clientCertificates: [] },
    baseDir: dir,
  })
  const calls: string[] = []
  const scripts = deps.scripts!
  const { run, prepare } = scripts
  scripts.run = (input) => (calls.push('run'), run(input))
  scripts.prepare = async () => {
    calls.push('prepare')
    await prepare!()
    calls.push('ready')
  }
  // How many engine calls had happened when the first request began.
  let clockStarted = 0
  const result = await runCollection(collection, {
    deps,
    onRequestStart: (_plan, index) => {
      if (index === 0) clockStarted = calls.length
    },
  })
  deps.dispose()
  return { calls, clockStarted, result }
}

describe('sendbox run and its script engine', () => {
  it('a run with scripts prepares the engine once, before its first request', async () => {
    const { calls, clockStarted, result } = await runRecording([
      script('prerequest', "pm.variables.set('x', '1')"),
    ])
    expect(calls).toEqual(['prepare', 'ready', 'run'])
    expect(clockStarted).toBe(2)
    expect(result.results.map((r) => r.result.outcome)).toEqual(['failed', 'failed'])
  })

  it('a run without scripts never loads it', async () => {
    const { calls } = await runRecording([])
    expect(calls).toEqual([])
  })
})
