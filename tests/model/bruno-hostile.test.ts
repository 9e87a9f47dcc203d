/**
 * Large and hostile Bruno folders: Bruno's parser costs about 25 µs and 1 KB per byte, so large
 * text blocks are set aside before parsing (bruno-blocks.ts) and the rest is limited. The files
 * are made here, not committed.
 */
import { describe, expect, it } from 'vitest'
import { joinBru, splitBru } from '../../src/model/import/bruno-blocks.ts'
import { bruLang, type BruDocument } from '../../src/model/import/bruno-lang.ts'
import { importSource, ImportSourceError } from '../../src/model/import/import-source.ts'
import type { RequestSpec } from '../../src/model/types.ts'

const MB = 1024 * 1024
const bruno = (files: Record<string, string>) => ({
  kind: 'folder' as const,
  name: 'big',
  files: [
    { path: 'bruno.json', text: '{"version":"1","name":"Big","type":"collection"}' },
    ...Object.entries(files).map(([path, text]) => ({ path, text })),
  ],
})
const request = (blocks: string) =>
  `meta {\n  name: Big\n  type: http\n  seq: 1\n}\n\npost {\n  url: https://a.example\n  body: json\n  auth: none\n}\n\n${blocks}`
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ImportSourceError)
    return (error as Error).message
  }
  throw new Error('not refused')
}

describe('Bruno: text blocks set aside before parsing', () => {
  it('gives what Bruno’s parser gives for large bodies, scripts, tests and docs, odd lines too', () => {
    const odd = [
      '{',
      '  "a": "}",',
      ' one space',
      '',
      "'''",
      'docs {',
      '   } not at the start',
      '\t tab',
      'ünï 🚀 \u200b',
    ]
    const big = (seed: string) =>
      Array.from({ length: 200 }, (_, i) => `${seed} ${i} ${odd[i % odd.length]}`).join('\n')
    const doc: BruDocument = {
      meta: { name: 'Big', type: 'http', seq: 1 },
      http: { method: 'post', url: 'https://a.example', body: 'json', auth: 'none' },
      headers: [{ name: 'X-A', value: '1', enabled: true }],
      body: {
        json: big('json'),
        text: 'small',
        xml: big('xml'),
        graphql: { query: big('q'), variables: big('v') },
      },
      script: { req: big('req'), res: big('res') },
      tests: big('tests'),
      docs: big('docs'),
    }
    for (const text of [bruLang.jsonToBruV2(doc), bruLang.jsonToBruV2(doc).replaceAll('\n', '\r\n')]) {
      const { rest, blocks } = splitBru(text)
      expect(blocks.size).toBe(8)
      expect(rest.length).toBeLessThan(1000)
      expect(joinBru(bruLang.bruToJsonV2(rest), blocks)).toEqual(bruLang.bruToJsonV2(text))
    }
  })

  it('reads a 50 MB JSON body whole', () => {
    const body = `{\n  "data": "${'x'.repeat(50 * MB)}"\n}`
    const text = request(`body:json {\n  ${body.replaceAll('\n', '\n  ')}\n}\n`)
    const start = performance.now()
    const [collection] = importSource(bruno({ 'Big.bru': text })).collections
    console.log(`50 MB body: ${Math.round(performance.now() - start)} ms`)
    const big = collection!.children[0] as RequestSpec
    expect(big.body.type === 'raw' && big.body.text).toBe(body)
  }, 60_000)

  it('refuses at once a 50 MB file of headers, a 50 MB environment and a folder too large together', () => {
    const headers = `headers {\n${'  x-h: v\n'.repeat((50 * MB) / 9)}}\n`
    expect(refusal(() => importSource(bruno({ 'Big.bru': request(headers) })))).toBe(
      'Bruno collection: Big.bru: .bru file too large (50.0 MB besides bodies, scripts, tests and docs; Sendbox reads up to 128 KB)',
    )
    const environment = `vars {\n${'  a: b\n'.repeat((50 * MB) / 7)}}\n`
    expect(refusal(() => importSource(bruno({ 'environments/Big.bru': environment })))).toMatch(
      /^Bruno collection: environments\/Big\.bru: \.bru file too large \(50\.0 MB/,
    )
    const files: Record<string, string> = {}
    const file = request(`headers {\n${'  x-h: v\n'.repeat(12_000)}}\n`)
    for (let i = 0; i < (50 * MB) / file.length; i++) files[`r${i}.bru`] = file
    expect(refusal(() => importSource(bruno(files)))).toMatch(
      /^Bruno collection: the \.bru files together are too large \(4\.\d MB besides bodies, scripts, tests and docs; Sendbox reads up to 4 MB\)$/,
    )
  })

  it('names the line of a problem in the file, below a block set aside', () => {
    const text = request(`body:json {\n${'  1\n'.repeat(1000)}}\n\nheaders {\n  broken\n}\n`)
    expect(refusal(() => importSource(bruno({ 'Bad.bru': text })))).toMatch(
      /^Bruno collection: Bad\.bru:1017: not a valid \.bru file/,
    )
  })
})
