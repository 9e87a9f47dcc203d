/**
 * The Bruno exporter against `bru run`: a Sendbox collection exported as a Bruno folder and run by
 * `bru run` sends what `sendbox run` of the original sends (method, URL, headers, body, order) and
 * gets the same test results; `sendbox run` of the exported folder does too.
 */
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { exportBruno } from '../../src/model/export/bruno.ts'
import { serializeSendboxCollection, serializeSendboxEnvironment } from '../../src/model/import/sendbox.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { richCollection, richEnvironment } from '../fixtures/import/rich-collection.ts'
import { runBruSide, runSendboxOn, sameBoundary, writeTree } from './bruno-sides.ts'
import { applyAllowList, diffRuns, type AllowEntry } from './parity-diff.ts'

/** Where `bru run` itself differs from what Bruno documents (compared lines say `newman` for it). */
const ALLOW: AllowEntry[] = [
  {
    collections: '*',
    match:
      '^request 7 \\(PATCH /anything/text\\) url: newman "/anything/text", sendbox "/anything/text\\?api_key=k-1"$',
    reason:
      'bru run 4.1.0 adds a query API key with new URL() on the URL before its variables are replaced, so a URL starting with {{baseUrl}} gets no key ("Invalid URL" on its stderr).',
  },
]

/** Headers each runner adds on its own. */
const OWN_HEADERS = /^(user-agent|accept|accept-encoding|cache-control|connection|request-start-time): /

let echoes: EchoServer[] = []
beforeAll(async () => {
  echoes = await Promise.all([startEchoServer(), startEchoServer(), startEchoServer()])
})
afterAll(async () => {
  await Promise.all(echoes.map((echo) => echo.close()))
})

function withoutOwnHeaders<T extends { wire: { headers: string[] }[] }>(run: T): T {
  return {
    ...run,
    wire: run.wire.map((r) => ({ ...r, headers: r.headers.filter((h) => !OWN_HEADERS.test(h)) })),
  }
}

describe('a collection exported for Bruno', () => {
  it('runs under bru run as the original runs under sendbox run', { timeout: 120_000 }, async () => {
    const collection = richCollection('bru')
    const folder = writeTree(
      exportBruno(collection, { includeSecrets: true, environments: [richEnvironment()] }),
    )
    writeFileSync(join(folder, '..', 'original.json'), serializeSendboxCollection(collection))
    writeFileSync(join(folder, '..', 'env.json'), serializeSendboxEnvironment(richEnvironment()))
    const password = ['--env-var', 'password=pw']
    const [bru, original, exported] = await Promise.all([
      runBruSide(folder, echoes[0]!, { password: 'pw' }, 'Local'),
      runSendboxOn(join(folder, '..'), 'original.json', echoes[1]!, ['-e', 'env.json', ...password]),
      runSendboxOn(folder, '.', echoes[2]!, ['-e', 'Local', ...password]),
    ])
    expect(original.wire.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /anything/form',
      'POST /anything/multipart',
      'PUT /anything/xml',
      'DELETE /anything/items/7',
      'GET /anything/get?q=1&page=2',
      'POST /anything/json',
      'PATCH /anything/text?api_key=k-1',
      'POST /anything/graphql',
    ])
    expect(original.items.flatMap((i) => i.tests.map((t) => `${t.name} ${t.passed}`))).toEqual([
      'deleted true',
      'status 200 true',
      'second line true',
    ])
    const a = withoutOwnHeaders(sameBoundary(bru))
    const used = new Set<AllowEntry>()
    expect(
      applyAllowList('export', diffRuns(a, withoutOwnHeaders(sameBoundary(original))), ALLOW, used),
    ).toEqual([])
    expect(
      applyAllowList('export', diffRuns(a, withoutOwnHeaders(sameBoundary(exported))), ALLOW, used),
    ).toEqual([])
    expect(used.size).toBe(ALLOW.length)
  })
})
