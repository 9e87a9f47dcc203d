import { describe, expect, it } from 'vitest'
import { exportPostman } from '../../src/model/export/postman.ts'
import { importSource } from '../../src/model/import/import-source.ts'
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
