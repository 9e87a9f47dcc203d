/**
 * The app's mock server on the real sync-server: a collection's examples, written into its
 * workspace room by a real y-websocket client, answer at /mock/<collection id>/ once the owner
 * switches it on; switched off, or before, they do not. The calls are logged for the dialog.
 */
import { afterEach, describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { WebsocketProvider } from 'y-websocket'
import { makeCollection, makeRequest } from '../../src/model/factories.ts'
import { importCollection, updateRequest } from '../../src/model/workspace/actions.ts'
import { readCollection } from '../../src/model/workspace/read.ts'
import { ownerFetch, provider, synced, until, type Owner } from '../helpers/share.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

let server: TestServer
const providers: WebsocketProvider[] = []
afterEach(async () => {
  for (const p of providers.splice(0)) p.destroy()
  await server.remove()
})

const json = (status: number, body: unknown) => ({
  id: `e${status}`,
  name: `Status ${status}`,
  status,
  headers: [{ key: 'Content-Type', value: 'application/json' }],
  body: JSON.stringify(body),
})

describe('mock server in the sync-server', () => {
  it('serves the examples of a switched-on collection to anyone, logs each call, and stops when switched off', async () => {
    server = await startTestServer({ transport: unusedTransport })
    const owner: Owner = { url: server.url, accessToken: server.secrets.accessToken }
    const doc = new Y.Doc()
    const p = provider(server.url, 'ws-mock', { token: owner.accessToken }, doc)
    providers.push(p)
    await synced(p)
    const request = makeRequest({
      name: 'Pets',
      url: '{{baseUrl}}/pets/:id',
      examples: [json(200, { id: 1, name: 'Rex' })],
    })
    const collectionId = importCollection(doc, makeCollection({ name: 'Zoo', children: [request] }))

    const before = await fetch(`${server.url}/mock/${collectionId}/pets/1`)
    expect(before.status).toBe(404)
    expect(await before.json()).toEqual({
      error: `No mock server is switched on for collection ${collectionId}`,
    })

    const anonymous = await fetch(`${server.url}/sync/mock/${collectionId}`, {
      method: 'PUT',
      body: JSON.stringify({ room: 'ws-mock', enabled: true }),
    })
    expect(anonymous.status).toBe(401)
    const on = await ownerFetch(owner, `/sync/mock/${collectionId}`, {
      method: 'PUT',
      body: JSON.stringify({ room: 'ws-mock', enabled: true }),
    })
    expect(await on.json()).toEqual({ enabled: true, calls: [] })

    const hit = await fetch(`${server.url}/mock/${collectionId}/pets/7?x=1`)
    expect(hit.status).toBe(200)
    expect(await hit.json()).toEqual({ id: 1, name: 'Rex' })
    const miss = await fetch(`${server.url}/mock/${collectionId}/cats`, { method: 'POST' })
    expect(miss.status).toBe(404)

    // An edit in the app reaches the mock as soon as it is synced.
    const id = readCollection(doc, collectionId)!.children[0]!.id
    updateRequest(doc, id, { examples: [json(201, { id: 2, name: 'Fido' })] })
    const edited = await until(async () => {
      const res = await fetch(`${server.url}/mock/${collectionId}/pets/2`)
      return res.status === 201 ? res : undefined
    })
    expect(await edited.json()).toEqual({ id: 2, name: 'Fido' })

    const state = (await (await ownerFetch(owner, `/sync/mock/${collectionId}`)).json()) as {
      calls: { method: string; path: string; status: number; matched?: string }[]
    }
    expect(state.calls.slice(0, 2)).toMatchObject([
      { method: 'GET', path: '/pets/7?x=1', status: 200, matched: 'Pets / Status 200' },
      { method: 'POST', path: '/cats', status: 404 },
    ])
    expect(state.calls[1]).not.toHaveProperty('matched')

    await ownerFetch(owner, `/sync/mock/${collectionId}`, {
      method: 'PUT',
      body: JSON.stringify({ room: 'ws-mock', enabled: false }),
    })
    expect((await fetch(`${server.url}/mock/${collectionId}/pets/2`)).status).toBe(404)
  })

  it('refuses a control body that is not what it expects, naming the shape', async () => {
    server = await startTestServer({ transport: unusedTransport })
    const owner: Owner = { url: server.url, accessToken: server.secrets.accessToken }
    const bad = await ownerFetch(owner, '/sync/mock/c1', { method: 'PUT', body: '{"room": 5}' })
    expect(bad.status).toBe(400)
    expect(await bad.json()).toEqual({
      error: 'expected { "room": <workspace id>, "enabled": true | false }',
    })
  })
})
