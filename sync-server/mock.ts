/**
 * The app's mock servers: `/mock/<collection id>/...` answers from that collection's saved
 * responses (src/model/mock), read from the collection's room (`<workspace>/c/<collection id>`), for anyone who can reach this
 * server. Whether a collection's mock is on, and which room holds it, is set by the app through
 * `/sync/mock/<collection id>` (behind the owner gate) and kept in `<data>/mocks.json`; the calls
 * that reached a mock are kept in memory (the last 200) for the app's dialog.
 */
import { readFile, writeFile, rename } from 'node:fs/promises'
import type { IncomingMessage, ServerResponse } from 'node:http'
import path from 'node:path'
import type * as Y from 'yjs'
import { answerMock } from '../src/model/mock/match.ts'
import { mockRoutes, type MockRoute } from '../src/model/mock/routes.ts'
import { readCollection } from '../src/model/workspace/read.ts'
import { collectionRoom } from './rooms.ts'

const ID = /^[A-Za-z0-9_-]{1,128}$/
export const MOCK_PATH = /^\/mock\/([^/]+)(\/.*)?$/
const LOG_SIZE = 200
const MAX_BODY_BYTES = 4096

export interface MockCall {
  at: number
  method: string
  path: string
  status: number
  /** `<request name> / <example name>` when an example answered. */
  matched?: string
}

interface Registration {
  room: string
  enabled: boolean
}

export interface MockService {
  /** `/mock/<collection id>/...`: public, answers from the examples. */
  serve(req: IncomingMessage, res: ServerResponse, collectionId: string, rest: string): Promise<void>
  /** `GET` or `PUT /sync/mock/<collection id>`, from the app (already past the owner gate). */
  control(req: IncomingMessage, res: ServerResponse, collectionId: string): Promise<void>
}

function json(res: ServerResponse, status: number, value: unknown) {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' })
  res.end(JSON.stringify(value))
}

async function readBody(req: IncomingMessage): Promise<unknown> {
  let text = ''
  for await (const chunk of req as AsyncIterable<Buffer>) {
    text += chunk.toString('utf8')
    if (text.length > MAX_BODY_BYTES) throw new Error(`the body is larger than ${MAX_BODY_BYTES} bytes`)
  }
  return JSON.parse(text)
}

export async function createMockService(
  dataDir: string,
  openRoom: (room: string) => Promise<Y.Doc>,
): Promise<MockService> {
  const file = path.join(dataDir, 'mocks.json')
  const registry = new Map<string, Registration>()
  try {
    const stored = JSON.parse(await readFile(file, 'utf8')) as Record<string, Registration>
    for (const [id, entry] of Object.entries(stored))
      if (ID.test(id) && ID.test(entry.room)) registry.set(id, entry)
  } catch {
    // No mock was ever switched on here (or the file is unreadable: start with none).
  }
  let saving = Promise.resolve()
  const save = () => {
    const text = JSON.stringify(Object.fromEntries(registry), null, 2)
    saving = saving.then(async () => {
      await writeFile(`${file}.tmp`, text)
      await rename(`${file}.tmp`, file)
    })
    return saving
  }
  const logs = new Map<string, MockCall[]>()
  const routeCache = new WeakMap<Y.Doc, Map<string, MockRoute[]>>()
  const watched = new WeakSet<Y.Doc>()

  function routesOf(doc: Y.Doc, collectionId: string): MockRoute[] | undefined {
    if (!watched.has(doc)) {
      watched.add(doc)
      doc.on('update', () => routeCache.delete(doc))
    }
    let byCollection = routeCache.get(doc)
    if (!byCollection) routeCache.set(doc, (byCollection = new Map()))
    const cached = byCollection.get(collectionId)
    if (cached) return cached
    const collection = readCollection(doc, collectionId)
    if (!collection) return undefined
    const routes = mockRoutes(collection)
    byCollection.set(collectionId, routes)
    return routes
  }

  function record(collectionId: string, call: MockCall) {
    const log = logs.get(collectionId) ?? []
    log.push(call)
    if (log.length > LOG_SIZE) log.splice(0, log.length - LOG_SIZE)
    logs.set(collectionId, log)
  }

  return {
    async serve(req, res, collectionId, rest) {
      req.resume()
      const entry = registry.get(collectionId)
      if (!entry?.enabled)
        return json(res, 404, { error: `No mock server is switched on for collection ${collectionId}` })
      // The workspace's root first: a room still in the one-doc shape holds the collection itself
      // (and is split as it loads); otherwise the collection's own room holds it.
      const routes =
        routesOf(await openRoom(entry.room), collectionId) ??
        routesOf(await openRoom(collectionRoom(entry.room, collectionId)), collectionId)
      if (!routes)
        return json(res, 404, { error: `Collection ${collectionId} is not in its workspace any more` })
      const answer = answerMock(routes, {
        method: req.method ?? 'GET',
        url: rest || '/',
        headers: req.headers,
      })
      record(collectionId, {
        at: Date.now(),
        method: req.method ?? 'GET',
        path: rest || '/',
        status: answer.status,
        ...(answer.route ? { matched: `${answer.route.requestName} / ${answer.route.example.name}` } : {}),
      })
      res.setHeader('access-control-allow-origin', '*')
      for (const row of answer.headers) res.appendHeader(row.key, row.value)
      res.writeHead(answer.status)
      res.end(answer.body)
    },

    async control(req, res, collectionId) {
      if (!ID.test(collectionId)) return json(res, 400, { error: 'not a collection id' })
      if (req.method === 'GET') {
        const entry = registry.get(collectionId)
        return json(res, 200, { enabled: entry?.enabled ?? false, calls: logs.get(collectionId) ?? [] })
      }
      if (req.method !== 'PUT') return json(res, 405, { error: `${req.method} is not allowed here` })
      let body: { room?: unknown; enabled?: unknown }
      try {
        body = (await readBody(req)) as typeof body
      } catch (error) {
        return json(res, 400, { error: `the body is not the JSON expected: ${(error as Error).message}` })
      }
      if (typeof body?.room !== 'string' || !ID.test(body.room) || typeof body.enabled !== 'boolean')
        return json(res, 400, { error: 'expected { "room": <workspace id>, "enabled": true | false }' })
      registry.set(collectionId, { room: body.room, enabled: body.enabled })
      await save()
      return json(res, 200, { enabled: body.enabled, calls: logs.get(collectionId) ?? [] })
    },
  }
}
