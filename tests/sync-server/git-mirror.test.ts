/**
 * The git mirror against the real `git`: workspace edits become commits with the right files,
 * commits made with the git CLI change the workspace, concurrent edits on both sides merge, an
 * unparsable file leaves the workspace alone with a notice, and renames keep `git log --follow`.
 */
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRow } from '../../src/model/factories.ts'
import {
  createCollection,
  createRequest,
  initWorkspace,
  readRequest,
  renameItem,
  updateRequest,
} from '../../src/model/workspace/api.ts'
import { createGitMirrors, type GitMirrors } from '../../sync-server/git/mirror.ts'
import { git } from '../helpers/git-cli.ts'

const FAST = { settleMs: 40, maxWaitMs: 200, pollMs: 40 }
let root: string
let mirrors: GitMirrors

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 5000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value) || Date.now() > end) return value
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

function workspace() {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const collection = createCollection(doc, { name: 'Shop' })
  const users = createRequest(doc, { parentId: collection }, { name: 'Users', url: 'https://api.test/users' })
  return { doc, collection, users }
}

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sendbox-git-'))
  mirrors = createGitMirrors(root, async () => 'Team Space', FAST)
})

afterEach(async () => {
  await mirrors.close()
  await rm(root, { recursive: true, force: true })
})

async function repoDir(): Promise<string> {
  const [entry] = await readdir(root)
  return path.join(root, entry!)
}

describe('git mirror', () => {
  it('writes the workspace into <slug>-<short-id> and commits each settled edit with a message', async () => {
    const { doc, users } = workspace()
    await mirrors.attach('abcdef0123456789', doc)
    const dir = await repoDir()
    expect(path.basename(dir)).toBe('team-space-abcdef012345')
    expect(await readFile(path.join(dir, 'Shop/Users.yaml'), 'utf8')).toContain('url: https://api.test/users')

    updateRequest(doc, users, { url: 'https://api.test/v2', headers: [makeRow({ key: 'A', value: '1' })] })
    const log = await until(
      () => git(dir, 'log', '--format=%s'),
      (out) => out.includes('Edit GET Users'),
    )
    expect(log.split('\n')[0]).toBe('Edit GET Users: url, headers')
    expect(await readFile(path.join(dir, 'Shop/Users.yaml'), 'utf8')).toContain('url: https://api.test/v2')
  })

  it('applies a commit made with the git CLI, merged with an edit made in the app meanwhile', async () => {
    const { doc, users } = workspace()
    await mirrors.attach('room-merge-1', doc)
    const dir = await repoDir()
    const file = path.join(dir, 'Shop/Users.yaml')
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('https://api.test/users', 'https://from.git/users'),
    )
    updateRequest(doc, users, { headers: [makeRow({ key: 'X-App', value: '1' })] })
    git(dir, 'commit', '-qam', 'Point Users at from.git')

    const request = await until(
      () => readRequest(doc, users)!,
      (r) => r.url === 'https://from.git/users',
    )
    expect(request.url).toBe('https://from.git/users')
    expect(request.headers.map((row) => row.key)).toEqual(['X-App'])
    const written = await until(
      () => readFile(file, 'utf8'),
      (text) => text.includes('X-App') && text.includes('from.git'),
    )
    expect(written).toContain('X-App')
    expect(git(dir, 'log', '--format=%an %s')).toContain('Grace Point Users at from.git')
  })

  it('leaves the workspace unchanged and names file and line when a committed file does not parse', async () => {
    const { doc, users } = workspace()
    await mirrors.attach('room-broken-1', doc)
    const dir = await repoDir()
    await writeFile(path.join(dir, 'Shop/Users.yaml'), 'id: x\nurl: [broken\n')
    git(dir, 'commit', '-qam', 'Break it')
    const notice = await until(
      () => doc.getMap('meta').get('gitNotice') as { file: string; line: number } | undefined,
      Boolean,
    )
    expect(notice).toMatchObject({ file: 'Shop/Users.yaml' })
    expect(notice!.line).toBeGreaterThan(0)
    expect(readRequest(doc, users)!.url).toBe('https://api.test/users')
  })

  it('a rename is a move in git: history follows the file, and History lists every version', async () => {
    const { doc, users } = workspace()
    await mirrors.attach('room-rename-1', doc)
    const dir = await repoDir()
    updateRequest(doc, users, { url: 'https://api.test/one' })
    await until(
      () => git(dir, 'log', '--format=%s'),
      (out) => out.includes('Edit GET Users: url'),
    )
    renameItem(doc, users, 'People')
    await until(
      () => git(dir, 'log', '--format=%s'),
      (out) => out.includes('Rename GET Users to People'),
    )
    expect(
      git(dir, 'log', '--follow', '--format=%s', '--', 'Shop/People.yaml').trim().split('\n'),
    ).toHaveLength(3)

    const versions = (await mirrors.history('room-rename-1', users))!
    expect(versions.map((version) => version.path)).toEqual([
      'Shop/People.yaml',
      'Shop/Users.yaml',
      'Shop/Users.yaml',
    ])
    const old = await mirrors.version('room-rename-1', versions[2]!.commit, versions[2]!.path)
    expect(old).toContain('url: https://api.test/users')
  })

  it('applies commits made while the room was closed when it opens again', async () => {
    const { doc, users } = workspace()
    await mirrors.attach('room-closed-1', doc)
    const dir = await repoDir()
    await mirrors.detach('room-closed-1')
    const file = path.join(dir, 'Shop/Users.yaml')
    await writeFile(
      file,
      (await readFile(file, 'utf8')).replace('https://api.test/users', 'https://offline.edit/'),
    )
    git(dir, 'commit', '-qam', 'While closed')
    await mirrors.attach('room-closed-1', doc)
    expect(readRequest(doc, users)!.url).toBe('https://offline.edit/')
  })
})
