/**
 * `npm start`: build the app if needed, then one process serving it, /relay and /sync.
 * Wiring only; see README.md beside this file for options and guarantees.
 */
import path from 'node:path'
import { createNodeTransport } from '../src/runtime/transport/node.ts'
import { testProxyConnection } from '../src/runtime/transport/proxy-test.ts'
import { ensureBuilt } from './build.ts'
import { parseConfig, StartupError, usage } from './config.ts'
import { startServer } from './server.ts'

const root = path.resolve(import.meta.dirname, '..')
const argv = process.argv.slice(2)
if (argv.includes('--help') || argv.includes('-h')) {
  console.log(usage())
  process.exit(0)
}
try {
  const config = parseConfig(argv, process.env, process.cwd())
  const say = (line: string) => console.log(line)
  const notBuilt = config.build
    ? await ensureBuilt(root, config.distDir, path.join(config.dataDir, 'build.log'), say)
    : undefined
  const transport = createNodeTransport()
  const server = await startServer(config, {
    transport,
    testProxy: (proxy, options) => testProxyConnection(proxy, options),
    notBuiltReason: () => notBuilt ?? `${config.distDir} has no index.html.`,
  })
  say(`Sendbox is running at ${server.url}${notBuilt ? ' (the app is not built: relay and sync only)' : ''}`)
  say(`Log in once per browser with: ${server.loginUrl()}`)
  say('(a new link any time: npx sendbox login-url)')
  const stop = () => void Promise.all([server.close(), transport.close()]).then(() => process.exit(0))
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
} catch (error) {
  if (!(error instanceof StartupError)) throw error
  console.error(`sendbox: ${error.message}`)
  process.exit(1)
}
