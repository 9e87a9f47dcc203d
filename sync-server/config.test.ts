import { describe, expect, it } from 'vitest'
import { DEFAULT_PORT, isLoopback, parseConfig, StartupError } from './config.ts'

const parse = (argv: string[], env: Record<string, string> = {}) => parseConfig(argv, env, '/srv/sendbox')
const token = 'a'.repeat(40)

describe('parseConfig', () => {
  it('defaults: loopback, the documented port, ./data and ./dist, build on', () => {
    const config = parse([])
    expect(config).toMatchObject({
      host: '127.0.0.1',
      port: DEFAULT_PORT,
      dataDir: '/srv/sendbox/data',
      distDir: '/srv/sendbox/dist',
      build: true,
      publicUrls: [],
      allowOrigins: [],
    })
    expect(config.token).toBeUndefined()
    expect(config.limits.maxResponseBytes).toBe(1024 * 1024 * 1024)
  })

  it('reads flags in both spellings, and flags win over the environment', () => {
    const config = parse(
      ['--port=5000', '--data', 'elsewhere', '--no-build', '--allow-origin', 'http://a:1, http://b:2/'],
      {
        SENDBOX_PORT: '6000',
        SENDBOX_MAX_RELAY_MS: '1000',
      },
    )
    expect(config.port).toBe(5000)
    expect(config.dataDir).toBe('/srv/sendbox/elsewhere')
    expect(config.build).toBe(false)
    expect(config.allowOrigins).toEqual(['http://a:1', 'http://b:2'])
    expect(config.limits.maxRelayMs).toBe(1000)
  })

  it('a switch set to 0 or false in the environment is off', () => {
    expect(parse([], { SENDBOX_NO_BUILD: '0' }).build).toBe(true)
    expect(parse([], { SENDBOX_NO_BUILD: '1' }).build).toBe(false)
  })

  it('splits one-document workspaces by default, unless told not to (--no-split-rooms)', () => {
    expect(parse([]).splitRooms).toBe(true)
    expect(parse(['--split-rooms']).splitRooms).toBe(true)
    expect(parse([], { SENDBOX_SPLIT_ROOMS: '1' }).splitRooms).toBe(true)
    expect(parse(['--no-split-rooms']).splitRooms).toBe(false)
    expect(parse([], { SENDBOX_NO_SPLIT_ROOMS: '1' }).splitRooms).toBe(false)
    expect(parse([], { SENDBOX_SPLIT_ROOMS: '0' }).splitRooms).toBe(false)
    expect(parse([], { SENDBOX_SPLIT_ROOMS: 'false' }).splitRooms).toBe(false)
    // The flag wins over the variable.
    expect(parse(['--split-rooms'], { SENDBOX_SPLIT_ROOMS: '0' }).splitRooms).toBe(true)
    expect(() => parse(['--split-rooms', '--no-split-rooms'])).toThrow(/contradict/)
  })

  it('bounds slow and idle sockets and connections per client, 30 s and 128 unless told', () => {
    expect(parse([]).limits).toMatchObject({
      headerTimeoutMs: 30_000,
      idleTimeoutMs: 30_000,
      maxConnectionsPerClient: 128,
    })
    const set = parse(['--header-timeout-ms', '5000', '--max-connections-per-client=8'], {
      SENDBOX_IDLE_TIMEOUT_MS: '60000',
    })
    expect(set.limits).toMatchObject({
      headerTimeoutMs: 5000,
      idleTimeoutMs: 60_000,
      maxConnectionsPerClient: 8,
    })
  })

  it('binds beyond loopback only with an explicit token', () => {
    expect(() => parse(['--host', '0.0.0.0'])).toThrow(
      /refusing to listen on 0.0.0.0 without an access token/,
    )
    expect(() => parse(['--host', '192.168.1.5'])).toThrow(StartupError)
    expect(parse(['--host', '0.0.0.0', '--token', token]).token).toBe(token)
    expect(parse(['--host', 'localhost']).host).toBe('localhost')
    expect(parse(['--host', '127.0.0.2']).host).toBe('127.0.0.2')
  })

  it.each([
    [['--port', 'abc'], /--port must be an integer from 0 to 65535 \(got "abc"\)/],
    [['--port', '70000'], /--port must be an integer/],
    [['--port', '1.5'], /--port must be an integer/],
    [['--max-relay-ms', '-5'], /--max-relay-ms must be an integer/],
    [['--max-sync-message-bytes', '10'], /--max-sync-message-bytes must be an integer from 1024/],
    [['--header-timeout-ms', '10'], /--header-timeout-ms must be an integer from 100/],
    [['--max-connections-per-client', '0'], /--max-connections-per-client must be an integer from 1/],
    [['--bogus'], /unknown option "--bogus"/],
    [['--port'], /--port needs a value/],
    [['--port', '--data', 'x'], /--port needs a value/],
    [['--public-url', 'ftp://x'], /--public-url takes http\(s\) origins/],
    [['--allow-origin', 'not a url'], /--allow-origin takes http\(s\) origins/],
    [['--token', 'short'], /--token must be at least 32/],
    [['--token', `${token} with spaces`], /--token must be at least 32 printable characters without spaces/],
    [['--host', 'bad host'], /--host is not an address/],
    [['--max-rooms', '0'], /--max-rooms must be an integer from 1/],
    [['--max-connections-per-room', 'many'], /--max-connections-per-room must be an integer/],
    [['--redis', 'http://127.0.0.1:6379'], /--redis takes a URL like redis:\/\/127.0.0.1:6379/],
  ])('%j is refused with one clear line', (args, pattern) => {
    expect(() => parse(args)).toThrow(StartupError)
    expect(() => parse(args)).toThrow(pattern)
  })

  it('reads the collaboration limits and the Redis URL from flags or the environment', () => {
    expect(parse([]).limits).toMatchObject({ maxRooms: 1000, maxConnectionsPerRoom: 100 })
    expect(parse([]).redisUrl).toBeUndefined()
    const config = parse(['--max-rooms', '5'], {
      SENDBOX_MAX_ROOM_CONNECTIONS: '3',
      SENDBOX_REDIS_URL: 'redis://127.0.0.1:7000',
    })
    expect(config.limits).toMatchObject({ maxRooms: 5, maxConnectionsPerRoom: 3 })
    expect(config.redisUrl).toBe('redis://127.0.0.1:7000')
  })

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.1.2.3', '::1', 'localhost'].every(isLoopback)).toBe(true)
    expect(['0.0.0.0', '::', '10.0.0.1', 'example.com', '127.0.0.1.example.com'].some(isLoopback)).toBe(false)
  })
})
