/**
 * `--git <dir>` end to end in the sync-server: a real y-websocket client edits a workspace, the
 * edit becomes a commit authored by the client's presence name, a commit made with the git CLI
 * reaches the client, and the History API lists the request's versions: for the owner, and for
 * the people the room is shared with (its view and edit links, not another room's, not once revoked).
 */
import { readdir, readFile, rm, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import WebSocket from 'ws'
import { WebsocketProvider } from 'y-websocket'
import * as Y from 'yjs'
import {
  createCollection,
  createRequest,
  initWorkspace,
  readRequest,
  updateRequest,
} from '../../src/model/workspace/api.ts'
import { startTestServer, tempDir, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'
import { git, gitOrEmpty } from '../helpers/git-cli.ts'
import { makeLink, ownerFetch } from '../helpers/share.ts'

let server: TestServer
let gitDir: string
let provider: WebsocketProvider | undefined

beforeEach(async () => {
  gitDir = await tempDir('sendbox-git-')
  server = await startTestServer({ transport: unusedTransport }, { args: ['--git', gitDir] })
})

afterEach(async () => {
  provider?.destroy()
  await server.remove()
  await rm(gitDir, { recursive: true, force: true })
})

async function until<T>(read: () => T | Promise<T>, ok: (value: T) => boolean, ms = 15_000): Promise<T> {
  const end = Date.now() + ms
  for (;;) {
    const value = await read()
    if (ok(value)) return value
    if (Date.now() > end) throw new Error(`condition not met in time (last: ${String(value).slice(0, 200)})`)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('sync-server --git', () => {
  it('commits an edit as its editor, applies a git commit to the client, and lists versions', async () => {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const collection = createCollection(doc, { name: 'Shop' })
    const users = createRequest(doc, { parentId: collection }, { name: 'Users', url: 'https://api.test/a' })
    provider = new WebsocketProvider(`ws://127.0.0.1:${server.port}/sync`, 'room-git-e2e', doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
      params: { token: server.secrets.accessToken, workspace: 'Team Space' },
    })
    provider.awareness.setLocalStateField('user', { name: 'Ada Lovelace', color: '#f00' })

    const dir = path.join(gitDir, await until(async () => (await readdir(gitDir))[0] ?? '', Boolean))
    expect(path.basename(dir)).toBe('team-space-roomgite2e')
    const file = path.join(dir, 'Shop/Users.yaml')
    await until(
      () => readFile(file, 'utf8').catch(() => ''),
      (text) => text.includes('https://api.test/a'),
    )

    updateRequest(doc, users, { url: 'https://api.test/b' })
    await until(
      () => gitOrEmpty(dir, 'log', '--format=%an|%s'),
      (log) => log.includes('Ada Lovelace|Edit GET Users: url'),
    )

    await writeFile(file, (await readFile(file, 'utf8')).replace('https://api.test/b', 'https://api.test/c'))
    git(dir, 'commit', '-qam', 'From git')
    await until(
      () => readRequest(doc, users)!.url,
      (url) => url === 'https://api.test/c',
      5_000,
    )

    const auth = { authorization: `Bearer ${server.secrets.accessToken}` }
    expect((await fetch(`${server.url}/sync/git/room-git-e2e`, { headers: auth })).status).toBe(200)
    expect((await fetch(`${server.url}/sync/git/room-git-e2e`)).status).toBe(401)
    const history = (await (
      await fetch(`${server.url}/sync/git/room-git-e2e/history/${users}`, { headers: auth })
    ).json()) as {
      versions: { commit: string; author: string; message: string; path: string }[]
    }
    expect(history.versions.map((version) => version.message)).toEqual([
      'From git',
      'Edit GET Users: url',
      expect.any(String),
    ])
    const oldest = history.versions.at(-1)!
    const version = (await (
      await fetch(
        `${server.url}/sync/git/room-git-e2e/version/${oldest.commit}?path=${encodeURIComponent(oldest.path)}`,
        { headers: auth },
      )
    ).json()) as { text: string }
    expect(version.text).toContain('url: https://api.test/a')
  })

  it("lets the room's invite links, view and edit, read its History; no other room's link, none once revoked", async () => {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const collection = createCollection(doc, { name: 'Shared' })
    const users = createRequest(doc, { parentId: collection }, { name: 'Users', url: 'https://api.test/v1' })
    provider = new WebsocketProvider(`ws://127.0.0.1:${server.port}/sync`, 'room-guest', doc, {
      WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket,
      disableBc: true,
      params: { token: server.secrets.accessToken, workspace: 'Guests' },
    })
    const owner = { url: server.url, accessToken: server.secrets.accessToken }
    const history = `/sync/git/room-guest/history/${users}`
    await until(
      async () => ((await (await ownerFetch(owner, history)).json()) as { versions?: unknown[] }).versions,
      (versions) => (versions?.length ?? 0) > 0,
    )
    const view = await makeLink(owner, 'room-guest', 'view')
    const edit = await makeLink(owner, 'room-guest', 'edit')
    const elsewhere = await makeLink(owner, 'room-other', 'edit')
    const as = (token: string | undefined, path: string) =>
      fetch(`${server.url}${path}`, token ? { headers: { authorization: `Bearer ${token}` } } : {})

    for (const link of [view, edit]) {
      expect((await as(link.token, '/sync/git/room-guest')).status).toBe(200)
      const listed = (await (await as(link.token, history)).json()) as {
        versions: { commit: string; path: string; message: string }[]
      }
      expect(listed.versions.map((version) => version.path)).toEqual(['Shared/Users.yaml'])
      const [first] = listed.versions
      const text = (await (
        await as(link.token, `/sync/git/room-guest/version/${first!.commit}?path=Shared%2FUsers.yaml`)
      ).json()) as { text: string }
      expect(text.text).toContain('url: https://api.test/v1')
      // A link opens its own room's history only, and nothing else behind the owner's gate.
      expect((await as(link.token, '/sync/git/room-other')).status).toBe(401)
      expect((await as(link.token, '/sync/share?workspace=room-guest')).status).toBe(401)
    }
    for (const token of [elsewhere.token, undefined, 'A'.repeat(32)]) {
      const refused = await as(token, history)
      expect(refused.status).toBe(401)
      expect(((await refused.json()) as { message: string }).message).toContain('invite link')
    }

    expect((await ownerFetch(owner, '/sync/share?workspace=room-guest', { method: 'DELETE' })).status).toBe(
      204,
    )
    for (const link of [view, edit]) {
      const revoked = await as(link.token, history)
      expect(revoked.status).toBe(403)
      expect(((await revoked.json()) as { message: string }).message).toContain('revoked')
    }
    expect((await as(elsewhere.token, '/sync/git/room-other')).status).toBe(200)
  })
})
