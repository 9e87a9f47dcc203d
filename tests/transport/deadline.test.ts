import { execFile } from 'node:child_process'
import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { failure, useEchoAndTransport, wire } from './helpers.ts'

const setup = useEchoAndTransport()

// Every pending timeout shares one timer (deadline.ts): each must still end its own request only.
describe('timeouts on the shared timer', () => {
  it('end a shorter timeout started after a longer one, and only that request', async () => {
    const long = setup.transport.send(wire('GET', `${setup.echo.url}/delay/400`), { timeoutMs: 5000 })
    const started = performance.now()
    const short = await failure(
      setup.transport.send(wire('GET', `${setup.echo.url}/delay/3000`), { timeoutMs: 100 }),
    )
    expect(short.message).toBe('No response within 100 ms (timeout)')
    expect(performance.now() - started).toBeGreaterThanOrEqual(99)
    expect(performance.now() - started).toBeLessThan(2000)
    expect((await long).status).toBe(200)
  })

  it('end each of several requests at its own time, also after earlier ones finished', async () => {
    expect(
      (await setup.transport.send(wire('GET', `${setup.echo.url}/get`), { timeoutMs: 150 })).status,
    ).toBe(200)
    const results = await Promise.allSettled([
      setup.transport.send(wire('GET', `${setup.echo.url}/delay/3000`), { timeoutMs: 300 }),
      setup.transport.send(wire('GET', `${setup.echo.url}/delay/50`), { timeoutMs: 1000 }),
      setup.transport.send(wire('GET', `${setup.echo.url}/delay/3000`), { timeoutMs: 120 }),
    ])
    expect(
      results.map((r) => (r.status === 'fulfilled' ? r.value.status : (r.reason as Error).message)),
    ).toEqual(['No response within 300 ms (timeout)', 200, 'No response within 120 ms (timeout)'])
  })

  it('wait for a response however long the timeout (beyond what one Node timer can hold)', async () => {
    const response = await setup.transport.send(wire('GET', `${setup.echo.url}/delay/50`), {
      timeoutMs: 2 ** 32,
    })
    expect(response.status).toBe(200)
  })

  it('let the process exit once its requests are done, long before their timeouts', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'sendbox-deadline-')), 'one-send.mts')
    const node = resolve('src/runtime/transport/node.ts')
    writeFileSync(
      file,
      `import { createNodeTransport } from ${JSON.stringify(node)}
      const transport = createNodeTransport()
      const response = await transport.send({ method: 'GET', url: '${setup.echo.url}/get', headers: [], body: null }, { timeoutMs: 60000 })
      console.log(response.status)`,
    )
    const started = performance.now()
    // The transport is left open: the test is that nothing of ours keeps the process alive.
    const child = await promisify(execFile)(process.execPath, ['--import', 'tsx', file], { timeout: 30_000 })
    expect(child.stdout.trim(), child.stderr).toBe('200')
    expect(performance.now() - started).toBeLessThan(20_000)
  })
})
