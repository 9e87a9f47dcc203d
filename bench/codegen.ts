/**
 * `npm run bench:codegen`: how many snippets of the executed matrix (tests/codegen) send exactly
 * what the app sends, for Sendbox's hand-written generators and for postman-code-generators 2.1.1
 * given the same resolved request, in the languages both cover with a toolchain here. Each peer
 * snippet runs on its own, so one that fails to build costs only its own case. Also prints how
 * long the whole executed matrix takes per language (the CI budget is 5 minutes for all).
 */
import { mkdirSync, rmSync } from 'node:fs'
import { join } from 'node:path'
import { createRequire } from 'node:module'
import { generateCode } from '../src/model/codegen/index.ts'
import type { LanguageId } from '../src/model/codegen/options.ts'
import type { CodegenRequest } from '../src/model/codegen/request.ts'
import { createNodeTransport } from '../src/runtime/transport/node.ts'
import { startEchoServer } from '../tests/fixtures/echo-server.ts'
import { makeMatrix } from '../tests/codegen/cases.ts'
import { differences, normalisedBy } from '../tests/codegen/compare.ts'
import { prepareCases } from '../tests/codegen/prepare.ts'
import { RUNNERS } from '../tests/codegen/runners.ts'

const require = createRequire(import.meta.url)
// No types are published for either package.
const codegen = require('postman-code-generators') as {
  convert(
    lang: string,
    variant: string,
    request: unknown,
    options: object,
    done: (e: Error | null, s: string) => void,
  ): void
}
const sdk = require('postman-collection') as { Request: new (definition: object) => unknown }

const PEERS: [LanguageId, string, string][] = [
  ['curl', 'curl', 'cURL'],
  ['python', 'python', 'Requests'],
  ['go', 'go', 'Native'],
  ['php', 'php', 'cURL'],
  ['ruby', 'ruby', 'Net::HTTP'],
]

function postmanRequest(request: CodegenRequest): unknown {
  const body = request.body
  const definition: Record<string, unknown> = {
    url: request.url,
    method: request.method,
    header: request.headers.map(([key, value]) => ({ key, value })),
  }
  if (body.kind === 'text') definition.body = { mode: 'raw', raw: body.text }
  else if (body.kind === 'file') definition.body = { mode: 'file', file: { src: body.path } }
  else if (body.kind === 'form')
    definition.body = {
      mode: 'formdata',
      formdata: body.parts.map((part) =>
        'value' in part
          ? { key: part.name, value: part.value, type: 'text' }
          : { key: part.name, src: part.path, type: 'file', contentType: part.contentType },
      ),
    }
  return new sdk.Request(definition)
}

function postmanCode(language: string, variant: string, request: CodegenRequest): Promise<string> {
  return new Promise((resolve, reject) =>
    codegen.convert(language, variant, postmanRequest(request), {}, (error, snippet) =>
      error ? reject(error) : resolve(snippet),
    ),
  )
}

const matrix = makeMatrix()
const transport = createNodeTransport()
try {
  console.log(`${matrix.cases.length} cases per language (every body type, hostile text everywhere)\n`)
  for (const [language, peerLanguage, variant] of PEERS) {
    const echo = await startEchoServer()
    const prepared = await prepareCases(matrix, echo, transport)
    const count = async (name: string, snippets: string[]) => {
      let correct = 0
      for (const [i, snippet] of snippets.entries()) {
        const dir = join(matrix.dir, `${language}-${name}-${i}`)
        mkdirSync(dir)
        echo.seen.length = 0
        try {
          await RUNNERS[language as Exclude<LanguageId, 'swift'>](dir, [snippet])
        } catch (error) {
          if (process.env.CODEGEN_WHY)
            console.log(`  ${name} ${prepared[i]!.item.label}: ${String(error).slice(0, 300)}`)
          continue
        }
        const got = echo.seen.at(-1)
        const quoted = language === 'python' || language === 'ruby'
        const problems = got
          ? differences(normalisedBy(language, prepared[i]!.expected), got, quoted)
          : ['not received']
        if (process.env.CODEGEN_WHY)
          console.log(`  ${name} ${prepared[i]!.item.label}: ${problems[0]?.slice(0, 200) ?? 'same'}`)
        if (echo.seen.length === 1 && problems.length === 0) correct++
      }
      return correct
    }
    const ours = await count(
      'sendbox',
      prepared.map((p) => generateCode(language, p.request, p.item.options)),
    )
    const peer = await count(
      'postman',
      await Promise.all(prepared.map((p) => postmanCode(peerLanguage, variant, p.request).catch(() => ''))),
    )
    const n = prepared.length
    console.log(
      `${language.padEnd(8)} Sendbox ${ours}/${n}   postman-code-generators ${peer}/${n}   ratio ${(ours / Math.max(peer, 1)).toFixed(2)}`,
    )
    await echo.close()
  }
} finally {
  await transport.close()
  rmSync(matrix.dir, { recursive: true, force: true })
}
