/**
 * The fast `.bru` request reader against Bruno's own parser: on every `.bru` request file at hand
 * (Bruno's repository, this repository's fixtures, @usebruno/lang's own test files) and on
 * damaged copies of them, it gives exactly what Bruno's parser gives, or leaves the file to it.
 * It never accepts a file Bruno's parser refuses.
 */
import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { readBruFast } from '../../src/model/import/bru-fast.ts'
import { bruLang } from '../../src/model/import/bruno-lang.ts'
import { SHAPES } from '../../bench/runner-shapes.ts'
import { fuzzParams, FUZZ_TIMEOUT_MS } from '../fuzz/fuzz.ts'

const ROOT = resolve(import.meta.dirname, '../..')

function bruFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return bruFiles(path)
    return name.endsWith('.bru') ? [path] : []
  })
}

/** Request files only: collection.bru, folder.bru and environments have grammars of their own. */
const isRequest = (path: string) =>
  !/(^|\/)(collection|folder)\.bru$/.test(path) && !/(^|\/)environments\//.test(path)

const bruno = JSON.parse(
  readFileSync(join(ROOT, 'tests/fixtures/bru-corpus/usebruno-bruno.json'), 'utf8'),
) as { files: Record<string, string> }
const corpus: [string, string][] = [
  ...Object.entries(bruno.files),
  ...[join(ROOT, 'tests'), join(ROOT, 'node_modules/@usebruno')]
    .flatMap(bruFiles)
    .map((path): [string, string] => [path.slice(ROOT.length + 1), readFileSync(path, 'utf8')]),
].filter(([path]) => isRequest(path))

/** Bruno's result as JSON holds it (its rows carry a symbol key for annotations, never read). */
function bruno2(text: string): unknown {
  return JSON.parse(JSON.stringify(bruLang.bruToJsonV2(text))) as unknown
}

/** The property: no answer, or Bruno's answer. */
function agrees(text: string): boolean {
  const fast = readBruFast(text)
  if (fast === undefined) return false
  expect(JSON.parse(JSON.stringify(fast))).toStrictEqual(bruno2(text))
  return true
}

describe('the fast .bru reader', () => {
  it('gives what Bruno’s parser gives on every .bru request file at hand, and reads most itself', () => {
    expect(corpus.length).toBeGreaterThan(600)
    let read = 0
    for (const [path, text] of corpus) {
      try {
        if (agrees(text)) read++
      } catch (error) {
        throw new Error(`${path}: ${(error as Error).message}`)
      }
    }
    // Bruno's repository is full of its rarer blocks (examples, gRPC, WebSocket, OAuth): the
    // share read here is lower than in a typical collection.
    expect(read / corpus.length).toBeGreaterThan(0.7)
  })

  it('reads the benchmark’s Bruno requests itself', () => {
    const bench = SHAPES.find((shape) => shape.bruno)!
    const dir = mkdtempSync(join(tmpdir(), 'sendbox-bru-fast-'))
    const folder = bench.write(dir, 'http://127.0.0.1:1', 3)
    for (const name of readdirSync(folder).filter((f) => f.endsWith('.bru')))
      expect(agrees(readFileSync(join(folder, name), 'utf8'))).toBe(true)
  })

  it('agrees on line endings, blank lines, spacing and edge forms', () => {
    const cases = [
      'meta {\r\n  name: a\r\n}\r\n\r\nget {\r\n  url: http://x\r\n}\r\n',
      'get {  url: http://x\n}',
      'headers {\n\n  a: 1\n\n\n  ~b :  2  \n\n}\n',
      'headers {\n}\n',
      'headers {\n  : empty key\n  k:\n}',
      'assert {\n  res.status: eq 200\n  ~res.body.a b: isString\n}\n',
      'tests {\n}\n\nmeta {\n  name: x\n}\n',
      'script:pre-request {\n\n\n  a()\n    b()\r\n c\n}',
      'body:multipart-form {\n  f: @file(a.png|b.png) @contentType(image/png)\n  t: hi @contentType(text/plain)\n  e: @file()\n}',
      'vars:pre-request {\n  @local: 1\n  ~@off: 2\n  plain: 3\n}',
      'vars:post-response {\n  ~@off: 2\n  plain: 3\n}',
      'settings {\n  encodeUrl: true\n  timeout: 12x\n  maxRedirects: 3\n  keepAliveInterval: 0\n}',
      'get {\n  url: a\n}\nget {\n  method: x\n}\nmeta {\n  seq: 4\n}\nmeta {\n  name: n\n}',
      'params:query {\n  a: 1\n}\nparams:path {\n  id: 2\n}\nquery {\n  b: 3\n}',
      'body {\n  {"a": 1}\n}\nbody:graphql {\n  q\n}\nbody:graphql:vars {\n  {}\n}',
      'auth:awsv4 {\n  ~region: x\n  region: eu\n  region: us\n}\nauth:apikey {\n  key: k\n}',
      '\u000b\u0000meta {\n  name: a\n}\u0001',
    ]
    for (const text of cases) {
      let refused = false
      try {
        bruLang.bruToJsonV2(text)
      } catch {
        refused = true
      }
      if (refused) expect(readBruFast(text), JSON.stringify(text)).toBeUndefined()
      else if (readBruFast(text) !== undefined) agrees(text)
    }
    // Forms it leaves to Bruno's parser.
    for (const text of [
      'headers {\n  "quoted key": 1\n}',
      "headers {\n  @description('d')\n  a: 1\n}",
      "headers {\n  a: '''\n    two\n    lines\n  '''\n}",
      'example {\n  name: x\n}',
      'http {\n  method: get\n}',
      'headers {\n  __proto__: 1\n}',
      'meta {\n  name: a\n}\n}',
    ])
      expect(readBruFast(text), JSON.stringify(text)).toBeUndefined()
  })

  it(
    'never differs from Bruno’s parser on damaged files',
    () => {
      const readable = corpus.map(([, text]) => text).filter((text) => readBruFast(text) !== undefined)
      const pieces = ['\n', '\r\n', '\r', '}', '{', ':', ' ', '\t', '~', '@', "'''", '[', '"', '\n}', 'x']
      const edit = fc.tuple(fc.nat(), fc.nat(3), fc.constantFrom(...pieces), fc.nat(4))
      fc.assert(
        fc.property(
          fc.nat(readable.length - 1),
          fc.array(edit, { minLength: 1, maxLength: 3 }),
          (pick, edits) => {
            let text = readable[pick]!
            for (const [where, op, piece, length] of edits) {
              const at = where % (text.length + 1)
              if (op === 0) text = text.slice(0, at) + text.slice(at + 1 + length)
              else if (op === 1) text = text.slice(0, at) + piece + text.slice(at)
              else if (op === 2) {
                const lines = text.split('\n')
                lines.splice(where % lines.length, 0, lines[length % lines.length]!)
                text = lines.join('\n')
              } else text = text.replace(/\r?\n/g, '\r\n')
            }
            if (readBruFast(text) === undefined) return
            let refused: unknown
            try {
              bruLang.bruToJsonV2(text)
            } catch (error) {
              refused = error
            }
            if (refused) throw new Error(`read a file Bruno's parser refuses: ${JSON.stringify(text)}`)
            agrees(text)
          },
        ),
        // Bruno's parser takes 1-3 ms a file: a tenth of the other fuzz tests' cases.
        fuzzParams(Math.ceil(fuzzParams().numRuns! / 10)),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})
