/**
 * The differential suite against newman: every collection in tests/fixtures/postman-parity runs
 * through newman and through `sendbox run`, each against its own echo server, and the two are
 * compared request by request: what arrived on the wire (method, URL, headers, body, order),
 * test names, results and messages, script errors and the variables at the end. A difference
 * fails unless allow-list.json names it with a reason; an entry nothing needs any more fails too,
 * so the list only shrinks as Sendbox gets closer.
 */
import { readdirSync, readFileSync } from 'node:fs'
import { join, resolve } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { applyAllowList, diffRuns, type AllowEntry } from './parity-diff.ts'
import { loadCase, runNewmanSide, runSendboxSide } from './parity-sides.ts'
import { sameBoundary } from './bruno-sides.ts'

const DIR = resolve(import.meta.dirname, '../fixtures/postman-parity')
const FILES = readdirSync(DIR)
  .filter((f) => f.endsWith('.postman_collection.json'))
  .sort()
const ALLOW = JSON.parse(readFileSync(join(DIR, 'allow-list.json'), 'utf8')) as { entries: AllowEntry[] }
const used = new Set<AllowEntry>()

let forNewman: EchoServer
let forSendbox: EchoServer
beforeAll(async () => {
  ;[forNewman, forSendbox] = await Promise.all([startEchoServer(), startEchoServer()])
})
afterAll(async () => {
  await Promise.all([forNewman.close(), forSendbox.close()])
})

describe('Postman collections behave as under newman', () => {
  it('has a corpus of at least 30 collections', () => {
    expect(FILES.length).toBeGreaterThanOrEqual(30)
  })

  for (const file of FILES) {
    it(file, { timeout: 60_000 }, async () => {
      const parityCase = loadCase(join(DIR, file))
      const [newman, sendbox] = await Promise.all([
        runNewmanSide(parityCase, forNewman),
        runSendboxSide(parityCase, forSendbox),
      ])
      const failures = applyAllowList(
        file,
        diffRuns(sameBoundary(newman), sameBoundary(sendbox)),
        ALLOW.entries,
        used,
      )
      if (failures.length > 0)
        throw new Error(`${failures.length} differences not in allow-list.json:\n${failures.join('\n')}`)
    })
  }

  it('allow-list.json names only differences that still occur, each with a reason', () => {
    for (const entry of ALLOW.entries) expect(entry.reason.trim(), entry.match).not.toBe('')
    // Meaningful after every collection ran: vitest runs a file's tests in order.
    const stale = ALLOW.entries.filter((e) => !used.has(e)).map((e) => e.match)
    if (stale.length > 0)
      throw new Error(`entries no collection needs any more, remove them:\n${stale.join('\n')}`)
  })
})
