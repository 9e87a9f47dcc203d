import { describe, expect, it } from 'vitest'
import { exportPostman } from '../../src/model/export/postman.ts'
import { makeCollection, makeRequest, makeRow } from '../../src/model/factories.ts'
import { importSource } from '../../src/model/import/import-source.ts'
import type { RequestSpec } from '../../src/model/types.ts'
import { mappedFields, richCollection, richEnvironment } from '../fixtures/import/rich-collection.ts'

describe('Postman export', () => {
  it('Sendbox → Postman v2.1 → Sendbox keeps every mapped field', () => {
    const collection = richCollection('pm', { fileRows: true })
    const environment = richEnvironment()
    const files = exportPostman(collection, { includeSecrets: true, environments: [environment] })
    expect(files.map((f) => f.path)).toEqual([
      'Rich API.postman_collection.json',
      'Local.postman_environment.json',
    ])
    const back = importSource({ kind: 'file', name: files[0]!.path, text: files[0]!.text })
    expect(back).toMatchObject({ format: 'postman', label: 'Postman Collection v2.1' })
    expect(back.report.skipped).toEqual([])
    expect(mappedFields(back.collections[0])).toEqual(mappedFields(collection))
    const env = importSource({ kind: 'file', name: files[1]!.path, text: files[1]!.text })
    expect(env.label).toBe('Postman environment')
    expect(mappedFields(env.environments[0])).toEqual(mappedFields(environment))
  })

  it('writes path variables as url.variable, descriptions included, and reads them back', () => {
    const collection = makeCollection({
      name: 'P',
      children: [
        makeRequest({
          name: 'R',
          url: '{{base}}/users/:id/:tab',
          pathVariables: [
            makeRow({ key: 'id', value: '{{userId}}', description: 'who' }),
            makeRow({ key: 'tab', value: '' }),
          ],
        }),
      ],
    })
    const [file] = exportPostman(collection, { includeSecrets: false, environments: [] })
    const url = JSON.parse(file!.text).item[0].request.url
    expect(url).toMatchObject({ raw: '{{base}}/users/:id/:tab', path: ['users', ':id', ':tab'] })
    expect(url.variable).toEqual([
      { key: 'id', value: '{{userId}}', description: 'who' },
      { key: 'tab', value: '' },
    ])
    const back = importSource({ kind: 'file', name: file!.path, text: file!.text }).collections[0]!
    const request = back.children[0] as RequestSpec
    expect(request.pathVariables?.map(({ key, value, description }) => [key, value, description])).toEqual([
      ['id', '{{userId}}', 'who'],
      ['tab', '', undefined],
    ])
  })

  it('leaves secret values out unless asked', () => {
    const files = exportPostman(richCollection('pm'), {
      includeSecrets: false,
      environments: [richEnvironment()],
    })
    const env = JSON.parse(files[1]!.text) as { values: { key: string; value: string; type: string }[] }
    expect(env.values.find((v) => v.key === 'password')).toEqual({
      key: 'password',
      value: '',
      type: 'secret',
      enabled: true,
    })
    expect(env.values.find((v) => v.key === 'token')?.value).toBe('tok-1')
  })
})
