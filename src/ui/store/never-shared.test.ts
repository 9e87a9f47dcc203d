/**
 * What syncs is the workspace document only: secret values, OAuth tokens, history and settings
 * live in the device document, which the app never hands to a sync connection. Checked with the
 * real data layer and a real sync-server: another person receives the secret's name, not its value.
 */
import { afterEach, beforeEach, expect, it } from 'vitest'
import WebSocket from 'ws'
import * as Y from 'yjs'
import * as data from '../../model/workspace/api.ts'
import { startTestServer, type TestServer } from '../../../tests/helpers/sync-server.ts'
import { unusedTransport } from '../../../tests/helpers/unused-transport.ts'
import { connectSync, type SyncConnection } from './sync-connection.ts'

let server: TestServer
const connections: SyncConnection[] = []

beforeEach(async () => {
  server = await startTestServer({ transport: unusedTransport })
})

afterEach(async () => {
  for (const c of connections.splice(0)) c.destroy()
  await server.remove()
})

function join(doc: Y.Doc) {
  const connection = connectSync(
    doc,
    { url: `ws://127.0.0.1:${server.port}/sync`, room: 'team', token: server.secrets.accessToken, name: 'x' },
    { WebSocketPolyfill: WebSocket as unknown as typeof globalThis.WebSocket, disableBc: true },
  )
  connections.push(connection)
  return connection
}

const SECRETS = ['s3cret-api-key-value', 'oauth-access-token-value', 'https://history.example/only-mine']

it('secret values, OAuth tokens, history and settings never reach another person', async () => {
  const workspace = new Y.Doc()
  const device = new Y.Doc()
  data.initWorkspace(workspace)
  data.initDevice(device)
  const collection = data.createCollection(workspace, { name: 'Team API' })
  data.setVariables(workspace, device, { scope: 'collection', id: collection }, [
    { id: 'v1', key: 'apiKey', value: SECRETS[0]!, enabled: true, secret: true },
    { id: 'v2', key: 'host', value: 'api.example', enabled: true, secret: false },
  ])
  data.setOAuthToken(device, collection, { accessToken: SECRETS[1]! })
  data.addHistoryEntry(device, { time: 1, method: 'GET', url: SECRETS[2]!, outcome: 'done' })
  data.updateSettings(device, { editor: { formatJsonOnSend: false } })
  join(workspace)

  const other = new Y.Doc()
  join(other)
  const end = Date.now() + 5000
  while (!data.readCollection(other, collection) && Date.now() < end)
    await new Promise((r) => setTimeout(r, 20))
  const rows = data.readCollection(other, collection)?.variables
  expect(rows).toEqual([
    { id: 'v1', key: 'apiKey', value: '', enabled: true, secret: true },
    { id: 'v2', key: 'host', value: 'api.example', enabled: true, secret: false },
  ])
  const received = new TextDecoder().decode(Y.encodeStateAsUpdate(other))
  for (const secret of SECRETS) expect(received).not.toContain(secret)
  // Nor does an export of the collection carry the token or the secret value.
  const exported = JSON.stringify(data.exportCollection(workspace, collection))
  for (const secret of SECRETS.slice(0, 2)) expect(exported).not.toContain(secret)
  // The owner still has the value, on the device.
  expect(data.readVariables(workspace, { scope: 'collection', id: collection }, device)[0]?.value).toBe(
    SECRETS[0],
  )
})
