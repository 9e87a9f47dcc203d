/**
 * The built app served by a real sync-server in the test process, so sends go through its relay
 * (proxies, client certificates) exactly as with `npm start`. Needs `vite build` first
 * (`npm run test:e2e` does it).
 */
import type { Page } from '@playwright/test'
import { createNodeTransport } from '../../src/runtime/transport/node.ts'
import { testProxyConnection } from '../../src/runtime/transport/proxy-test.ts'
import { startTestServer, type TestServer } from '../helpers/sync-server.ts'

export interface AppServer {
  url: string
  /** Opens the app logged in: through the server's current one-time login link. */
  open(page: Page): Promise<void>
  close(): Promise<void>
}

/** `args`: extra sync-server flags (`--git <dir>`). */
export async function startAppServer(args: string[] = []): Promise<AppServer> {
  const transport = createNodeTransport()
  const server: TestServer = await startTestServer(
    {
      transport,
      testProxy: (proxy, options) => testProxyConnection(proxy, options),
    },
    { args },
  )
  return {
    url: server.url,
    async open(page) {
      await page.goto(server.loginUrl())
    },
    async close() {
      await server.remove()
      await transport.close()
    },
  }
}
