import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { JsonReport } from '../../src/runtime/report/json-report.ts'
import { runSendbox, writeFiles } from '../helpers/cli.ts'
import { startCleartextH2, type H2Server } from '../helpers/h2-servers.ts'
import { postmanCollection, script } from '../helpers/postman.ts'

let h2c: H2Server
beforeAll(async () => {
  h2c = await startCleartextH2()
})
afterAll(() => h2c.close())

describe('sendbox run --http-version', () => {
  const collection = () =>
    postmanCollection('H2', [
      {
        name: 'Seen',
        request: { method: 'GET', url: `${h2c.url}/cli-h2c` },
        event: [
          script(
            'test',
            "pm.test('spoke HTTP/2', () => pm.expect(pm.response.json().httpVersion).to.eql('2.0'))",
          ),
        ],
      },
    ])

  it('h2c reaches a server that speaks only HTTP/2 in cleartext', async () => {
    const dir = writeFiles({ 'h2.json': collection() })
    const result = await runSendbox(
      ['run', 'h2.json', '--http-version', 'h2c', '-r', 'json', '--reporter-json-export', 'out.json'],
      { cwd: dir },
    )
    expect(result.stderr).toBe('')
    expect(result.code).toBe(0)
    const report = JSON.parse(readFileSync(join(dir, 'out.json'), 'utf8')) as JsonReport
    expect(report.summary).toMatchObject({ sent: 1, failed: 0, tests: 1, passed: 1 })
    expect(h2c.seen.findLast((seen) => seen.path === '/cli-h2c')?.httpVersion).toBe('2.0')
  })

  it('without it (auto: HTTP/1.1 on plain TCP) the same request fails', async () => {
    const dir = writeFiles({ 'h2.json': collection() })
    const result = await runSendbox(['run', 'h2.json'], { cwd: dir })
    expect(result.code).toBe(1)
  })

  it('names a bad value', async () => {
    const dir = writeFiles({ 'h2.json': collection() })
    const result = await runSendbox(['run', 'h2.json', '--http-version', '3'], { cwd: dir })
    expect(result.code).toBe(2)
    expect(result.stderr).toContain('--http-version expects one of auto, 1.1, 2, h2c, got "3"')
  })
})
