import { describe, expect, it } from 'vitest'
import { makeCollection, makeFolder, makeRequest, makeRow } from '../factories.ts'
import { formatReport } from '../import/report.ts'
import { findExporter } from './index.ts'
import { exportWithReport } from './report.ts'

const collection = makeCollection({
  name: 'Mixed',
  children: [
    makeRequest({ name: 'Chat', kind: 'websocket', url: 'ws://h/chat' }),
    makeFolder({
      name: 'Live',
      children: [
        makeRequest({ name: 'Ticks', kind: 'sse', url: 'https://h/events' }),
        makeFolder({ name: 'Rpc', children: [makeRequest({ name: 'Greet', kind: 'grpc', url: 'h:50051' })] }),
      ],
    }),
    makeRequest({ name: 'Plain', url: 'https://h/plain' }),
  ],
})

const lineOf = (format: string, source = collection) =>
  formatReport(exportWithReport(findExporter(format)!.exporter, source, { includeSecrets: false }).report)

describe('exports report what they leave out', () => {
  it.each([
    ['postman', 'Postman'],
    ['bruno', 'Bruno'],
    ['openapi', 'OpenAPI'],
    ['har', 'HAR'],
  ])('%s names each WebSocket, SSE and gRPC request, where it was and why', (format, label) => {
    expect(lineOf(format)).toBe(
      `3 items skipped: WebSocket request "Chat" (not supported in ${label}); ` +
        `Server-Sent Events request "Ticks" at Live (not supported in ${label}); ` +
        `gRPC request "Greet" at Live/Rpc (not supported in ${label})`,
    )
  })

  it('the Sendbox format keeps everything and reports nothing', () => {
    expect(lineOf('sendbox')).toBe('')
  })

  it('an exporter without a report to fill still leaves the requests out, silently', () => {
    const files = findExporter('postman')!.exporter(collection, { includeSecrets: false })
    expect(files[0]!.text).not.toContain('ws://h/chat')
  })

  it('Postman and Bruno report request cookies; Bruno an auth type it has not', () => {
    const source = makeCollection({
      children: [
        makeRequest({
          name: 'Session',
          url: 'https://h/me',
          cookies: [makeRow({ key: 'sid', value: '1' })],
          auth: { type: 'unsupported', name: 'hawk', params: '[]' },
        }),
      ],
    })
    expect(lineOf('postman', source)).toBe(
      '1 item skipped: cookies of request "Session" (not supported in Postman)',
    )
    expect(lineOf('bruno', source)).toBe(
      '2 items skipped: cookies of request "Session" (not supported in Bruno); ' +
        'hawk auth of request "Session" (not supported in Bruno)',
    )
  })

  it('OpenAPI reports a second request with the same method and path', () => {
    const source = makeCollection({
      children: [
        makeRequest({ name: 'One', url: 'https://h/users' }),
        makeFolder({ name: 'F', children: [makeRequest({ name: 'Two', url: 'https://h/users' })] }),
      ],
    })
    expect(lineOf('openapi', source)).toBe(
      '1 item skipped: request "Two" at F (another request has GET /users: OpenAPI has one operation per method and path)',
    )
  })
})
