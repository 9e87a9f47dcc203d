/** `sendbox login-url`: the running server's fresh one-time login link, read from its data directory. */
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runSendbox } from '../helpers/cli.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'
import { unusedTransport } from '../helpers/unused-transport.ts'

let server: TestServer

beforeAll(async () => {
  server = await startTestServer({ transport: unusedTransport })
})
afterAll(() => server.remove())

describe('sendbox login-url', () => {
  it('prints the link that logs in, and a new one once it was used', async () => {
    const first = await runSendbox(['login-url', '--data', server.dataDir])
    expect(first.code, first.stderr).toBe(0)
    expect(first.stdout).toBe(`${server.loginUrl()}\n`)
    const login = await fetch(first.stdout.trim(), { redirect: 'manual' })
    expect(login.status).toBe(303)
    const second = await runSendbox(['login-url'], { env: { ...process.env, SENDBOX_DATA: server.dataDir } })
    expect(second.code, second.stderr).toBe(0)
    expect(second.stdout.trim()).toMatch(/\/login\?secret=/)
    expect(second.stdout).not.toBe(first.stdout)
    expect((await fetch(second.stdout.trim(), { redirect: 'manual' })).status).toBe(303)
  })

  it('says in one line when no server runs with that data directory', async () => {
    const empty = mkdtempSync(path.join(tmpdir(), 'sendbox-nodata-'))
    try {
      const result = await runSendbox(['login-url', '--data', empty])
      expect(result.code).toBe(2)
      expect(result.stdout).toBe('')
      expect(result.stderr).toBe(
        `sendbox: no Sendbox server is running with the data directory ${empty}: start it with npm start, or name its directory with --data\n`,
      )
      const bad = await runSendbox(['login-url', '--bogus'])
      expect(bad.code).toBe(2)
      expect(bad.stderr).toMatch(/^sendbox: Unknown option '--bogus'/)
    } finally {
      rmSync(empty, { recursive: true, force: true })
    }
  })
})
