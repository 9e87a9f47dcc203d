/**
 * The differential suite against `bru run`: every collection folder in tests/fixtures/bruno-parity
 * runs through `bru run` and `sendbox run`, each against its own echo server, and the two are
 * compared request by request (what arrived on the wire, order, test names and results). A
 * difference fails unless allow-list.json names it with a reason; an unused entry fails too.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { runBruSide, runSendboxOn, sameBoundary } from './bruno-sides.ts'
import { applyAllowList, diffRuns, type AllowEntry } from './parity-diff.ts'
import type { SideRun } from './parity-sides.ts'

const DIR = resolve(import.meta.dirname, '../fixtures/bruno-parity')
const FOLDERS = readdirSync(DIR)
  .filter((name) => statSync(join(DIR, name)).isDirectory())
  .sort()
const ALLOW = JSON.parse(readFileSync(join(DIR, 'allow-list.json'), 'utf8')) as { entries: AllowEntry[] }
const used = new Set<AllowEntry>()

/**
 * Each item's tests by name: bru run's report does not keep the order tests ran in (a failed
 * `test()` is listed before passing ones declared above it), so names and results are compared.
 */
function byTestName(run: SideRun): SideRun {
  const items = run.items.map((item) => ({
    ...item,
    tests: [...item.tests].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0)),
  }))
  return { ...run, items }
}

let forBru: EchoServer
let forSendbox: EchoServer
beforeAll(async () => {
  ;[forBru, forSendbox] = await Promise.all([startEchoServer(), startEchoServer()])
})
afterAll(async () => {
  await Promise.all([forBru.close(), forSendbox.close()])
})

describe('Bruno collections behave as under bru run', () => {
  it('has a corpus of at least 10 collections', () => {
    expect(FOLDERS.length).toBeGreaterThanOrEqual(10)
  })

  for (const name of FOLDERS) {
    it(name, { timeout: 60_000 }, async () => {
      const folder = join(DIR, name)
      const [bru, sendbox] = await Promise.all([
        runBruSide(folder, forBru),
        runSendboxOn(folder, '.', forSendbox),
      ])
      expect(bru.items.length, 'bru run ran nothing').toBeGreaterThan(0)
      const failures = applyAllowList(
        name,
        diffRuns(byTestName(sameBoundary(bru)), byTestName(sameBoundary(sendbox))),
        ALLOW.entries,
        used,
      )
      if (failures.length > 0)
        throw new Error(`${failures.length} differences not in allow-list.json:\n${failures.join('\n')}`)
    })
  }

  it('allow-list.json names only differences that still occur, each with a reason', () => {
    for (const entry of ALLOW.entries) expect(entry.reason.trim(), entry.match).not.toBe('')
    const stale = ALLOW.entries.filter((e) => !used.has(e)).map((e) => e.match)
    if (stale.length > 0)
      throw new Error(`entries no collection needs any more, remove them:\n${stale.join('\n')}`)
  })
})
