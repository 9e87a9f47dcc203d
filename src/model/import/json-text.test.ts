import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import { postmanCollection } from '../../../tests/helpers/postman.ts'
import * as workspace from '../workspace/api.ts'
import { ImportError, visible } from './import-error.ts'
import { decodeText, MAX_FOLDER_DEPTH, parseJsonText } from './json-text.ts'
import { parsePostmanCollection } from './postman.ts'
import { parseSendboxCollection, serializeSendboxCollection } from './sendbox.ts'

const utf8 = (text: string) => new TextEncoder().encode(text)

describe('decodeText', () => {
  it('drops a UTF-8 byte order mark', () => {
    expect(decodeText(new Uint8Array([0xef, 0xbb, 0xbf, ...utf8('{"ä":1}')]))).toBe('{"ä":1}')
  })

  it('reads UTF-16 with its mark, little and big endian', () => {
    const le = new Uint8Array([0xff, 0xfe, 0x7b, 0, 0x7d, 0])
    const be = new Uint8Array([0xfe, 0xff, 0, 0x7b, 0, 0x7d])
    expect(decodeText(le)).toBe('{}')
    expect(decodeText(be)).toBe('{}')
  })

  it('leaves text without a mark as it is', () => {
    expect(decodeText(utf8('{"a":"\uFEFF"}'))).toBe('{"a":"\uFEFF"}')
  })
})

describe('parseJsonText', () => {
  it('ignores a leading byte order mark left by a reader that kept it', () => {
    expect(parseJsonText('\uFEFF{"a":1}')).toEqual({ a: 1 })
  })

  it('names an invisible character instead of printing it', () => {
    const error = (() => {
      try {
        parseJsonText('{"a":\u200B1}')
      } catch (caught) {
        return caught as ImportError
      }
    })()
    expect(error).toBeInstanceOf(ImportError)
    expect(error!.message).toMatch(/^not valid JSON \(.*U\+200B/)
    expect(error!.message).not.toContain('\u200B')
  })

  it('the Sendbox reader (the app’s import) takes text with a mark', () => {
    const text = '\uFEFF' + JSON.stringify({ sendbox: 1, collection: { name: 'C' } })
    expect(parseSendboxCollection(text).name).toBe('C')
  })
})

describe('visible', () => {
  it('writes control, format and separator characters as code points', () => {
    expect(visible('a\u0000b\u200Bc\u2028d\uFEFF')).toBe('aU+0000bU+200BcU+2028dU+FEFF')
    expect(visible('plain ä ✓')).toBe('plain ä ✓')
  })
})

describe('deep input', () => {
  function nested(depth: number): unknown {
    let item: unknown[] = [{ name: 'r', request: { method: 'GET', url: 'http://h/' } }]
    for (let level = 0; level < depth; level++) item = [{ name: `f${level}`, item }]
    return postmanCollection('Deep', item as never)
  }

  it('GraphQL variables nested too deep to write back are refused at their path', () => {
    let variables: unknown = 1
    for (let level = 0; level < 5000; level++) variables = { v: variables }
    const collection = postmanCollection('G', [
      {
        name: 'q',
        request: { method: 'POST', url: 'http://h/', body: { mode: 'graphql', graphql: { variables } } },
      },
    ])
    expect(() => parsePostmanCollection(collection)).toThrow(
      /^item\[0\]\.request\.body\.graphql\.variables: nested more than 1000 levels deep/,
    )
  })

  it(`a collection at the limit (${MAX_FOLDER_DEPTH} folders) goes into a workspace and out again`, () => {
    const collection = parsePostmanCollection(nested(MAX_FOLDER_DEPTH))
    const doc = new Y.Doc()
    workspace.initWorkspace(doc)
    const id = workspace.importCollection(doc, collection)
    const expanded = new Set<string>([id])
    let rows = workspace.listTree(doc, expanded)
    while (rows.some((row) => row.hasChildren && !row.expanded)) {
      for (const row of rows) expanded.add(row.id)
      rows = workspace.listTree(doc, expanded)
    }
    expect(rows.at(-1)).toMatchObject({ type: 'request', depth: MAX_FOLDER_DEPTH + 1 })
    const exported = workspace.exportCollection(doc, id)!
    const again = parseSendboxCollection(serializeSendboxCollection(exported.collection))
    expect(JSON.stringify(again).match(/"type":"folder"/g)).toHaveLength(MAX_FOLDER_DEPTH)
    expect(workspace.duplicateItem(doc, id).idMap.size).toBeGreaterThan(MAX_FOLDER_DEPTH)
  })
})
