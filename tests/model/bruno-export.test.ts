import { describe, expect, it } from 'vitest'
import { exportBruno } from '../../src/model/export/bruno.ts'
import { importSource } from '../../src/model/import/import-source.ts'
import { mappedFields, richCollection, richEnvironment } from '../fixtures/import/rich-collection.ts'

describe('Bruno export', () => {
  it('Sendbox → Bruno folder → Sendbox keeps every mapped field', () => {
    const collection = richCollection('bru', { fileRows: true })
    const files = exportBruno(collection, { includeSecrets: true, environments: [richEnvironment()] })
    expect(files.map((f) => f.path)).toEqual([
      'bruno.json',
      'collection.bru',
      'Forms/folder.bru',
      'Forms/Urlencoded.bru',
      'Forms/Multipart.bru',
      'Forms/Xml without auth.bru',
      'Nested/folder.bru',
      'Nested/Inner/folder.bru',
      'Nested/Inner/Inherits basic.bru',
      'Get with params.bru',
      'Post JSON.bru',
      'Text body, key in query.bru',
      'GraphQL.bru',
      'environments/Local.bru',
    ])
    const back = importSource({ kind: 'folder', name: 'exported', files })
    expect(back).toMatchObject({ format: 'bruno', label: 'Bruno collection' })
    expect(back.report.skipped).toEqual([])
    expect(mappedFields(back.collections[0])).toEqual(mappedFields(collection))
    // Bruno keeps secret values out of its files, whatever is asked, and lists secrets last.
    const environment = richEnvironment()
    for (const variable of environment.variables) if (variable.secret) variable.value = ''
    environment.variables.sort((a, b) => Number(a.secret) - Number(b.secret))
    expect(mappedFields(back.environments)).toEqual(mappedFields([environment]))
  })
})
