/** A sync-server in this process on a free port, with its own temporary data directory. */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseConfig, type Config } from '../../sync-server/config.ts'
import { startServer, type RunningServer, type ServerDeps } from '../../sync-server/server.ts'
import { createNodeTransport, type NodeTransport } from '../../src/runtime/transport/node.ts'
import { createRelayTransport } from '../../src/runtime/transport/relay.ts'
import type { Transport } from '../../src/runtime/transport/types.ts'
import { startEchoServer, type EchoServer } from '../fixtures/echo-server.ts'

export interface TestServer extends RunningServer {
  config: Config
  dataDir: string
  /** Closes the server; the data directory stays for a restart until `remove()`. */
  remove(): Promise<void>
}

export async function tempDir(prefix = 'sendbox-'): Promise<string> {
  return mkdtemp(path.join(os.tmpdir(), prefix))
}

export async function startTestServer(
  deps: ServerDeps,
  options: { args?: string[]; dataDir?: string; config?: Partial<Config> } = {},
): Promise<TestServer> {
  const dataDir = options.dataDir ?? (await tempDir())
  const config = {
    ...parseConfig(
      ['--port', '0', '--data', dataDir, '--no-build', ...(options.args ?? [])],
      {},
      process.cwd(),
    ),
    ...options.config,
  }
  const server = await startServer(config, deps)
  return {
    ...server,
    config,
    dataDir,
    async remove() {
      await server.close()
      await rm(dataDir, { recursive: true, force: true })
    },
  }
}

/**
 * Logs in as a browser would, through the server's login link: the session cookie as a
 * `Cookie` header value (`name=value`).
 */
export async function logIn(loginUrl: string): Promise<string> {
  const response = await fetch(loginUrl, { redirect: 'manual' })
  const cookie = response.headers.getSetCookie()[0]
  if (response.status !== 303 || !cookie) throw new Error(`login failed: ${response.status}`)
  return cookie.slice(0, cookie.indexOf(';'))
}

/**
 * The relay path as the app uses it, all real sockets on 127.0.0.1: an echo server, the Node
 * transport inside a sync-server, and the page-side relay transport talking to it.
 */
export interface RelayStack {
  echo: EchoServer
  node: NodeTransport
  server: TestServer
  relay: Transport
  close(): Promise<void>
}

export async function startRelayStack(
  deps: Omit<ServerDeps, 'transport'> = {},
  options: Parameters<typeof startTestServer>[1] = {},
): Promise<RelayStack> {
  const echo = await startEchoServer()
  const node = createNodeTransport()
  const server = await startTestServer({ ...deps, transport: node }, options)
  const relay = createRelayTransport({ baseUrl: server.url, token: server.secrets.accessToken })
  return {
    echo,
    node,
    server,
    relay,
    async close() {
      await server.remove()
      await node.close()
      await echo.close()
    },
  }
}
