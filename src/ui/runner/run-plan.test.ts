import { describe, expect, it } from 'vitest'
import { makeRequest } from '../../model/factories.ts'
import type { Collection, Folder } from '../../model/types.ts'
import { planRun } from '../../runtime/run-collection.ts'
import { orderedCollection } from './run-plan.ts'

const folder = (name: string, children: Folder['children']): Folder => ({
  type: 'folder',
  id: `f-${name}`,
  name,
  auth: { type: 'inherit' },
  variables: [],
  scripts: { preRequest: `// ${name}`, postResponse: '' },
  children,
})

describe('the collection a run sends', () => {
  it('keeps the chosen order and each request’s folders', () => {
    const a = makeRequest({ id: 'a', name: 'A' })
    const b = makeRequest({ id: 'b', name: 'B' })
    const c = makeRequest({ id: 'c', name: 'C' })
    const collection: Collection = {
      id: 'col',
      name: 'Col',
      auth: { type: 'none' },
      variables: [],
      scripts: { preRequest: '', postResponse: '' },
      children: [a, folder('Outer', [b, folder('Inner', [c])])],
    }
    const [pa, pb, pc] = planRun(collection)
    const planned = planRun(orderedCollection(collection, [pc!, pa!]))
    expect(planned.map((p) => p.request.id)).toEqual(['c', 'a'])
    expect(planned[0]!.folders.map((f) => f.name)).toEqual(['Inner', 'Outer'])
    expect(planned[0]!.folders[0]!.scripts.preRequest).toBe('// Inner')
    expect(planned[0]!.path).toEqual(['Outer', 'Inner', 'C'])
    expect(planned[1]!.folders).toEqual([])
    expect(pb).toBeDefined()
  })
})
