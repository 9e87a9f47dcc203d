/**
 * Character-by-character merging: the diff helpers on real Y.Texts, and two workspace docs that
 * edit the same request's URL, body, script, header value and name offline, then meet.
 */
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { RequestSpec } from '../types.ts'
import {
  createCollection,
  createRequest,
  initWorkspace,
  readRequest,
  renameItem,
  setScripts,
  updateRequest,
} from './api.ts'
import type { RequestFields } from './types.ts'
import { hunk, mergeText, setText } from './text-diff.ts'

function text(initial: string): Y.Text {
  const doc = new Y.Doc()
  const t = doc.getText('t')
  t.insert(0, initial)
  return t
}

const sync = (a: Y.Doc, b: Y.Doc) => {
  Y.applyUpdate(a, Y.encodeStateAsUpdate(b))
  Y.applyUpdate(b, Y.encodeStateAsUpdate(a))
}

const fieldsOf = (request: RequestSpec): RequestFields => {
  const { type: _type, id: _id, ...fields } = request
  return fields
}

describe('text diffs', () => {
  it('finds the one changed middle, never splitting a surrogate pair', () => {
    expect(hunk('https://a.test/x', 'https://a.test/yx')).toEqual({ start: 15, end: 15, insert: 'y' })
    expect(hunk('abc', 'abc')).toEqual({ start: 3, end: 3, insert: '' })
    expect(hunk('a😀b', 'a😃b')).toEqual({ start: 1, end: 3, insert: '😃' })
  })

  it('edits a Y.Text in place: only the changed characters are new items', () => {
    const t = text('https://api.test/users')
    const before = Y.encodeStateVector(t.doc!)
    setText(t, 'https://api.test/users?page=2')
    expect(t.toString()).toBe('https://api.test/users?page=2')
    const update = Y.encodeStateAsUpdate(t.doc!, before)
    expect(update.length).toBeLessThan(40)
  })

  it.each([
    ['both ends', 'abcdef', 'Xabcdef', 'abcdefY', 'XabcdefY'],
    ['same place', 'ab', 'aXb', 'aYb', 'aXYb'],
    ['overlapping replaces keep both', 'hello world', 'hello there', 'hello word!', 'hello thered!'],
    ['their delete, my insert after it', 'abcdef', 'abcdeXf', 'af', 'aXf'],
    ['the same change twice', 'abc', 'abXc', 'abXc', 'abXc'],
  ])('merges 3-way: %s', (_name, base, mine, theirs, expected) => {
    const t = text(theirs)
    mergeText(t, base, mine)
    expect(t.toString()).toBe(expected)
  })
})

describe('two people, one request, offline', () => {
  function twoPeers() {
    const ada = new Y.Doc()
    initWorkspace(ada)
    const collection = createCollection(ada, { name: 'API' })
    const id = createRequest(
      ada,
      { parentId: collection },
      {
        name: 'Users',
        url: 'https://api.test/users',
        headers: [{ id: 'h1', key: 'Accept', value: 'application/json', enabled: true }],
        body: { type: 'raw', language: 'json', text: '{"name":"x"}' },
        scripts: { preRequest: 'const a = 1', postResponse: '' },
      },
    )
    const bob = new Y.Doc()
    Y.applyUpdate(bob, Y.encodeStateAsUpdate(ada))
    return { ada, bob, id }
  }

  it('saves of drafts that both changed the same fields converge keeping both people’s characters', () => {
    const { ada, bob, id } = twoPeers()
    const base = fieldsOf(readRequest(ada, id)!)
    // Each works on a draft (a tab) started from the same saved version, then saves it.
    updateRequest(
      ada,
      id,
      {
        ...base,
        name: 'All users',
        url: 'https://api.test/v2/users',
        headers: [{ ...base.headers[0]!, value: 'application/json; charset=utf-8' }],
        body: { type: 'raw', language: 'json', text: '{"name":"x","age":3}' },
        scripts: { preRequest: 'const a = 1\nconst b = 2', postResponse: '' },
      },
      undefined,
      base,
    )
    updateRequest(
      bob,
      id,
      {
        ...base,
        name: 'Users list',
        url: 'https://api.test/users?page=2',
        headers: [{ ...base.headers[0]!, value: 'text/json' }],
        body: { type: 'raw', language: 'json', text: '{"id":1,"name":"x"}' },
        scripts: { preRequest: '// setup\nconst a = 1', postResponse: 'svc.test()' },
        method: 'POST',
      },
      undefined,
      base,
    )
    sync(ada, bob)
    const merged = readRequest(ada, id)!
    expect(readRequest(bob, id)).toEqual(merged)
    expect(merged.url).toBe('https://api.test/v2/users?page=2')
    expect(merged.name).toBe('All users list')
    expect(merged.body).toEqual({ type: 'raw', language: 'json', text: '{"id":1,"name":"x","age":3}' })
    expect(merged.scripts).toEqual({
      preRequest: '// setup\nconst a = 1\nconst b = 2',
      postResponse: 'svc.test()',
    })
    expect(merged.method).toBe('POST')
    // Both replaced the same middle: both texts are kept, side by side.
    expect(merged.headers[0]!.value).toContain('charset=utf-8')
    expect(merged.headers[0]!.value).toContain('text/json')
  })

  it('direct edits (rename, scripts, fields without a base) merge by characters too', () => {
    const { ada, bob, id } = twoPeers()
    renameItem(ada, id, 'Users (admin)')
    renameItem(bob, id, 'All Users')
    setScripts(ada, id, { preRequest: 'const a = 1;' })
    setScripts(bob, id, { preRequest: 'let x; const a = 1' })
    updateRequest(ada, id, { url: 'https://api.test/users/1' })
    updateRequest(bob, id, { url: 'http://api.test/users' })
    sync(ada, bob)
    const merged = readRequest(ada, id)!
    expect(readRequest(bob, id)).toEqual(merged)
    expect(merged.name).toBe('All Users (admin)')
    expect(merged.scripts.preRequest).toBe('let x; const a = 1;')
    expect(merged.url).toBe('http://api.test/users/1')
  })

  it('a field one draft did not change keeps the other person’s edit; a row they added stays', () => {
    const { ada, bob, id } = twoPeers()
    const base = fieldsOf(readRequest(ada, id)!)
    updateRequest(bob, id, {
      method: 'PUT',
      headers: [...base.headers, { id: 'h2', key: 'X-Bob', value: 'b', enabled: true }],
    })
    updateRequest(ada, id, { ...base, url: `${base.url}?ada=1` }, undefined, base)
    sync(ada, bob)
    const merged = readRequest(bob, id)!
    expect(merged.method).toBe('PUT')
    expect(merged.url).toBe('https://api.test/users?ada=1')
    expect(merged.headers.map((h) => h.key)).toEqual(['Accept', 'X-Bob'])
  })
})
