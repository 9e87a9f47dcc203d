import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { requestToText, textToRequest } from '../git/item-file.ts'
import { parseSendboxCollection, serializeSendboxCollection } from '../import/sendbox.ts'
import { EXPORTERS } from '../export/index.ts'
import { makeCollection, makeRequest } from '../factories.ts'
import {
  createCollection,
  createRequest,
  duplicateItem,
  initWorkspace,
  readRequest,
  updateRequest,
} from '../workspace/api.ts'
import { encodeMessage, toHex } from './message-encoding.ts'
import { makeWebSocketSettings } from './websocket.ts'

const settings = makeWebSocketSettings({
  message: { format: 'json', text: '{"a":1}' },
  saved: [{ id: 's1', name: 'Ping', format: 'hex', text: 'de ad' }],
})

describe('WebSocket messages', () => {
  it.each([
    [{ format: 'text', text: 'hi' } as const, 'hi'],
    [{ format: 'json', text: '{"a": [1]}' } as const, '{"a": [1]}'],
  ])('sends %j as text', (message, data) => {
    expect(encodeMessage(message)).toEqual({ ok: true, data })
  })

  it('reads hex and base64 as bytes', () => {
    expect(encodeMessage({ format: 'hex', text: '0xDE ad 01' })).toEqual({
      ok: true,
      data: new Uint8Array([0xde, 0xad, 1]),
    })
    expect(encodeMessage({ format: 'base64', text: '3q0B' })).toEqual({
      ok: true,
      data: new Uint8Array([0xde, 0xad, 1]),
    })
    expect(toHex(new Uint8Array([0, 255, 16]))).toBe('00 ff 10')
  })

  it.each([
    [{ format: 'json', text: '{"a": }' } as const, /^Invalid JSON: /],
    [{ format: 'hex', text: 'abz1' } as const, /Invalid hex: "z" is not a hex digit/],
    [{ format: 'hex', text: 'abc' } as const, /odd number of digits/],
    [{ format: 'base64', text: 'a$b=' } as const, /Invalid base64/],
  ])('names the problem in %j', (message, problem) => {
    const result = encodeMessage(message)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.problem).toMatch(problem)
  })
})

describe('WebSocket requests are kept like HTTP requests', () => {
  function workspace() {
    const doc = new Y.Doc()
    initWorkspace(doc)
    const collection = createCollection(doc, { name: 'C' })
    const id = createRequest(
      doc,
      { parentId: collection },
      { kind: 'websocket', url: 'ws://x/{{p}}', websocket: settings },
    )
    return { doc, id }
  }

  it('survives the workspace doc, duplicate and a 3-way save', () => {
    const { doc, id } = workspace()
    expect(readRequest(doc, id)?.websocket).toEqual(settings)
    const { id: copy } = duplicateItem(doc, id)
    expect(readRequest(doc, copy)?.websocket).toEqual(settings)
    const base = readRequest(doc, id)!
    const mine = {
      ...settings,
      saved: [...settings.saved, { id: 's2', name: 'Two', format: 'text' as const, text: 'x' }],
    }
    updateRequest(doc, id, { ...base, url: 'ws://other' }) // someone else's save
    updateRequest(doc, id, { ...base, websocket: mine }, undefined, base)
    expect(readRequest(doc, id)).toMatchObject({ url: 'ws://other', websocket: mine })
  })

  it('survives the Sendbox file and the git file, and bad settings are named', () => {
    const request = makeRequest({ kind: 'websocket', url: 'wss://h', websocket: settings })
    const file = serializeSendboxCollection(makeCollection({ children: [request] }))
    expect(parseSendboxCollection(JSON.parse(file)).children[0]).toEqual(request)
    expect(textToRequest(requestToText(request), 'r.yaml')).toEqual(request)
    const bad = JSON.parse(file)
    bad.collection.children[0].websocket.saved[0].format = 'xml'
    expect(() => parseSendboxCollection(bad)).toThrow(/children\[0\]\.websocket\.saved\[0\]\.format/)
  })
})

describe('exporters of other formats', () => {
  it.each(EXPORTERS.map((entry) => [entry.id, entry] as const))(
    '%s leaves WebSocket requests out without failing',
    (_id, entry) => {
      const socket = makeRequest({
        kind: 'websocket',
        name: 'Sock',
        url: 'ws://h/socket-path',
        websocket: settings,
      })
      const plain = makeRequest({ name: 'Plain', url: 'https://h/plain-path' })
      const files = entry.exporter(makeCollection({ name: 'C', children: [socket, plain] }), {
        includeSecrets: false,
      })
      const text = files.map((file) => file.text).join('\n')
      expect(text).toContain('plain-path')
      if (entry.id !== 'sendbox' && entry.id !== 'openapi') expect(text).not.toContain('socket-path')
      if (entry.id === 'openapi') expect(text).toContain('a WebSocket request')
    },
  )
})
