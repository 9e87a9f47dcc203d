/**
 * Settings as the app uses them: the stored device settings, the proxy password (held in memory
 * for this session only, never written), and the send options built from both so every send
 * carries the proxy and TLS choices the user made.
 */
import { createMemo, createSignal, type Accessor } from 'solid-js'
import type { ProxySettings, TlsSettings } from '../../model/settings.ts'
import * as data from '../../model/workspace/api.ts'
import type { ProxyTestResult } from '../../runtime/transport/proxy-test.ts'
import { fetchRelayToken, testProxyThroughRelay } from '../../runtime/transport/relay.ts'
import type { SendOptions } from '../../runtime/transport/types.ts'
import type { OpenDocs } from './docs.ts'

export type SendSettings = Omit<SendOptions, 'signal'>

/** Half-filled rows of the certificate form (no host, no material, blank CA) are not sent. */
export function tlsForSend(tls: TlsSettings): TlsSettings {
  return {
    verify: tls.verify,
    caPem: tls.caPem.filter((pem) => pem.trim()),
    clientCertificates: tls.clientCertificates.filter(
      (c) => c.host.trim() && ((c.certPem?.trim() && c.keyPem?.trim()) || c.pfx?.length),
    ),
  }
}

export function createSettingsState(docs: OpenDocs, deviceVersion: Accessor<number>) {
  const { device } = docs
  const [proxyPassword, setProxyPassword] = createSignal('')
  const settings = createMemo(() => {
    deviceVersion()
    return data.readSettings(device)
  })

  /** The proxy as a send uses it: stored fields plus this session's password. */
  const proxy = (): ProxySettings => {
    const stored = settings().proxy
    const password = proxyPassword()
    return { ...stored, ...(password ? { password } : {}) }
  }

  return {
    /** The stored device settings (re-read when the device document changes). */
    current: settings,
    updateSettings: (patch: data.SettingsPatch) => data.updateSettings(device, patch),
    proxyPassword,
    setProxyPassword,
    proxy,
    sendSettings: (): SendSettings => {
      const { httpVersion } = settings().network
      return {
        proxy: proxy(),
        tls: tlsForSend(settings().tls),
        ...(httpVersion !== 'auto' ? { httpVersion } : {}),
      }
    },
    /** `Test Connection`: the relay opens a connection through the proxy to `target`. */
    async testProxy(target: string): Promise<ProxyTestResult> {
      try {
        const token = await fetchRelayToken('')
        return await testProxyThroughRelay({ baseUrl: '', token }, proxy(), {
          tls: settings().tls,
          ...(target.trim() ? { target: target.trim() } : {}),
        })
      } catch (error) {
        return { ok: false, code: 'other', error: (error as Error).message }
      }
    },
  }
}

export type SettingsState = ReturnType<typeof createSettingsState>
