/**
 * Issue 21: every snippet is executed with its language's real toolchain against the echo server,
 * and what the server received is compared with what the app's own send of the same request
 * delivered (method, path and query, each header the app sends, the body; multipart part by part).
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCode } from '../../src/model/codegen/index.ts'
import { LANGUAGES, type LanguageId } from '../../src/model/codegen/options.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startEchoServer } from '../fixtures/echo-server.ts'
import { makeMatrix, type Matrix } from './cases.ts'
import { differences, normalisedBy } from './compare.ts'
import { prepareCases } from './prepare.ts'
import { RUNNERS } from './runners.ts'

/** Libraries that escape a `\\` in a multipart field name (see compare.ts). */
const QUOTED_STRING_NAMES = new Set<LanguageId>(['python', 'ruby'])

let matrix: Matrix
let transport: NodeTransport
beforeAll(() => {
  matrix = makeMatrix()
  transport = createNodeTransport()
})
afterAll(async () => {
  await transport.close()
  rmSync(matrix.dir, { recursive: true, force: true })
})

describe('every generated snippet sends what the app sends', () => {
  for (const language of LANGUAGES.filter((info) => info.id !== 'swift')) {
    it(`${language.label}: ${language.id} × every body type × hostile strings`, async () => {
      const echo = await startEchoServer()
      try {
        const prepared = await prepareCases(matrix, echo, transport)
        const expected = prepared.map((one) => one.expected)
        const snippets = prepared.map((one) => generateCode(language.id, one.request, one.item.options))
        const dir = join(matrix.dir, language.id)
        mkdirSync(dir)
        await RUNNERS[language.id as Exclude<LanguageId, 'swift'>](dir, snippets)
        const seen = language.id === 'java' ? echo.seen.slice(1) : echo.seen
        if (language.id === 'java') expect(differences(expected[0]!, echo.seen[0]!)).toEqual([])
        const report = matrix.cases.map((item, i) => {
          const got = seen[i]
          const want = normalisedBy(language.id, expected[i]!)
          const problems = got
            ? differences(want, got, QUOTED_STRING_NAMES.has(language.id))
            : ['not received']
          return problems.length === 0 ? null : `${item.label}:\n  ${problems.join('\n  ')}\n${snippets[i]}`
        })
        expect(report.filter((line) => line !== null)).toEqual([])
        expect(seen.length).toBe(matrix.cases.length)
      } finally {
        await echo.close()
      }
      // A cold compiler cache (Go, javac, tsc) on a busy 2-core machine; the matrix's budget is 5 min.
    }, 180_000)
  }
})
