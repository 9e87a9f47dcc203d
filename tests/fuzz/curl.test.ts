/**
 * The pasted-cURL importer, fuzzed with commands built from curl's options, shell quoting and
 * arbitrary text: each is read into request fields or refused with one clear `CurlImportError`.
 */
import { parse } from 'curlconverter/dist/src/parse.js'
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { curlToRequest, CurlImportError, type CurlParser } from '../../src/model/import/curl.ts'
import { HTTP_METHODS } from '../../src/model/types.ts'
import { expectClearRejection, fuzzParams, FUZZ_TIMEOUT_MS, timed } from './fuzz.ts'

const parser = parse as unknown as CurlParser

const word = fc.oneof(
  fc.string({ maxLength: 8, unit: 'grapheme-ascii' }),
  fc.string({ maxLength: 4, unit: 'binary' }),
  fc.constantFrom(
    'http://127.0.0.1:8080/a?b=1&c',
    'https://x.test',
    'a=1&b=2',
    '{"a":1}',
    '@file.txt',
    'name=@f.bin',
  ),
)
/** A word as a shell would see it: bare, quoted, ANSI-C quoted, or with escapes. */
const shellWord = fc.oneof(
  word,
  word.map((w) => `'${w.replaceAll("'", `'\\''`)}'`),
  word.map((w) => `"${w.replaceAll(/["\\$`]/g, (c) => `\\${c}`)}"`),
  word.map((w) => `$'${w.replaceAll(/['\\]/g, (c) => `\\${c}`)}'`),
  word.map((w) => `"$${w}"`),
)
const option = fc.constantFrom(
  '-X',
  '--request',
  '-H',
  '--header',
  '-d',
  '--data',
  '--data-raw',
  '--data-binary',
  '--data-urlencode',
  '-F',
  '--form',
  '-u',
  '--user',
  '-b',
  '--cookie',
  '--url',
  '-G',
  '--get',
  '-I',
  '--head',
  '--oauth2-bearer',
  '--digest',
  '--compressed',
  '-k',
  '-L',
  '\\\n',
  '|',
  ';',
  '&&',
)
const command = fc.oneof(
  fc
    .array(fc.oneof(option, shellWord, fc.constantFrom(...HTTP_METHODS)), { maxLength: 10 })
    .map((parts) => `curl ${parts.join(' ')}`),
  fc.string({ maxLength: 40, unit: 'binary' }).map((rest) => `curl ${rest}`),
  fc.string({ maxLength: 20 }),
)

describe('fuzz: cURL import', () => {
  it(
    'reads or refuses every command clearly',
    () => {
      fc.assert(
        fc.property(command, (text) => {
          try {
            const fields = timed(() => curlToRequest(text, parser))
            expect(HTTP_METHODS).toContain(fields.method)
            expect(typeof fields.url).toBe('string')
          } catch (error) {
            expectClearRejection(error, CurlImportError)
          }
        }),
        fuzzParams(),
      )
    },
    FUZZ_TIMEOUT_MS,
  )
})

describe('cURL import: regressions the fuzzer found', () => {
  it('a method with a control character is named visibly (it printed the raw character)', () => {
    expect(() => curlToRequest("curl GET -X '\u0001'", parser)).toThrow('Method U+0001 is not supported')
  })
})
