/** What `sendbox export` leaves out and which secret values `sendbox import` writes, as a user runs them. */
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { parseSendboxCollection } from '../../src/model/import/sendbox.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

const POSTMAN = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'

const mixed = {
  sendbox: 1,
  collection: {
    name: 'Mixed',
    children: [
      { type: 'request', name: 'Chat', kind: 'websocket', url: 'ws://127.0.0.1:1/chat' },
      {
        type: 'folder',
        name: 'Live',
        children: [{ type: 'request', name: 'Ticks', kind: 'sse', url: 'http://127.0.0.1:1/events' }],
      },
      { type: 'request', name: 'Plain', url: 'http://127.0.0.1:1/plain' },
    ],
  },
}

describe('sendbox export reports what the format cannot hold', () => {
  it.each([
    ['postman', 'Postman Collection v2.1', 'Postman'],
    ['har', 'HAR 1.2', 'HAR'],
    ['openapi', 'OpenAPI 3.1', 'OpenAPI'],
  ])('%s: writes the rest, one line on stderr, exit 0', async (format, label, short) => {
    const dir = writeFiles({ 'mixed.json': mixed })
    const { code, stdout, stderr } = await runSendbox(['export', 'mixed.json', '--format', format], {
      cwd: dir,
    })
    expect(code).toBe(0)
    expect(stdout).toContain('/plain')
    expect(stderr).toBe(
      `sendbox: ${label}: 2 items skipped: WebSocket request "Chat" (not supported in ${short}); ` +
        `Server-Sent Events request "Ticks" at Live (not supported in ${short})\n`,
    )
  })

  it('bruno: the folder is written and the line printed', async () => {
    const dir = writeFiles({ 'mixed.json': mixed })
    const { code, stderr } = await runSendbox(['export', 'mixed.json', '--format', 'bruno', '-o', 'out'], {
      cwd: dir,
    })
    expect(code).toBe(0)
    expect(readFileSync(join(dir, 'out', 'Plain.bru'), 'utf8')).toContain('127.0.0.1:1/plain')
    expect(stderr).toMatch(
      /^sendbox: Bruno collection: 2 items skipped: WebSocket request "Chat" \(not supported in Bruno\)/,
    )
  })

  it('sendbox: keeps every kind and prints nothing', async () => {
    const dir = writeFiles({ 'mixed.json': mixed })
    const { code, stdout, stderr } = await runSendbox(['export', 'mixed.json', '--format', 'sendbox'], {
      cwd: dir,
    })
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(stdout).toContain('ws://127.0.0.1:1/chat')
  })
})

describe('sendbox import and secret values', () => {
  const files = {
    'shop.postman_collection.json': {
      info: { name: 'Shop', schema: POSTMAN },
      variable: [
        { key: 'token', value: 'S3cret-token', type: 'secret' },
        { key: 'empty', value: '', type: 'secret' },
        { key: 'base', value: 'http://127.0.0.1:1' },
      ],
      item: [
        {
          name: 'F',
          variable: [{ key: 'pin', value: '4242', type: 'secret' }],
          item: [{ name: 'Get', request: { method: 'GET', url: '{{base}}/x' } }],
        },
      ],
    },
  }
  const variablesOf = (stdout: string) => {
    const collection = parseSendboxCollection(JSON.parse(stdout))
    const folder = collection.children[0]
    return [...collection.variables, ...(folder?.type === 'folder' ? folder.variables : [])].map((v) => [
      v.key,
      v.value,
      v.secret,
    ])
  }

  it('leaves secret values out by default, keeps the names and says how many it left out', async () => {
    const dir = writeFiles(files)
    const { code, stdout, stderr } = await runSendbox(['import', 'shop.postman_collection.json'], {
      cwd: dir,
    })
    expect(code).toBe(0)
    expect(stdout).not.toContain('S3cret-token')
    expect(variablesOf(stdout)).toEqual([
      ['token', '', true],
      ['empty', '', true],
      ['base', 'http://127.0.0.1:1', false],
      ['pin', '', true],
    ])
    expect(stderr).toBe(
      'sendbox: shop.postman_collection.json: 2 secret values were left out (give --include-secrets to keep them)\n',
    )
  })

  it('writes them with --include-secrets, and says nothing about them', async () => {
    const dir = writeFiles(files)
    const { code, stderr } = await runSendbox(
      ['import', 'shop.postman_collection.json', '--include-secrets', '-o', 'out.json'],
      { cwd: dir },
    )
    expect(code).toBe(0)
    expect(stderr).toBe('')
    expect(variablesOf(readFileSync(join(dir, 'out.json'), 'utf8'))).toEqual([
      ['token', 'S3cret-token', true],
      ['empty', '', true],
      ['base', 'http://127.0.0.1:1', false],
      ['pin', '4242', true],
    ])
  })

  it('blanks secret environment values too (an OpenCollection folder with environments)', async () => {
    const { code, stdout } = await runSendbox([
      'import',
      join(import.meta.dirname, '../fixtures/import/opencollection/shop'),
    ])
    expect(code).toBe(0)
    const file = JSON.parse(stdout) as {
      environments?: { variables: { secret: boolean; value: string }[] }[]
    }
    const secrets = (file.environments ?? []).flatMap((e) => e.variables.filter((v) => v.secret))
    expect(secrets.length).toBeGreaterThan(0)
    expect(secrets.every((v) => v.value === '')).toBe(true)
  })
})
