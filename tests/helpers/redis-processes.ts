/**
 * Sync-server processes on one real redis-server, for the tests that run several of them: the
 * hooks that start Redis and clean up after each test, and the ways to start a process and to
 * join its rooms.
 */
import { rm } from 'node:fs/promises'
import { Redis } from 'ioredis'
import { afterAll, afterEach, beforeAll } from 'vitest'
import type { WebsocketProvider } from 'y-websocket'
import { startChild, type ChildServer } from './child-server.ts'
import { startRedis, type RedisServer } from './redis-server.ts'
import { provider } from './share.ts'
import { tempDir as makeTempDir } from './sync-server.ts'
import { connectRaw, type RawClient } from './y-client.ts'

export const REDIS_TOKEN = 'redis-test-access-token-0123456789abcdef'

export interface RedisProcesses {
  /** A client of the same Redis, to look at what the processes stored. */
  readonly inspect: Redis
  /** A temporary directory, removed after all tests. */
  tempDir(prefix: string): Promise<string>
  /** A sync-server process on the Redis, with its own data directory; killed after the test. */
  start(...args: string[]): Promise<ChildServer>
  /** A y-websocket client of `room` on `server`; destroyed after the test. */
  join(server: ChildServer, room: string, params?: Record<string, string>): WebsocketProvider
  /** A raw sync client of `room` on `server`; closed after the test. */
  raw(server: ChildServer, room: string, query?: string): Promise<RawClient>
}

export function useRedisProcesses(): RedisProcesses {
  let redis: RedisServer | undefined
  let inspect: Redis | undefined
  const dirs: string[] = []
  const children: ChildServer[] = []
  const providers: WebsocketProvider[] = []
  const raws: RawClient[] = []

  beforeAll(async () => {
    redis = await startRedis()
    inspect = new Redis(redis.url)
  })
  afterAll(async () => {
    inspect?.disconnect()
    await redis?.stop()
    await Promise.all(dirs.map((dir) => rm(dir, { recursive: true, force: true })))
  })
  afterEach(async () => {
    for (const p of providers.splice(0)) p.destroy()
    for (const raw of raws.splice(0)) raw.close()
    for (const child of children.splice(0)) {
      child.child.kill('SIGKILL')
      await child.exited
    }
  })

  const tempDir = async (prefix: string) => {
    const dir = await makeTempDir(prefix)
    dirs.push(dir)
    return dir
  }

  return {
    get inspect() {
      return inspect!
    },
    tempDir,
    async start(...args) {
      const dir = await tempDir('sendbox-redis-proc-')
      const child = await startChild(['--data', dir, '--redis', redis!.url, '--token', REDIS_TOKEN, ...args])
      children.push(child)
      return child
    },
    join(server, room, params = { token: REDIS_TOKEN }) {
      const p = provider(server.url, room, params)
      providers.push(p)
      return p
    },
    async raw(server, room, query = `token=${REDIS_TOKEN}`) {
      const client = await connectRaw(`ws://127.0.0.1:${server.port}/sync/${room}?${query}`)
      raws.push(client)
      return client
    },
  }
}
