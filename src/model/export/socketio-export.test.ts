/**
 * A Socket.IO request in export: the Sendbox format and the git files keep it with its settings;
 * Postman (collection v2.1), Bruno, HAR and OpenAPI have no form for it, leave it out, keep the
 * rest, and report it skipped with the reason.
 */
import { describe, expect, it } from 'vitest'
import { makeCollection, makeFolder, makeRequest, makeRow } from '../factories.ts'
import { collectionsToFiles, filesToCollections } from '../git/tree-files.ts'
import { formatReport } from '../import/report.ts'
import { parseSendboxCollection } from '../import/sendbox.ts'
import { makeSocketIoSettings } from '../realtime/socketio.ts'
import type { RequestSpec } from '../types.ts'
import { findExporter } from './index.ts'
import { exportWithReport } from './report.ts'

const socketio = makeSocketIoSettings({
  path: '/io',
  namespace: '/chat',
  version: 'v2',
  auth: '{"token": "{{token}}"}',
  events: ['news'],
  emit: { event: 'add', args: '[1, 2]', ack: true },
})
const chat = makeRequest({
  name: 'Chat',
  kind: 'socketio',
  url: 'https://chat.test/?room={{room}}',
  params: [makeRow({ key: 'room', value: '{{room}}' })],
  headers: [makeRow({ key: 'X-Client', value: 'app' })],
  socketio,
})
const plain = makeRequest({ name: 'Plain', url: 'https://chat.test/status' })
const collection = makeCollection({
  name: 'Chats',
  children: [makeFolder({ name: 'F', children: [chat] }), plain],
})

const run = (format: string) => {
  const { files, report } = exportWithReport(findExporter(format)!.exporter, collection, {
    includeSecrets: false,
  })
  return { text: files.map((f) => f.text).join('\n'), report: formatReport(report) }
}

describe('a Socket.IO request through export', () => {
  it('the Sendbox format keeps it with its settings', () => {
    const back = parseSendboxCollection(JSON.parse(run('sendbox').text))
    const folder = back.children[0]
    const again = folder?.type === 'folder' ? (folder.children[0] as RequestSpec) : undefined
    expect(again).toMatchObject({ kind: 'socketio', url: chat.url, socketio })
    expect(run('sendbox').report).toBe('')
  })

  it('the git files keep it', () => {
    const [back] = filesToCollections(collectionsToFiles([collection]))
    const folder = back?.children[0]
    expect(folder?.type === 'folder' && folder.children[0]).toMatchObject({ kind: 'socketio', socketio })
  })

  it.each([
    ['postman', 'Postman: its collection format v2.1 has HTTP requests only'],
    ['bruno', 'Bruno: Bruno has no Socket.IO requests'],
    ['har', 'HAR: HAR records HTTP exchanges only'],
    ['openapi', 'OpenAPI: OpenAPI describes HTTP operations only'],
  ])('%s leaves it out, keeps the rest, and says why', (format, why) => {
    const { text, report } = run(format)
    expect(text).not.toContain('chat.test/?room')
    expect(text).toContain('/status')
    expect(report).toContain(`Socket.IO request "Chat" at F (not supported in ${why}`)
  })
})
