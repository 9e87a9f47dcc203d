/**
 * The Bruno folder reader and the Postman and Bruno exporters, fuzzed. Real `.bru` files cut short
 * or with characters put in are read or refused with an `ImportSourceError` whose message is one
 * clear line; collections with any names, values and scripts (unicode, `__proto__`, `{{…}}`, line
 * breaks) come back from Postman v2.1 and from a Bruno folder with every mapped field unchanged.
 */
import { resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { exportBruno } from '../../src/model/export/bruno.ts'
import { exportPostman } from '../../src/model/export/postman.ts'
import {
  makeCollection,
  makeFolder,
  makeRequest,
  makeRow,
  makeScripts,
  makeVariable,
} from '../../src/model/factories.ts'
import { UNREADABLE_ROW } from '../../src/model/import/bruno-request.ts'
import { importSource, ImportSourceError } from '../../src/model/import/import-source.ts'
import { formatReport } from '../../src/model/import/report.ts'
import type { Collection, RequestSpec } from '../../src/model/types.ts'
import { mappedFields } from '../fixtures/import/rich-collection.ts'
import { folderSource } from '../helpers/folder-source.ts'
import { expectClearMessage, expectClearRejection, fuzzParams, FUZZ_TIMEOUT_MS, timed } from './fuzz.ts'

const SHOP = folderSource(resolve(import.meta.dirname, '../fixtures/import/bruno/shop'))

describe('Bruno folders, damaged', () => {
  it(
    'are read or refused with one clear line',
    () => {
      if (SHOP.kind !== 'folder') throw new Error('a folder')
      const files = SHOP.files
      const damaged = fc
        .tuple(
          fc.nat(files.length - 1),
          fc.nat(),
          fc.boolean(),
          fc.string({ maxLength: 3, unit: 'grapheme' }),
        )
        .map(([which, at, cut, insert]) => {
          const file = files[which]!
          const i = at % (file.text.length + 1)
          const text = cut ? file.text.slice(0, i) : file.text.slice(0, i) + insert + file.text.slice(i + 1)
          // The damaged file with bruno.json (whole folders would make 10,000 cases slow).
          const config = files.find((f) => f.path === 'bruno.json')!
          return file === config ? [{ ...file, text }] : [config, { ...file, text }]
        })
      fc.assert(
        fc.property(damaged, (folder) => {
          try {
            const bundle = timed(() => importSource({ kind: 'folder', name: 'shop', files: folder }))
            expect(bundle.format).toBe('bruno')
            const line = formatReport(bundle.report)
            if (line) expectClearMessage(line)
          } catch (error) {
            expectClearRejection(error, ImportSourceError)
          }
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})

// Text a user may type anywhere; Bruno's format is line based, so names and values are one line
// without surrounding blanks (what Bruno's own app lets one enter).
const line = fc
  .oneof(
    fc.string({ maxLength: 10, unit: 'grapheme' }),
    fc.constantFrom('__proto__', 'constructor', '{{v}}', 'a: b', '~x', '@file(x)', 'ü 🛒'),
  )
  .map((s) => s.replace(/[\r\n\u2028\u2029\p{Cc}]/gu, '').trim())
// Names: letters, digits, `_` and `-` in any script (Bruno quotes other names in its own way).
const key = line.map((s) => s.replace(/[^\p{L}\p{N}_-]/gu, '') || 'k')
const script = fc.array(line, { maxLength: 3 }).map((lines) => lines.filter(Boolean).join('\n'))

// A description: lines of text (Bruno's docs block keeps lines, not their surrounding blanks).
const description = script.map((text) => (text ? { description: text } : {}))

const request = fc
  .record({ name: key, value: line, header: key, script, enabled: fc.boolean(), body: line, description })
  .map(({ name, value, header, script, enabled, body, description }): RequestSpec =>
    makeRequest({
      ...description,
      name,
      method: 'POST',
      url: `{{baseUrl}}/anything/${encodeURIComponent(name)}`,
      headers: [makeRow({ key: header, value }), makeRow({ key: `${header}2`, value, enabled })].sort(
        (a, b) => Number(b.enabled) - Number(a.enabled),
      ),
      body: { type: 'raw', language: 'text', text: body || 'x' },
      auth: { type: 'bearer', token: value },
      scripts: makeScripts({ preRequest: script, postResponse: script }),
    }),
  )

const collection = fc
  .record({
    name: key,
    folder: key,
    requests: fc.array(request, { maxLength: 3 }),
    varKey: key,
    varValue: line,
    docs: description,
    folderDocs: description,
  })
  .map(({ name, folder, requests, varKey, varValue, docs, folderDocs }): Collection =>
    makeCollection({
      ...docs,
      name,
      variables: [makeVariable({ key: varKey, value: varValue })],
      children: [makeFolder({ ...folderDocs, name: folder, children: requests })],
    }),
  )

describe('exports, any names and values', () => {
  it(
    'come back from Postman v2.1 and from a Bruno folder unchanged',
    () => {
      fc.assert(
        fc.property(collection, (source) => {
          const postman = exportPostman(source, { includeSecrets: true })[0]!
          const fromPostman = timed(() =>
            importSource({ kind: 'file', name: postman.path, text: postman.text }),
          )
          expect(mappedFields(fromPostman.collections[0])).toEqual(mappedFields(source))
          const files = exportBruno(source, { includeSecrets: true })
          const fromBruno = timed(() => importSource({ kind: 'folder', name: 'x', files }))
          // Bruno's parser loses a row named __proto__: the import says so instead of dropping it.
          if (JSON.stringify(source).includes('"key":"__proto__"'))
            expect(fromBruno.report.skipped.map((s) => s.reason)).toContain(UNREADABLE_ROW)
          else expect(mappedFields(fromBruno.collections[0])).toEqual(mappedFields(source))
        }),
        fuzzParams(),
      )
    },
    // Each case writes and parses two formats (about 10 ms; more on a busy machine).
    FUZZ_TIMEOUT_MS * 4,
  )
})
