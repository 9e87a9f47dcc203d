/** Per-device settings that shape how a request is sent (spec 2.6, Settings → Proxy, Zertifikate). */

export type ProxyType = 'http' | 'https' | 'socks5' | 'system'

export interface ProxySettings {
  enabled: boolean
  type: ProxyType
  host: string
  port: number
  username?: string
  /** Valid for the current session only; never stored. */
  password?: string
  /** Comma-separated hosts that go direct. */
  bypass: string
}

export const DEFAULT_PROXY_BYPASS = 'localhost,127.0.0.1'

export interface ClientCertificate {
  /** Host (optionally `host:port`) the certificate is presented to; `*` for every host. */
  host: string
  certPem?: string
  keyPem?: string
  pfx?: Uint8Array
  passphrase?: string
}

export interface TlsSettings {
  /** `Disable SSL Verification globally` switches this off. */
  verify: boolean
  caPem: string[]
  clientCertificates: ClientCertificate[]
}

export const DEFAULT_TLS: TlsSettings = { verify: true, caPem: [], clientCertificates: [] }
