import { describe, expect, it } from 'vitest'
import { makeCollection, makeFolder, makeRequest, makeRow } from '../factories.ts'
import { collectionsToFiles, filesToCollections } from '../git/tree-files.ts'
import { parseSendboxCollection } from '../import/sendbox.ts'
import type { RequestSpec } from '../types.ts'
import { findExporter } from './index.ts'

const sse = makeRequest({
  name: 'Ticks',
  kind: 'sse',
  url: 'https://stream.test/events?topic={{topic}}',
  params: [makeRow({ key: 'topic', value: '{{topic}}' })],
  headers: [makeRow({ key: 'X-Client', value: 'app' })],
  auth: { type: 'bearer', token: '{{token}}' },
})
const plain = makeRequest({ name: 'Plain', url: 'https://stream.test/status' })
const collection = makeCollection({
  name: 'Streams',
  children: [makeFolder({ name: 'F', children: [sse] }), plain],
})
const exported = (format: string) =>
  findExporter(format)!
    .exporter(collection, { includeSecrets: false })
    .map((f) => f.text)
    .join('\n')

describe('a Server-Sent Events request through export, import and the git files', () => {
  it('the Sendbox format keeps it as it was', () => {
    const back = parseSendboxCollection(JSON.parse(exported('sendbox')))
    const folder = back.children[0]
    const again = folder?.type === 'folder' ? (folder.children[0] as RequestSpec) : undefined
    expect(again).toMatchObject({ kind: 'sse', url: sse.url, auth: sse.auth })
    expect(again?.headers.map((h) => [h.key, h.value])).toEqual([['X-Client', 'app']])
  })

  it('the git files keep it', () => {
    const [back] = filesToCollections(collectionsToFiles([collection]))
    const folder = back?.children[0]
    expect(folder?.type === 'folder' && folder.children[0]).toMatchObject({ kind: 'sse', url: sse.url })
  })

  it.each(['postman', 'bruno', 'har'])('%s leaves it out and keeps the rest', (format) => {
    const text = exported(format)
    expect(text).not.toContain('stream.test/events')
    expect(text).toContain('stream.test/status')
  })

  it('OpenAPI lists it as skipped, with the reason', () => {
    const document = JSON.parse(exported('openapi')) as { 'x-sendbox-skipped': unknown[] }
    expect(document['x-sendbox-skipped']).toEqual([
      expect.objectContaining({ name: 'Ticks', reason: 'a Server-Sent Events request' }),
    ])
  })
})
