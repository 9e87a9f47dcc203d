/** A real redis-server (Debian's `redis-server`) on a free loopback port, its data in a temp dir. */
import { spawn, type ChildProcess } from 'node:child_process'
import { rm } from 'node:fs/promises'
import net from 'node:net'
import { tempDir } from './sync-server.ts'

export interface RedisServer {
  url: string
  port: number
  child: ChildProcess
  stop(): Promise<void>
}

export const REDIS_SERVER = process.env.REDIS_SERVER ?? '/usr/bin/redis-server'

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer()
    server.once('error', reject)
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo
      server.close(() => resolve(port))
    })
  })
}

export async function startRedis(): Promise<RedisServer> {
  const dir = await tempDir('sendbox-redis-')
  const port = await freePort()
  const child = spawn(
    REDIS_SERVER,
    ['--port', String(port), '--bind', '127.0.0.1', '--dir', dir, '--save', '', '--appendonly', 'yes'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  )
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  await new Promise<void>((resolve, reject) => {
    let seen = ''
    child.stdout!.on('data', (chunk: Buffer) => {
      seen += chunk.toString()
      if (seen.includes('Ready to accept connections')) resolve()
    })
    child.once('error', (error) =>
      reject(new Error(`cannot start ${REDIS_SERVER} (apt-get install -y redis-server): ${error.message}`)),
    )
    child.once('exit', (code) => reject(new Error(`redis-server exited (${code}): ${seen}`)))
  })
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    child,
    async stop() {
      child.kill('SIGKILL')
      await exited
      await rm(dir, { recursive: true, force: true })
    },
  }
}
