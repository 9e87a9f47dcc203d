/** `sendbox mock` as a user runs it: a child process serving a collection's saved responses. */
import { spawn, type ChildProcess } from 'node:child_process'
import { resolve } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { runSendbox, writeFiles } from '../helpers/cli.ts'

const BIN = resolve(import.meta.dirname, '../../bin/sendbox.js')
const POSTMAN = 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json'
const children: ChildProcess[] = []

afterEach(() => {
  for (const child of children.splice(0)) child.kill('SIGTERM')
})

/** Starts `sendbox mock` and resolves with its base URL once it prints it, and what it printed. */
function startMock(args: string[], cwd: string): Promise<{ base: string; output: () => string }> {
  const child = spawn(process.execPath, [BIN, 'mock', ...args, '--port', '0'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  children.push(child)
  let output = ''
  return new Promise((done, fail) => {
    child.stdout.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      const found = /Mock server at (http:\/\/\S+)\n.* routes? from /.exec(output)
      if (found) done({ base: found[1]!, output: () => output })
    })
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
    child.on('close', (code) => fail(new Error(`sendbox mock exited ${code}: ${output}`)))
  })
}

const shop = {
  info: { name: 'Shop', schema: POSTMAN },
  variable: [{ key: 'baseUrl', value: 'https://shop.example.com/api' }],
  item: [
    {
      name: 'Get user',
      request: {
        method: 'GET',
        url: { raw: '{{baseUrl}}/users/:id', variable: [{ key: 'id', value: '1' }] },
      },
      response: [
        {
          name: 'A user',
          originalRequest: { method: 'GET', url: '{{baseUrl}}/users/:id' },
          code: 200,
          status: 'OK',
          header: [
            { key: 'Content-Type', value: 'application/json' },
            { key: 'X-Source', value: 'example' },
          ],
          body: '{"id": 1, "name": "Ada"}',
        },
        {
          name: 'No such user',
          originalRequest: { method: 'GET', url: '{{baseUrl}}/users/404' },
          code: 404,
          status: 'Not Found',
          header: [{ key: 'Content-Type', value: 'application/json' }],
          body: '{"error": "not found"}',
        },
      ],
    },
  ],
}

describe('sendbox mock', () => {
  it('serves the saved responses, picks by path, and by x-mock-response-name', async () => {
    const dir = writeFiles({ 'shop.json': shop })
    const mock = await startMock(['shop.json'], dir)
    expect(mock.output()).toMatch(/^Mock server at http:\/\/127\.0\.0\.1:\d+\n2 routes from shop\.json\n/)
    const user = await fetch(`${mock.base}/api/users/7`)
    expect(user.status).toBe(200)
    expect(user.headers.get('x-source')).toBe('example')
    expect(await user.json()).toEqual({ id: 1, name: 'Ada' })
    const missing = await fetch(`${mock.base}/api/users/404`)
    expect(missing.status).toBe(404)
    expect(await missing.json()).toEqual({ error: 'not found' })
    // More literal segments win a tie; the header names one of the examples whose path matches.
    const named = await fetch(`${mock.base}/api/users/404`, { headers: { 'x-mock-response-name': 'A user' } })
    expect(named.status).toBe(200)
    const none = await fetch(`${mock.base}/api/orders`, { method: 'POST' })
    expect(none.status).toBe(404)
    expect(await none.json()).toMatchObject({
      error: 'No saved response matches POST /api/orders',
      served: ['GET /api/users/:id (A user)', 'GET /api/users/404 (No such user)'],
    })
    expect(mock.output()).toContain('GET /api/users/7 → 200 (Get user / A user)')
    expect(mock.output()).toContain('POST /api/orders → 404 (no match)')
  })

  it('an environment fills the saved URLs', async () => {
    const env = { name: 'local', values: [{ key: 'baseUrl', value: 'http://localhost/v2', enabled: true }] }
    const dir = writeFiles({ 'shop.json': shop, 'env.json': env })
    const mock = await startMock(['shop.json', '-e', 'env.json'], dir)
    expect((await fetch(`${mock.base}/v2/users/1`)).status).toBe(200)
    expect((await fetch(`${mock.base}/api/users/1`)).status).toBe(404)
  })

  it('bad input: exit 2 and one line', async () => {
    const dir = writeFiles({ 'broken.json': '{ nope' })
    const broken = await runSendbox(['mock', 'broken.json'], { cwd: dir })
    expect(broken.code).toBe(2)
    expect(broken.stderr.trim().split('\n')).toHaveLength(1)
    expect(broken.stderr).toMatch(/^sendbox: broken\.json: /)
    const port = await runSendbox(['mock', 'broken.json', '--port', 'x'], { cwd: dir })
    expect(port.code).toBe(2)
    expect(port.stderr).toContain('--port must be a port number (0-65535), not "x"')
  })
})
