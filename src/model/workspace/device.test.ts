import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { makeRequest } from '../factories.ts'
import type { WireResponse } from '../wire.ts'
import {
  activeEnvironmentId,
  expandedItems,
  setExpandedItems,
  activeTabId,
  addHistoryEntry,
  addRun,
  clearHistory,
  clearRuns,
  closeAllTabs,
  closeOtherTabs,
  closeTab,
  deleteOAuthToken,
  duplicateTab,
  forgetSecrets,
  HISTORY_LIMIT,
  initDevice,
  listTabs,
  markTabSaved,
  moveTab,
  openTab,
  readHistory,
  readOAuthToken,
  readRuns,
  readSecret,
  readSettings,
  RUN_BODY_LIMIT,
  RUNS_PER_REQUEST,
  setActiveEnvironment,
  setActiveTab,
  setOAuthToken,
  setSecretValue,
  storedResponse,
  subscribeDevice,
  updateDraft,
  updateSettings,
} from './api.ts'

function device() {
  const doc = new Y.Doc()
  initDevice(doc)
  return doc
}

function tabNames(doc: Y.Doc): string[] {
  return listTabs(doc).map((tab) => tab.draft.name)
}

function withTabs(...names: string[]) {
  const doc = device()
  const ids = names.map((name) => openTab(doc, makeRequest({ name })))
  return { doc, ids }
}

describe('tabs', () => {
  it('opens tabs in order and activates the newest', () => {
    const { doc, ids } = withTabs('A', 'B')
    openTab(doc, makeRequest({ name: 'First' }), { index: 0, activate: false })
    expect(tabNames(doc)).toEqual(['First', 'A', 'B'])
    expect(activeTabId(doc)).toBe(ids[1])
  })

  it('marks a tab dirty on edit and clean on save', () => {
    const { doc, ids } = withTabs('A')
    const tab = ids[0]!
    updateDraft(doc, tab, { url: 'https://example.test', method: 'POST' })
    expect(listTabs(doc)[0]).toMatchObject({ dirty: true, savedRequestId: null })
    expect(listTabs(doc)[0]!.draft).toMatchObject({ url: 'https://example.test', method: 'POST', name: 'A' })
    markTabSaved(doc, tab, 'request-1')
    expect(listTabs(doc)[0]).toMatchObject({ dirty: false, savedRequestId: 'request-1' })
    expect(listTabs(doc)[0]!.draft.id).toBe('request-1')
  })

  it('duplicates a tab as an unsaved copy next to it', () => {
    const { doc, ids } = withTabs('A', 'B')
    markTabSaved(doc, ids[0]!, 'saved')
    const copy = duplicateTab(doc, ids[0]!)
    expect(tabNames(doc)).toEqual(['A', 'A', 'B'])
    expect(listTabs(doc)[1]).toMatchObject({ id: copy, savedRequestId: null, dirty: true })
    expect(activeTabId(doc)).toBe(copy)
  })

  it.each([
    ['the right neighbour', 1, ['A', 'C'], 'C'],
    ['the left neighbour when it was last', 2, ['A', 'B'], 'B'],
  ])('closing the active tab activates %s', (_case, close, remaining, active) => {
    const { doc, ids } = withTabs('A', 'B', 'C')
    setActiveTab(doc, ids[close]!)
    closeTab(doc, ids[close]!)
    expect(tabNames(doc)).toEqual(remaining)
    expect(listTabs(doc).find((tab) => tab.id === activeTabId(doc))!.draft.name).toBe(active)
  })

  it('closes other tabs and all tabs', () => {
    const { doc, ids } = withTabs('A', 'B', 'C')
    closeOtherTabs(doc, ids[1]!)
    expect(tabNames(doc)).toEqual(['B'])
    expect(activeTabId(doc)).toBe(ids[1])
    closeAllTabs(doc)
    expect(listTabs(doc)).toEqual([])
    expect(activeTabId(doc)).toBeNull()
  })

  it('reorders tabs', () => {
    const { doc, ids } = withTabs('A', 'B', 'C')
    moveTab(doc, ids[0]!, 2)
    expect(tabNames(doc)).toEqual(['B', 'C', 'A'])
    moveTab(doc, ids[0]!, 0)
    expect(tabNames(doc)).toEqual(['A', 'B', 'C'])
  })
})

describe('settings', () => {
  it('reads defaults and merges patches per section', () => {
    const doc = device()
    expect(readSettings(doc).editor).toEqual({
      formatJsonOnSend: false,
      responseView: 'pretty',
      defaultHeaders: true,
    })
    expect(readSettings(doc).proxy.bypass).toBe('localhost,127.0.0.1')
    updateSettings(doc, { editor: { formatJsonOnSend: true }, keyboard: { rename: 'F2' } })
    updateSettings(doc, { editor: { responseView: 'raw' }, tls: { verify: false } })
    const settings = readSettings(doc)
    expect(settings.editor).toEqual({ formatJsonOnSend: true, responseView: 'raw', defaultHeaders: true })
    expect(settings.keyboard).toEqual({ rename: 'F2' })
    expect(settings.tls).toEqual({ verify: false, caPem: [], clientCertificates: [] })
  })

  it('keeps the HTTP version, Auto by default', () => {
    const doc = device()
    expect(readSettings(doc).network).toEqual({ httpVersion: 'auto' })
    updateSettings(doc, { network: { httpVersion: '2' } })
    expect(readSettings(doc).network).toEqual({ httpVersion: '2' })
  })

  it('keeps the assistant endpoint, model and key, empty by default', () => {
    const doc = device()
    expect(readSettings(doc).assistant).toEqual({ url: '', model: '', key: '' })
    updateSettings(doc, { assistant: { url: 'http://127.0.0.1:8080/v1', model: 'qwen' } })
    updateSettings(doc, { assistant: { key: 'sk-local' } })
    expect(readSettings(doc).assistant).toEqual({
      url: 'http://127.0.0.1:8080/v1',
      model: 'qwen',
      key: 'sk-local',
    })
  })

  it('never stores the proxy password', () => {
    const doc = device()
    updateSettings(doc, {
      proxy: { enabled: true, host: 'proxy.local', port: 3128, username: 'u', password: 'pw-9c1' },
    })
    expect(readSettings(doc).proxy).toMatchObject({ enabled: true, host: 'proxy.local', username: 'u' })
    expect(readSettings(doc).proxy).not.toHaveProperty('password')
    expect(new TextDecoder().decode(Y.encodeStateAsUpdate(doc))).not.toContain('pw-9c1')
  })

  it('remembers the active environment', () => {
    const doc = device()
    expect(activeEnvironmentId(doc)).toBeNull()
    setActiveEnvironment(doc, 'env-1')
    expect(activeEnvironmentId(doc)).toBe('env-1')
  })
})

describe('secrets and OAuth tokens', () => {
  it('stores, reads and forgets secret values', () => {
    const doc = device()
    setSecretValue(doc, 'v1', 'one')
    setSecretValue(doc, 'v2', 'two')
    forgetSecrets(doc, ['v1'])
    expect(readSecret(doc, 'v1')).toBeUndefined()
    expect(readSecret(doc, 'v2')).toEqual({ value: 'two', scriptAccess: false })
  })

  it('keeps a token per owner until deleted', () => {
    const doc = device()
    setOAuthToken(doc, 'collection-1', { accessToken: 'at', refreshToken: 'rt', expiresAt: 1000 })
    expect(readOAuthToken(doc, 'collection-1')).toEqual({
      accessToken: 'at',
      refreshToken: 'rt',
      expiresAt: 1000,
    })
    deleteOAuthToken(doc, 'collection-1')
    expect(readOAuthToken(doc, 'collection-1')).toBeUndefined()
  })
})

describe('history', () => {
  it(`keeps the last ${HISTORY_LIMIT} sends, newest first, failed ones included`, () => {
    const doc = device()
    for (let i = 0; i < HISTORY_LIMIT + 5; i++) {
      const failed = i % 10 === 0
      addHistoryEntry(doc, {
        time: i,
        method: 'GET',
        url: `https://example.test/${i}`,
        outcome: failed ? 'failed' : 'done',
        ...(failed ? { error: 'ECONNREFUSED' } : { status: 200, durationMs: 3 }),
      })
    }
    const history = readHistory(doc)
    expect(history).toHaveLength(HISTORY_LIMIT)
    expect(history[0]!.url).toBe(`https://example.test/${HISTORY_LIMIT + 4}`)
    expect(history.at(-1)!.url).toBe('https://example.test/5')
    expect(history.find((entry) => entry.time === 100)).toMatchObject({
      outcome: 'failed',
      error: 'ECONNREFUSED',
    })
    clearHistory(doc)
    expect(readHistory(doc)).toEqual([])
  })

  it(`keeps the last ${RUNS_PER_REQUEST} runs per request`, () => {
    const doc = device()
    for (let i = 0; i < RUNS_PER_REQUEST + 3; i++)
      addRun(doc, 'r1', { time: i, status: 200, outcome: 'done' })
    addRun(doc, 'r2', { time: 7, outcome: 'failed' })
    expect(readRuns(doc, 'r1').map((run) => run.time)).toEqual(
      Array.from({ length: RUNS_PER_REQUEST }, (_, i) => RUNS_PER_REQUEST + 2 - i),
    )
    expect(readRuns(doc, 'r2')).toHaveLength(1)
    clearRuns(doc, 'r1')
    expect(readRuns(doc, 'r1')).toEqual([])
  })
})

function response(contentType: string | undefined, body: Uint8Array): WireResponse {
  return {
    status: 200,
    statusText: 'OK',
    httpVersion: '1.1',
    headers: contentType ? [['Content-Type', contentType]] : [],
    body,
    eventStream: false,
    cookies: [],
    timings: { total: 1 },
    sizes: { requestHeaders: 0, requestBody: 0, responseHeaders: 0, responseBody: body.length },
    url: 'http://127.0.0.1/',
  }
}

describe('storedResponse', () => {
  it.each([
    ['application/json; charset=utf-8', '{"ä":1}', 'text'],
    ['application/vnd.api+json', '{}', 'text'],
    ['text/html', '<p>hi</p>', 'text'],
    [undefined, 'plain', 'text'],
  ] as const)('keeps %s as text', (type, body, encoding) => {
    const stored = storedResponse(response(type, new TextEncoder().encode(body)))
    expect(stored).toMatchObject({ body, bodyEncoding: encoding, truncated: false })
  })

  it('keeps binary bodies as base64 and caps long ones', () => {
    const png = storedResponse(response('image/png', new Uint8Array([137, 80, 78, 71])))
    expect(png).toMatchObject({ body: 'iVBORw==', bodyEncoding: 'base64', sizeBytes: 4 })
    const long = storedResponse(response('text/plain', new Uint8Array(RUN_BODY_LIMIT + 10).fill(97)))
    expect(long.body).toHaveLength(RUN_BODY_LIMIT)
    expect(long.truncated).toBe(true)
    expect(long.sizeBytes).toBe(RUN_BODY_LIMIT + 10)
  })

  it('keeps the first characters of a long multi-byte body and marks it cut', () => {
    // 3-byte characters: the decoded prefix must still hold RUN_BODY_LIMIT whole characters.
    const text = '€'.repeat(RUN_BODY_LIMIT + 5)
    const stored = storedResponse(response('text/plain', new TextEncoder().encode(text)))
    expect(stored.body).toBe('€'.repeat(RUN_BODY_LIMIT))
    expect(stored.truncated).toBe(true)
    const exact = storedResponse(response(undefined, new TextEncoder().encode('ü'.repeat(RUN_BODY_LIMIT))))
    expect(exact).toMatchObject({ bodyEncoding: 'text', truncated: false })
    expect(exact.body).toHaveLength(RUN_BODY_LIMIT)
  })
})

describe('subscribeDevice', () => {
  it('fires once per action', () => {
    const doc = device()
    const origins: unknown[] = []
    const stop = subscribeDevice(doc, (origin) => origins.push(origin))
    const tab = openTab(doc, makeRequest())
    updateDraft(doc, tab, { url: 'a', name: 'b', method: 'PUT' })
    stop()
    closeTab(doc, tab)
    expect(origins).toEqual(['sendbox-local', 'sendbox-local'])
  })
})

describe('expanded tree rows', () => {
  it('are kept, capped, and read as none when absent', () => {
    const doc = new Y.Doc()
    initDevice(doc)
    expect(expandedItems(doc)).toEqual([])
    setExpandedItems(doc, ['c1', 'f1'])
    expect(expandedItems(doc)).toEqual(['c1', 'f1'])
    setExpandedItems(
      doc,
      Array.from({ length: 1005 }, (_, i) => `id${i}`),
    )
    expect(expandedItems(doc)).toHaveLength(1000)
    expect(expandedItems(doc)[0]).toBe('id5')
  })
})
