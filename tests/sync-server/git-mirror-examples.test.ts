/**
 * A request's saved responses (examples) in the git mirror, against the real `git`: each is a
 * file in `<request>.examples/` beside the request's file, in the order the request file lists;
 * an example added, edited or removed in git changes the workspace, merged with examples saved
 * in the app meanwhile.
 */
import { mkdtemp, readFile, readdir, rm, unlink, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { SavedResponse } from '../../src/model/types.ts'
import {
  createCollection,
  createRequest,
  initWorkspace,
  readRequest,
  saveExample,
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

const example = (id: string, name: string, status: number, body: string): SavedResponse => ({
  id,
  name,
  status,
  headers: [{ key: 'Content-Type', value: 'application/json' }],
  body,
})

beforeEach(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'sendbox-git-examples-'))
  mirrors = createGitMirrors(root, async () => 'Team Space', FAST)
})

afterEach(async () => {
  await mirrors.close()
  await rm(root, { recursive: true, force: true })
})

async function attached(room: string) {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const collection = createCollection(doc, { name: 'Shop' })
  const users = createRequest(
    doc,
    { parentId: collection },
    {
      name: 'Users',
      url: 'https://api.test/users',
      examples: [example('ex-ok', 'OK', 200, '[{"id":1}]'), example('ex-missing', 'Not found', 404, '{}')],
    },
  )
  await mirrors.attach(room, doc)
  const [entry] = await readdir(root)
  return { doc, users, dir: path.join(root, entry!) }
}

describe('git mirror: examples as files beside the request', () => {
  it('writes each example as its own file and lists them in order in the request file', async () => {
    const { dir } = await attached('room-examples-1')
    expect((await readdir(path.join(dir, 'Shop'))).sort()).toEqual([
      'Users.examples',
      'Users.yaml',
      '_collection.yaml',
    ])
    expect(await readdir(path.join(dir, 'Shop/Users.examples'))).toEqual(['Not found.yaml', 'OK.yaml'])
    const request = await readFile(path.join(dir, 'Shop/Users.yaml'), 'utf8')
    expect(request).toContain('examples:\n  - OK.yaml\n  - Not found.yaml\n')
    expect(request).not.toContain('[{"id":1}]')
    const ok = await readFile(path.join(dir, 'Shop/Users.examples/OK.yaml'), 'utf8')
    expect(ok).toContain('id: ex-ok')
    expect(ok).toContain('status: 200')
    expect(ok).toContain('body: \'[{"id":1}]\'')
    expect(git(dir, 'ls-files')).toContain('Shop/Users.examples/OK.yaml')
  })

  it('applies examples edited, added and removed in git, merged with one saved in the app meanwhile', async () => {
    const { doc, users, dir } = await attached('room-examples-2')
    const folder = path.join(dir, 'Shop/Users.examples')
    // In git: OK's body changes, Not found goes, a hand-written example comes (no id, no name).
    const ok = path.join(folder, 'OK.yaml')
    await writeFile(ok, (await readFile(ok, 'utf8')).replace('[{"id":1}]', '[{"id":2}]'))
    await unlink(path.join(folder, 'Not found.yaml'))
    await writeFile(path.join(folder, 'Teapot.yaml'), 'status: 418\nbody: short and stout\n')
    // In the app, before the commit is read: another example is saved.
    saveExample(doc, users, example('ex-app', 'From the app', 201, '{"created":true}'))
    git(dir, 'add', '-A')
    git(dir, 'commit', '-qm', 'Edit the examples of Users')

    const request = await until(
      () => readRequest(doc, users)!,
      (r) => (r.examples ?? []).some((e) => e.name === 'Teapot'),
    )
    expect(request.examples!.map((e) => [e.name, e.status, e.body])).toEqual([
      ['OK', 200, '[{"id":2}]'],
      ['Teapot', 418, 'short and stout'],
      ['From the app', 201, '{"created":true}'],
    ])
    // The app's example is committed beside the others; the hand-written one keeps its file.
    const names = await until(
      () => readdir(folder),
      (list) => list.includes('From the app.yaml'),
    )
    expect(names.sort()).toEqual(['From the app.yaml', 'OK.yaml', 'Teapot.yaml'])
  })

  it('names the file and line of an example that does not parse, and leaves the workspace alone', async () => {
    const { doc, users, dir } = await attached('room-examples-3')
    await writeFile(path.join(dir, 'Shop/Users.examples/OK.yaml'), 'id: ex-ok\nname: OK\nstatus: fine\n')
    git(dir, 'commit', '-qam', 'Break an example')
    const notice = await until(
      () =>
        doc.getMap('meta').get('gitNotice') as { file: string; line: number; message: string } | undefined,
      (value) => value !== undefined,
    )
    expect(notice).toMatchObject({ file: 'Shop/Users.examples/OK.yaml', line: 3 })
    expect(notice!.message).toContain('status: expected an HTTP status code')
    expect(readRequest(doc, users)!.examples!.map((e) => e.status)).toEqual([200, 404])
  })
})
