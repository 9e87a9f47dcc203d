/**
 * `npm start` with a bad configuration stops with exit code 1 and exactly one line on stderr,
 * never a stack trace. Real child processes.
 */
import { writeFile } from 'node:fs/promises'
import net from 'node:net'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { childToken, runToExit, startChild, type Exit } from '../helpers/child-server.ts'
import { tempDir } from '../helpers/sync-server.ts'

let dir: string

beforeAll(async () => {
  dir = await tempDir('sendbox-startup-')
})

afterAll(async () => {
  const { rm } = await import('node:fs/promises')
  await rm(dir, { recursive: true, force: true })
})

function expectOneLine(exit: Exit, pattern: RegExp) {
  expect(exit.code, exit.stderr).toBe(1)
  const lines = exit.stderr.split('\n').filter((line) => line.trim() !== '' && !line.includes('nodedir'))
  expect(lines, exit.stderr).toHaveLength(1)
  expect(lines[0]).toMatch(/^sendbox: /)
  expect(lines[0]).toMatch(pattern)
  expect(exit.stderr).not.toMatch(/^\s+at /m)
}

describe('startup errors', () => {
  it('port already in use', async () => {
    const blocker = net.createServer()
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve))
    const port = (blocker.address() as net.AddressInfo).port
    try {
      const exit = await runToExit(['--port', String(port), '--data', path.join(dir, 'a'), '--no-build'])
      expectOneLine(exit, new RegExp(`port ${port} on 127.0.0.1 is already in use`))
    } finally {
      await new Promise((resolve) => blocker.close(resolve))
    }
  })

  it('a data directory that cannot be written', async () => {
    const file = path.join(dir, 'not-a-directory')
    await writeFile(file, 'x')
    const exit = await runToExit(['--port', '0', '--data', path.join(file, 'data'), '--no-build'])
    expectOneLine(exit, /data directory .* is not usable/)
  })

  it('a data directory another sync-server holds', async () => {
    const data = path.join(dir, 'shared')
    const first = await startChild(['--data', data])
    try {
      const exit = await runToExit(['--port', '0', '--data', data, '--no-build'])
      expectOneLine(exit, /in use by another sync-server/)
    } finally {
      first.child.kill('SIGTERM')
      await first.exited
    }
  })

  it.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535/],
    [['--host', '0.0.0.0'], /refusing to listen on 0.0.0.0 without an access token/],
  ])('malformed option %j (every other case: config.test.ts)', async (args, pattern) => {
    expectOneLine(await runToExit([...args, '--data', path.join(dir, 'm'), '--no-build']), pattern)
  })

  it('malformed environment variable', async () => {
    const exit = await runToExit(['--data', path.join(dir, 'e'), '--no-build'], { SENDBOX_PORT: 'eighty' })
    expectOneLine(exit, /--port must be an integer/)
  })

  it('--help prints the options and exits 0', async () => {
    const exit = await runToExit(['--help'])
    expect(exit.code).toBe(0)
    for (const name of ['--host', '--port', '--data', '--token', '--allow-origin', 'SENDBOX_MAX_RELAY_MS']) {
      expect(exit.stdout).toContain(name)
    }
  })
})

describe('startup', () => {
  it('prints the URL, serves a page saying the app is not built, and keeps its token across restarts', async () => {
    const data = path.join(dir, 'ok')
    const first = await startChild(['--data', data, '--dist', path.join(dir, 'no-dist')])
    const page = await fetch(first.url)
    expect(page.status).toBe(503)
    expect(await page.text()).toContain('Sendbox is not built')
    expect(first.loginUrl).toMatch(/\/login\?secret=/)
    const before = await childToken(first)
    expect(before).toMatch(/^[0-9a-f]{64}$/)
    first.child.kill('SIGTERM')
    expect((await first.exited).code).toBe(0)
    const second = await startChild(['--data', data])
    expect(await childToken(second)).toBe(before)
    second.child.kill('SIGTERM')
    await second.exited
  })
})
