/** A sync-server in this process on a free port, with its own temporary data directory. */
import { mkdtemp, rm } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import { parseConfig, type Config } from '../../sync-server/config.ts'
import { startServer, type RunningServer, type ServerDeps } from '../../sync-server/server.ts'

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
