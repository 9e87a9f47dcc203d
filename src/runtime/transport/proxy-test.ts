/**
 * Settings → Proxy `Test Connection`: one request through the proxy to a target, reported as
 * ok (with the target's status) or the error a send would show.
 */
import type { ProxySettings, TlsSettings } from '../../model/settings.ts'
import { createNodeTransport, type NodeTransportOptions } from './node.ts'
import { resolveRoute } from './route.ts'
import { TransportError } from './types.ts'

export interface ProxyTestOptions extends NodeTransportOptions {
  /** Reached through the proxy; any HTTP answer proves the proxy works. */
  target?: string
  timeoutMs?: number
  tls?: TlsSettings
}

export type ProxyTestResult =
  { ok: true; status: number; ms: number } | { ok: false; code: TransportError['code']; error: string }

export async function testProxyConnection(
  settings: ProxySettings,
  options: ProxyTestOptions = {},
): Promise<ProxyTestResult> {
  const target = options.target ?? 'https://example.com/'
  // The bypass list would send the test around the proxy it is meant to check.
  const proxy: ProxySettings = { ...settings, enabled: true, bypass: '' }
  if (proxy.type === 'system' && resolveRoute(new URL(target), proxy, options.env).kind === 'direct') {
    return {
      ok: false,
      code: 'proxy',
      error: `No system proxy is set for ${target} (HTTP_PROXY / HTTPS_PROXY)`,
    }
  }
  const transport = createNodeTransport(options)
  const started = performance.now()
  try {
    const response = await transport.send(
      { method: 'GET', url: target, headers: [], body: null },
      { proxy, tls: options.tls, timeoutMs: options.timeoutMs ?? 10_000, followRedirects: false },
    )
    return { ok: true, status: response.status, ms: Math.round(performance.now() - started) }
  } catch (error) {
    const failure =
      error instanceof TransportError ? error : new TransportError(String(error), 'other', { cause: error })
    return { ok: false, code: failure.code, error: failure.message }
  } finally {
    await transport.close()
  }
}
