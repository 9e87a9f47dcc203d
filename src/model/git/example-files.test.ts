/** Examples as files beside their request (example-files.ts), through the whole file tree. */
import { describe, expect, it } from 'vitest'
import { makeCollection, makeFolder, makeRequest } from '../factories.ts'
import type { SavedResponse } from '../types.ts'
import { escapeName, unescapeName } from './file-names.ts'
import { requestToText } from './item-file.ts'
import { collectionsToFiles, filesToCollections } from './tree-files.ts'

const ok: SavedResponse = {
  id: 'e1',
  name: 'OK',
  status: 200,
  statusText: 'OK',
  headers: [{ key: 'Content-Type', value: 'application/json' }],
  body: '{\n  "id": 1\n}',
  request: { method: 'GET', url: 'https://api.test/users/1', headers: [] },
}
const same: SavedResponse = { ...ok, id: 'e2', body: '' }

describe('example files', () => {
  const request = makeRequest({ id: 'r1', name: 'Get user', examples: [ok, same] })
  const collection = makeCollection({
    id: 'c1',
    name: 'Shop',
    children: [request, makeFolder({ id: 'f1', name: 'Get user.examples', children: [] })],
  })

  it('writes one file per example beside the request, names kept apart, and reads them back equal', () => {
    const files = collectionsToFiles([collection])
    expect([...files.keys()].sort()).toEqual([
      'Shop/Get user%2Eexamples/_folder.yaml',
      'Shop/Get user.examples/OK (2).yaml',
      'Shop/Get user.examples/OK.yaml',
      'Shop/Get user.yaml',
      'Shop/_collection.yaml',
    ])
    expect(filesToCollections(files)).toEqual([collection])
  })

  it('keeps a folder named like an examples folder apart by escaping its dot', () => {
    expect(escapeName('Get user.examples')).toBe('Get user%2Eexamples')
    expect(unescapeName('Get user%2Eexamples')).toBe('Get user.examples')
    expect(escapeName('examples')).toBe('examples')
  })

  it('still reads a request file holding its examples inline, as files were written before', () => {
    const files = new Map([
      ['Shop/_collection.yaml', 'id: c1\nname: Shop\n'],
      ['Shop/Get user.yaml', requestToText(request)],
    ])
    const [back] = filesToCollections(files)
    expect(back!.children[0]).toEqual(request)
  })

  it('reads examples the request file does not list after the listed ones, and passes over missing ones', () => {
    const files = collectionsToFiles([makeCollection({ id: 'c1', name: 'Shop', children: [request] })])
    files.set('Shop/Get user.examples/Another.yaml', 'status: 500\n')
    files.delete('Shop/Get user.examples/OK.yaml')
    const [back] = filesToCollections(files)
    const examples = (back!.children[0] as typeof request).examples!
    expect(examples.map((e) => [e.name, e.status])).toEqual([
      ['OK', 200],
      ['Another', 500],
    ])
    expect(examples[1]!.id).toMatch(/^git-/)
  })
})
