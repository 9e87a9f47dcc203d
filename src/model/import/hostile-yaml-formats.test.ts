/** Hostile Insomnia and OpenAPI files: each is read safely or refused with one clear line. */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import type { Folder, RequestSpec } from '../types.ts'
import { importSource, ImportSourceError } from './import-source.ts'
import { formatReport } from './report.ts'

const read = (name: string) =>
  importSource({
    kind: 'file',
    name,
    text: readFileSync(resolve(import.meta.dirname, '../../../tests/fixtures/import', name), 'utf8'),
  })
const refusal = (run: () => unknown) => {
  try {
    run()
  } catch (error) {
    expect(error).toBeInstanceOf(ImportSourceError)
    return (error as Error).message
  }
  throw new Error('not refused')
}

describe('hostile Insomnia and OpenAPI files', () => {
  it('keeps unicode and __proto__ names as data, never as prototypes; reports loops and odd types', () => {
    const bundle = read('insomnia/hostile.json')
    const [collection] = bundle.collections
    expect(collection?.name).toBe('Ünïcødé 🚀 \u202eevil\u202c')
    const folder = collection?.children[0] as Folder
    expect(folder.name).toBe('constructor')
    expect(folder.variables.map((v) => [v.key, v.value])).toEqual([
      ['__proto__.polluted', 'yes'],
      ['x.y.z', 'deep'],
    ])
    const request = folder.children[0] as RequestSpec
    expect([request.name, request.method, request.url]).toEqual([
      '请求 \u200b',
      'GET',
      'https://例え.jp/パス?q={{__proto__}}',
    ])
    expect(request.headers.map((h) => h.key)).toEqual(['__proto__'])
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
    const report = formatReport(bundle.report)
    expect(report).toContain('folder "Loop" at resources[3].parentId')
    expect(report).toContain('resource of type "toString" "odd type"')
  })

  it('reads an OpenAPI document with __proto__ and unicode names', () => {
    const [collection] = read('openapi/hostile.yaml').collections
    const [get, post] = collection!.children as RequestSpec[]
    expect(get?.url).toBe('{{baseUrl}}/__proto__/:constructor?__proto__=polluted')
    expect(get?.pathVariables?.map((row) => row.key)).toEqual(['constructor'])
    expect(post?.body.type === 'raw' && JSON.parse(post.body.text)).toEqual(
      JSON.parse('{"__proto__": "x", "toString": 0}'),
    )
    expect(({} as Record<string, unknown>).polluted).toBeUndefined()
  })

  it.each([
    ['insomnia/truncated.json', 'not valid JSON ('],
    [
      'insomnia/truncated.yaml',
      'Insomnia v5 YAML: not valid YAML (line 7, column 1: Missing closing "quote)',
    ],
    [
      'insomnia/wrong-types.yaml',
      'Insomnia v5 YAML: collection[0].headers[0].disabled: expected true or false, found string "yes"',
    ],
    ['openapi/truncated.json', 'not valid JSON ('],
    [
      'openapi/wrong-types.json',
      'OpenAPI 3.0.3: paths["/a"].get.parameters[0].required: type must be boolean',
    ],
    [
      'openapi/billion-laughs.yaml',
      'OpenAPI: YAML aliases expand too far (refused as a resource exhaustion attack)',
    ],
  ])('%s is refused: %s', (name, message) => {
    expect(refusal(() => read(name))).toContain(message)
  })

  it('refuses a 50 MB YAML file and a 50 MB OpenAPI document before parsing them', () => {
    const filler = 'x'.repeat(50 * 1024 * 1024)
    const yaml = `type: collection.insomnia.rest/5.0\nname: Big\nx-pad: ${filler}\n`
    expect(refusal(() => importSource({ kind: 'file', name: 'big.yaml', text: yaml }))).toBe(
      'Insomnia v5 YAML: YAML file too large (50.0 MB; Sendbox reads YAML up to 16 MB, or the same document as JSON)',
    )
    const json = JSON.stringify({
      openapi: '3.1.0',
      info: { title: 'Big', version: '1', description: filler },
    })
    expect(refusal(() => importSource({ kind: 'file', name: 'big.json', text: json }))).toBe(
      'OpenAPI 3.1.0: document too large (Sendbox reads OpenAPI documents up to 16 MB)',
    )
  })

  it('reads a 50 MB Insomnia v4 export (one large body) whole', () => {
    const body = 'b'.repeat(50 * 1024 * 1024)
    const text = JSON.stringify({
      _type: 'export',
      __export_format: 4,
      resources: [
        { _id: 'w', _type: 'workspace', name: 'Big' },
        {
          _id: 'r',
          _type: 'request',
          parentId: 'w',
          name: 'Upload',
          method: 'POST',
          url: 'https://a.example',
          body: { mimeType: 'text/plain', text: body },
        },
      ],
    })
    const request = importSource({ kind: 'file', name: 'big.json', text }).collections[0]
      ?.children[0] as RequestSpec
    expect(request.body.type === 'raw' && request.body.text.length).toBe(body.length)
  })
})
