/**
 * The two connections a process keeps to Redis: one for commands, one that only listens
 * (a subscribed Redis connection can do nothing else). Channels are multiplexed on it.
 */
import { Redis } from 'ioredis'
import { StartupError } from '../config.ts'

export type ChannelHandler = (message: Buffer) => void

export interface RedisLink {
  client: Redis
  subscribe(channel: string, handler: ChannelHandler): Promise<void>
  unsubscribe(channel: string, handler: ChannelHandler): Promise<void>
  close(): Promise<void>
}

const CONNECT_TIMEOUT_MS = 5000

function redacted(url: string): string {
  const parsed = new URL(url)
  if (parsed.password) parsed.password = '***'
  return parsed.href
}

async function open(url: string): Promise<Redis> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: CONNECT_TIMEOUT_MS })
  // Reconnection is ioredis's; errors between attempts must not reach the process.
  let lastError: NodeJS.ErrnoException | undefined
  redis.on('error', (error: NodeJS.ErrnoException) => (lastError = error))
  try {
    await redis.connect()
    await redis.ping()
  } catch (error) {
    redis.disconnect()
    const cause = lastError ?? (error as NodeJS.ErrnoException)
    const reason = cause.code ?? cause.message
    throw new StartupError(`cannot reach Redis at ${redacted(url)} (${reason}): start it or check --redis`)
  }
  return redis
}

export async function connectRedis(url: string): Promise<RedisLink> {
  const client = await open(url)
  const listener = await open(url).catch((error: unknown) => {
    client.disconnect()
    throw error
  })
  const handlers = new Map<string, Set<ChannelHandler>>()
  listener.on('messageBuffer', (channel: Buffer, message: Buffer) => {
    for (const handler of handlers.get(channel.toString()) ?? []) handler(message)
  })
  return {
    client,
    async subscribe(channel, handler) {
      let set = handlers.get(channel)
      if (!set) {
        handlers.set(channel, (set = new Set()))
        await listener.subscribe(channel)
      }
      set.add(handler)
    },
    async unsubscribe(channel, handler) {
      const set = handlers.get(channel)
      if (!set) return
      set.delete(handler)
      if (set.size > 0) return
      handlers.delete(channel)
      await listener.unsubscribe(channel)
    },
    async close() {
      handlers.clear()
      await Promise.allSettled([client.quit(), listener.quit()])
    },
  }
}
