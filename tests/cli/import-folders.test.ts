/** `sendbox import` and `sendbox run` with a Bruno collection folder, as a user runs them. */
import { cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { describe, expect, it } from 'vitest'
import { MAX_FOLDER_FILES } from '../../src/model/import/source.ts'
import { parseSendboxCollection } from '../../src/model/import/sendbox.ts'
import { runSendbox } from '../helpers/cli.ts'

const SHOP = resolve(import.meta.dirname, '../fixtures/import/bruno/shop')
const BROKEN = resolve(import.meta.dirname, '../fixtures/import/bruno/broken')

describe('sendbox import <folder>', () => {
  it('writes the Bruno collection as a Sendbox export and reports what it left out', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sendbox-cli-'))
    const result = await runSendbox(['import', SHOP, '-o', 'out/shop.json'], { cwd: dir })
    expect(result.code).toBe(0)
    expect(result.stderr).toMatch(
      /^sendbox: .*shop: 3 items skipped: request variables of request "Order by id"/,
    )
    const collection = parseSendboxCollection(readFileSync(join(dir, 'out/shop.json'), 'utf8'))
    // `docs` blocks are descriptions now, not skipped.
    expect(collection.description).toBe('The shop collection.')
    expect(collection.children.map((c) => c.name)).toEqual([
      'Orders (folder)',
      'Create order',
      'Upload',
      'Login',
      'Products query',
    ])
  })

  it.each([
    [
      [BROKEN],
      /^sendbox: .*broken: Bruno collection: Deep\/Cut\.bru:9: not a valid \.bru file \(column 1: Expected/,
    ],
    [
      ['--format', 'postman', SHOP],
      /^sendbox: .*shop: Postman Collection v2\.1: a folder cannot be read as a Postman Collection v2\.1\n$/,
    ],
  ])('bad input %j: exit 2 and one line naming folder, format and problem', async (args, message) => {
    const result = await runSendbox(['import', ...args], { cwd: tmpdir() })
    expect(result.code).toBe(2)
    expect(result.stderr.trim().split('\n')).toHaveLength(1)
    expect(result.stderr).toMatch(message)
  })

  it('refuses a folder with more files than a collection has', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sendbox-cli-'))
    cpSync(SHOP, join(dir, 'big'), { recursive: true })
    mkdirSync(join(dir, 'big/many'))
    for (let i = 0; i <= MAX_FOLDER_FILES; i++) writeFileSync(join(dir, `big/many/r${i}.bru`), '')
    const result = await runSendbox(['run', 'big'], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).toBe(
      `sendbox: big: the folder holds more than ${MAX_FOLDER_FILES} collection files (.bru, .json, .yml); is it the collection's folder?\n`,
    )
  })
})
