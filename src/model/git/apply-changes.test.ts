import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRow } from '../factories.ts'
import {
  createCollection,
  createFolder,
  createRequest,
  initWorkspace,
  listCollections,
  readCollection,
  readFolder,
  readRequest,
  setDescription,
  updateRequest,
} from '../workspace/api.ts'
import type { Collection } from '../types.ts'
import { applyGitChanges } from './apply-changes.ts'
import { describeChanges, diffCollections } from './changes.ts'
import { collectionsToFiles, filesToCollections } from './tree-files.ts'

const GIT = 'git-mirror'

function all(doc: Y.Doc): Collection[] {
  return listCollections(doc).map(({ id }) => readCollection(doc, id)!)
}

function setup() {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const collection = createCollection(doc, { name: 'Shop' })
  const folder = createFolder(doc, { parentId: collection }, { name: 'Users' })
  const users = createRequest(
    doc,
    { parentId: folder },
    {
      name: 'Users',
      url: 'https://api.test/users',
      auth: { type: 'basic', username: 'ada', password: 'hunter2' },
    },
  )
  return { doc, collection, folder, users }
}

describe('a commit made in git, applied to the workspace', () => {
  it('merges a URL edited in git with headers edited in the app meanwhile, and keeps the password', () => {
    const { doc, users } = setup()
    const base = filesToCollections(collectionsToFiles(all(doc)))
    const files = collectionsToFiles(all(doc))
    const path = [...files.keys()].find((key) => key.endsWith('Users/Users.yaml'))!
    files.set(path, files.get(path)!.replace('https://api.test/users', 'https://api.test/v2/users'))
    updateRequest(doc, users, { headers: [makeRow({ key: 'X-App', value: '1' })] })

    expect(applyGitChanges(doc, base, filesToCollections(files), GIT)).toBe(1)
    const request = readRequest(doc, users)!
    expect(request.url).toBe('https://api.test/v2/users')
    expect(request.headers.map((row) => row.key)).toEqual(['X-App'])
    expect(request.auth).toMatchObject({ type: 'basic', username: 'ada', password: 'hunter2' })
  })

  it('adds, renames and deletes what the commit did, keeping the ids the files name', () => {
    const { doc, folder, users } = setup()
    const base = filesToCollections(collectionsToFiles(all(doc)))
    const theirs = structuredClone(base)
    const theirFolder = theirs[0]!.children[0]!
    if (theirFolder.type !== 'folder') throw new Error('expected the folder')
    theirFolder.name = 'People'
    theirFolder.children = [
      { ...structuredClone(theirFolder.children[0]!), id: 'new-one', name: 'Created in git' },
    ]
    expect(describeChanges(diffCollections(base, theirs))).toMatch(/^3 changes: /)

    applyGitChanges(doc, base, theirs, GIT)
    expect(readCollection(doc, all(doc)[0]!.id)!.children[0]).toMatchObject({ id: folder, name: 'People' })
    expect(readRequest(doc, users)).toBeUndefined()
    expect(readRequest(doc, 'new-one')?.name).toBe('Created in git')
  })

  it('writes nothing when the files did not change, so the app edits stand', () => {
    const { doc, users } = setup()
    const base = filesToCollections(collectionsToFiles(all(doc)))
    updateRequest(doc, users, { url: 'https://edited.in/app' })
    let updates = 0
    doc.on('update', () => updates++)
    expect(applyGitChanges(doc, base, structuredClone(base), GIT)).toBe(0)
    expect(updates).toBe(0)
    expect(readRequest(doc, users)!.url).toBe('https://edited.in/app')
  })

  it('describes one edit as the mirror commits it', () => {
    const { doc, users } = setup()
    const before = all(doc)
    updateRequest(doc, users, { url: 'https://x.test', headers: [makeRow({ key: 'A', value: 'b' })] })
    expect(describeChanges(diffCollections(before, all(doc)))).toBe('Edit GET Users: url, headers')
  })

  it('keeps folder and collection descriptions in their settings files; a cleared one leaves the file', () => {
    const { doc, collection, folder, users } = setup()
    setDescription(doc, collection, '# Shop\n\nThe shop API.')
    setDescription(doc, folder, 'People who buy')
    setDescription(doc, users, 'Lists them')
    const files = collectionsToFiles(all(doc))
    const folderFile = [...files.keys()].find((key) => key.endsWith('Users/_folder.yaml'))!
    const collectionFile = [...files.keys()].find((key) => key.endsWith('_collection.yaml'))!
    expect(files.get(folderFile)).toContain('description: People who buy')
    expect(files.get(collectionFile)).toContain('The shop API.')
    const read = filesToCollections(files)[0]!
    expect(read.description).toBe('# Shop\n\nThe shop API.')
    expect(read.children[0]!.description).toBe('People who buy')

    setDescription(doc, folder, '  ')
    const cleared = collectionsToFiles(all(doc))
    expect(cleared.get(folderFile)).not.toContain('description')
    expect(filesToCollections(cleared)[0]!.children[0]).not.toHaveProperty('description')
  })

  it('applies descriptions set and removed in git to folders and requests', () => {
    const { doc, folder, users } = setup()
    setDescription(doc, users, 'Lists them')
    const base = filesToCollections(collectionsToFiles(all(doc)))
    const theirs = structuredClone(base)
    const theirFolder = theirs[0]!.children[0]!
    if (theirFolder.type !== 'folder') throw new Error('expected the folder')
    theirFolder.description = 'Written in git'
    delete theirFolder.children[0]!.description

    expect(applyGitChanges(doc, base, theirs, GIT)).toBe(2)
    expect(readFolder(doc, folder)?.description).toBe('Written in git')
    expect(readRequest(doc, users)).not.toHaveProperty('description')
  })
})
