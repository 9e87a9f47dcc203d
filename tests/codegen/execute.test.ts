/**
 * Issue 21: every snippet is executed with its language's real toolchain against the echo server,
 * and what the server received is compared with what the app's own send of the same request
 * delivered (method, path and query, each header the app sends, the body; multipart part by part).
 */
import { mkdirSync, readFileSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { generateCode } from '../../src/model/codegen/index.ts'
import { LANGUAGES, type LanguageId } from '../../src/model/codegen/options.ts'
import { toCodegenRequest } from '../../src/model/codegen/request.ts'
import { send } from '../../src/runtime/send.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'
import { makeMatrix, type Matrix } from './cases.ts'
import { differences, type Expected } from './compare.ts'
import { RUNNERS } from './runners.ts'

/** Libraries that escape a `\\` in a multipart field name (see compare.ts). */
const QUOTED_STRING_NAMES = new Set<LanguageId>(['python', 'ruby'])

/**
 * Mono's System.Uri (the C# toolchain here) decodes `%27` in a query back to `'`; .NET does not.
 * The only difference the matrix accepts, and only for C#.
 */
function monoUrl(expected: Expected): Expected {
  const [path, query] = expected.url.split(/\?(.*)/s)
  return { ...expected, url: query === undefined ? path! : `${path}?${query.replaceAll('%27', "'")}` }
}

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

/** The app's own send of every case to this server, and the snippets for it. */
async function prepare(language: LanguageId, echo: EchoServer) {
  const expected: Expected[] = []
  const snippets: string[] = []
  for (const item of matrix.cases) {
    const variables = matrix.variables(echo.url)
    const parents = item.parentAuth.map((source) => ({
      kind: source.kind as 'collection',
      name: source.name,
      auth: source.auth,
      scripts: { preRequest: '', postResponse: '' },
    }))
    const result = await send(
      { request: item.spec, variables, parents },
      { transport, resolveFile: (row) => Promise.resolve(readFileSync(row.fileRef!)) },
    )
    if (result.outcome !== 'done') throw new Error(`${item.label}: the app did not send (${result.outcome})`)
    const seen = echo.seen.at(-1)!
    const contentType =
      result.request.headers.find(([name]) => name.toLowerCase() === 'content-type')?.[1] ?? ''
    const request = await toCodegenRequest(item.spec, {
      variables,
      parentAuth: item.parentAuth,
      includeAuth: true,
    })
    if (item.binary) request.body = { kind: 'file', path: matrix.binaryPath }
    expected.push({
      method: seen.method,
      url: seen.url,
      headers: result.request.headers,
      contentType,
      bodyBase64: item.binary ? readFileSync(matrix.binaryPath).toString('base64') : seen.bodyBase64,
    })
    snippets.push(generateCode(language, request, item.options))
  }
  echo.seen.length = 0
  return { expected, snippets }
}

describe('every generated snippet sends what the app sends', () => {
  for (const language of LANGUAGES.filter((info) => info.id !== 'swift')) {
    it(`${language.label}: ${language.id} × every body type × hostile strings`, async () => {
      const echo = await startEchoServer()
      try {
        const { expected, snippets } = await prepare(language.id, echo)
        const dir = join(matrix.dir, language.id)
        mkdirSync(dir)
        await RUNNERS[language.id as Exclude<LanguageId, 'swift'>](dir, snippets)
        const seen = language.id === 'java' ? echo.seen.slice(1) : echo.seen
        if (language.id === 'java') expect(differences(expected[0]!, echo.seen[0]!)).toEqual([])
        const report = matrix.cases.map((item, i) => {
          const got = seen[i]
          const want = language.id === 'csharp' ? monoUrl(expected[i]!) : expected[i]!
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
    })
  }
})
