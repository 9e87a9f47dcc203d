import { expect, it } from 'vitest'
import * as Y from 'yjs'
import { createCollection, createRequest, initWorkspace, readRequest, updateRequest } from './api.ts'

it("keeps a request's own HTTP version; Auto leaves it absent (Settings decide)", () => {
  const doc = new Y.Doc()
  initWorkspace(doc)
  const api = createCollection(doc, { name: 'API' })
  const id = createRequest(doc, { parentId: api }, { name: 'Get', url: 'http://a.test/' })
  expect(readRequest(doc, id)!.httpVersion).toBeUndefined()
  updateRequest(doc, id, { httpVersion: 'h2c' })
  expect(readRequest(doc, id)!.httpVersion).toBe('h2c')
  updateRequest(doc, id, { httpVersion: 'auto' })
  expect(readRequest(doc, id)).not.toHaveProperty('httpVersion')
  // A save of a draft set back to Auto (which reads without one), against a base that had one
  updateRequest(doc, id, { httpVersion: '2' })
  const { type: _type, id: _id, ...saved } = readRequest(doc, id)!
  const { httpVersion: _dropped, ...draft } = saved
  updateRequest(doc, id, draft, undefined, saved)
  expect(readRequest(doc, id)).not.toHaveProperty('httpVersion')
})
