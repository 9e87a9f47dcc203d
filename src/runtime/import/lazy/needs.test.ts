/**
 * The import worker's heavy parsers load only for the sources that need them: a Postman file
 * loads none (above all not Bruno's grammars), a Bruno folder loads Bruno's parser, YAML loads
 * `yaml` and OpenAPI its two packages. The modules the worker's bundle puts in place of the
 * packages (lazy/*.ts) refuse to answer before their package is loaded. One module state, so the
 * cases run in order.
 */
import { readFileSync } from 'node:fs'
import { resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { folderSource } from '../../../../tests/helpers/folder-source.ts'
import { postmanCollection } from '../../../../tests/helpers/postman.ts'
import { importSource } from '../../../model/import/import-source.ts'
import type { ImportSource } from '../../../model/import/source.ts'
import type { bruLang as Lang } from '../../../model/import/bruno-lang.ts'
import bruLangStandIn from './bruno-lang.ts'
import { loadParsersFor } from './needs.ts'
import { isLoaded, PackageNotLoaded } from './packages.ts'
import { parse as parseYaml, YAMLError } from './yaml.ts'

const bruLang = bruLangStandIn as unknown as Pick<typeof Lang, 'bruToJsonV2'>
const FIXTURES = resolve(import.meta.dirname, '../../../../tests/fixtures/import')
const file = (path: string): ImportSource => ({
  kind: 'file',
  name: path,
  text: readFileSync(resolve(FIXTURES, path), 'utf8'),
})

describe.sequential('loadParsersFor', () => {
  it('a Postman collection loads no parser, even with "openapi" in a body', async () => {
    const text = JSON.stringify(
      postmanCollection('Specs', [
        {
          name: 'Upload spec',
          request: {
            method: 'POST',
            url: 'https://x.test/specs',
            body: { mode: 'raw', raw: JSON.stringify({ openapi: '3.0.0', swagger: '2.0' }) },
          },
        },
      ]),
    )
    const source: ImportSource = { kind: 'file', name: 'specs.json', text }
    expect(await loadParsersFor(source)).toEqual([])
    expect(await loadParsersFor(file('postman/v2.0-shop.postman_collection.json'))).toEqual([])
    expect(importSource(source).collections[0]?.name).toBe('Specs')
    for (const name of ['@usebruno/lang', 'yaml', '@scalar/openapi-parser'] as const)
      expect(isLoaded(name)).toBe(false)
  })

  it('the stand-ins refuse to answer before their package is loaded', () => {
    expect(() => bruLang.bruToJsonV2).toThrow(PackageNotLoaded)
    expect(() => parseYaml('a: 1')).toThrow(/yaml is not loaded/)
  })

  it('YAML loads yaml; an OpenAPI document (YAML or JSON) loads the OpenAPI packages too', async () => {
    expect(await loadParsersFor(file('insomnia/v5-full.yaml'))).toEqual(['yaml'])
    expect(parseYaml('a: [1, 2]')).toEqual({ a: [1, 2] })
    let thrown: unknown
    try {
      parseYaml('a: [1')
    } catch (error) {
      thrown = error
    }
    expect(thrown).toBeInstanceOf(YAMLError)
    expect(new Error('x')).not.toBeInstanceOf(YAMLError)
    expect(isLoaded('@scalar/openapi-parser')).toBe(false)
    const openapi = ['yaml', '@scalar/openapi-parser', '@scalar/openapi-validator']
    expect(await loadParsersFor(file('openapi/petstore-3.0.yaml'))).toEqual(openapi)
    expect(await loadParsersFor(file('openapi/swagger-2.0.json'))).toEqual(openapi.slice(1))
    expect(isLoaded('@usebruno/lang')).toBe(false)
  })

  it('a Bruno folder of request files the fast reader knows loads no parser and is read', async () => {
    const source: ImportSource = {
      kind: 'folder',
      name: 'plain',
      files: [
        { path: 'bruno.json', text: JSON.stringify({ version: '1', name: 'Plain', type: 'collection' }) },
        { path: 'a.bru', text: 'meta {\n  name: A\n  seq: 1\n}\n\nget {\n  url: https://x.test/a\n}\n' },
        { path: 'Sub/b.bru', text: 'meta {\n  name: B\n}\n\npost {\n  url: https://x.test/b\n}\n' },
      ],
    }
    expect(await loadParsersFor(source)).toEqual([])
    expect(importSource(source).collections[0]?.children.map((item) => item.name)).toEqual(['Sub', 'A'])
    expect(isLoaded('@usebruno/lang')).toBe(false)
  })

  it('a Bruno folder loads the .bru parser, and the stand-in then answers', async () => {
    expect(await loadParsersFor(folderSource(resolve(FIXTURES, 'bruno/shop')))).toEqual(['@usebruno/lang'])
    expect(bruLang.bruToJsonV2('meta {\n  name: Ping\n  type: http\n  seq: 1\n}\n').meta?.name).toBe('Ping')
  })
})
