/**
 * Real public Postman collections (collections/, origins in SOURCES.md) behave as under newman:
 * each runs unchanged through newman and `sendbox run`, every host through a recording proxy in
 * front of an echo server, and the two are compared in execution order (parity-diff.ts). A
 * difference fails unless allow-list.json names it with a reason; an entry nothing needs fails too.
 *
 * CI runs the collections in ci-subset.json; `npm run parity:real` (PARITY_REAL=all) runs them all.
 * The summary line and every difference go to .reports/parity-real.json.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../../fixtures/echo-server.ts'
import { makeTestCerts } from '../../helpers/certs.ts'
import { sameBoundary } from '../bruno-sides.ts'
import { applyAllowList, diffRuns, type AllowEntry } from '../parity-diff.ts'
import { verdict } from './classify.ts'
import { loadRealCase, runNewmanReal, runSendboxReal } from './real-sides.ts'
import { startRecordingProxy, type RecordingProxy } from './recording-proxy.ts'

const HERE = import.meta.dirname
const DIR = join(HERE, 'collections')
const ALL = readdirSync(DIR)
  .filter((f) => f.endsWith('.postman_collection.json'))
  .sort()
const SUBSET = JSON.parse(readFileSync(join(HERE, 'ci-subset.json'), 'utf8')) as string[]
const EVERY = process.env.PARITY_REAL === 'all'
const FILES = EVERY ? ALL : ALL.filter((f) => SUBSET.includes(f))
/**
 * `flaky`: a difference that depends on timing; its entry is not reported when a run does not need it.
 * `noise`: a value that differs from run to run on either side (a random or time-dependent value, a
 * response-time test): newman against newman differs the same way, so it is no difference in behaviour.
 * Such a value can come out the same on both sides by chance (two timestamps in the same second), so a
 * noise entry, like a flaky one, is not reported when a run does not need it.
 */
type Entry = AllowEntry & { flaky?: boolean; noise?: boolean }
const ALLOW = JSON.parse(readFileSync(join(HERE, 'allow-list.json'), 'utf8')) as { entries: Entry[] }
const used = new Set<AllowEntry>()
const results: { file: string; behaves: boolean; strict: boolean; diffs: string[] }[] = []

let echoes: EchoServer[] = []
let forNewman: RecordingProxy
let forSendbox: RecordingProxy
beforeAll(async () => {
  const certs = makeTestCerts()
  const certificate = { key: certs.serverKey, cert: certs.serverCert }
  echoes = await Promise.all([startEchoServer(), startEchoServer()])
  const proxies = await Promise.all(echoes.map((echo) => startRecordingProxy(echo, certificate)))
  forNewman = proxies[0]!
  forSendbox = proxies[1]!
})
afterAll(async () => {
  await Promise.all([forNewman?.close(), forSendbox?.close(), ...echoes.map((e) => e.close())])
  const behave = results.filter((r) => r.behaves).length
  const strict = results.filter((r) => r.strict).length
  const summary = `${behave}/${results.length} behave as newman, ${strict} strict`
  console.log(`real collections: ${summary}`)
  mkdirSync(resolve(HERE, '../../../.reports'), { recursive: true })
  writeFileSync(
    resolve(HERE, '../../../.reports/parity-real.json'),
    JSON.stringify({ summary, results }, null, 2),
  )
})

describe('real Postman collections behave as under newman', () => {
  it('has a corpus of at least 60 collections, and a CI subset drawn from it', () => {
    expect(ALL.length).toBeGreaterThanOrEqual(60)
    expect(SUBSET.filter((f) => !ALL.includes(f))).toEqual([])
  })

  for (const file of FILES) {
    it(file, { timeout: 120_000 }, async () => {
      const realCase = loadRealCase(join(DIR, file))
      const [newman, sendbox] = await Promise.all([
        runNewmanReal(realCase, forNewman),
        // A file `sendbox run` refuses is one difference, named by its message.
        runSendboxReal(loadRealCase(join(DIR, file)), forSendbox).catch((error: Error) => error),
      ])
      const diffs =
        sendbox instanceof Error
          ? [`sendbox run refused the collection: ${sendbox.message.split('\n')[0]}`]
          : diffRuns(sameBoundary(newman), sameBoundary(sendbox), { align: true })
      const noise = ALLOW.entries.filter(
        (e) => e.noise && (e.collections === '*' || e.collections.includes(file)),
      )
      const judged = diffs.filter((line) => !noise.some((e) => new RegExp(e.match).test(line)))
      results.push({ file, ...verdict(judged), diffs })
      const failures = applyAllowList(file, diffs, ALLOW.entries, used)
      if (failures.length > 0)
        throw new Error(`${failures.length} differences not in allow-list.json:\n${failures.join('\n')}`)
    })
  }

  it('allow-list.json names only differences that still occur, each with a reason', () => {
    for (const entry of ALLOW.entries) expect(entry.reason.trim(), entry.match).not.toBe('')
    // An entry for a collection outside the subset cannot be judged on a subset run.
    const judged = ALLOW.entries.filter(
      (e) =>
        !e.flaky &&
        !e.noise &&
        (EVERY || e.collections === '*' || e.collections.some((c) => FILES.includes(c))),
    )
    const stale = judged.filter((e) => !used.has(e)).map((e) => e.match)
    if (stale.length > 0)
      throw new Error(`entries no collection needs any more, remove them:\n${stale.join('\n')}`)
  })
})
