/** Starts the echo server in a child process and hands back its URL. */
import { spawn } from 'node:child_process'
import { resolve } from 'node:path'

export async function startEchoProcess(): Promise<{ url: string; close: () => Promise<void> }> {
  const child = spawn(
    process.execPath,
    // BENCH_ECHO_PORT pins the port (machines shared by several runs); 0 picks a free one.
    [
      '--import',
      'tsx',
      resolve(import.meta.dirname, '../tests/fixtures/echo-server.ts'),
      process.env.BENCH_ECHO_PORT ?? '0',
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
