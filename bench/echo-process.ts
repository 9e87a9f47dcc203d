/** Starts the echo server in a child process and hands back its URL. */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

/** `port` 0 takes BENCH_ECHO_PORT, else a free one; benches that share the machine pass their own. */
export async function startEchoProcess(port = 0): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      resolve(import.meta.dirname, '../tests/fixtures/echo-server.ts'),
      String(port || (process.env.BENCH_ECHO_PORT ?? 0)),
    ],
    {
      stdio: ['ignore', 'pipe', 'inherit'],
    },
  )
  const url = await new Promise<string>((done, fail) => {
    child.stdout.once('data', (chunk: Buffer) => done(chunk.toString().trim()))
    child.once('exit', (code) => fail(new Error(`echo server exited ${code}`)))
  })
  return {
    url,
    close: () =>
      new Promise((done) => {
        child.once('exit', () => done())
        child.kill()
      }),
  }
}
