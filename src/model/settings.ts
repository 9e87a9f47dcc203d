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

/**
 * `HTTP version`: `auto` offers HTTP/2 and HTTP/1.1 by ALPN over TLS and speaks HTTP/1.1 on plain
 * TCP; `1.1` and `2` force one; `h2c` is HTTP/2 with prior knowledge (cleartext, no upgrade).
 */
export type HttpVersion = 'auto' | '1.1' | '2' | 'h2c'

export const HTTP_VERSIONS: readonly HttpVersion[] = ['auto', '1.1', '2', 'h2c']

export function isHttpVersion(value: unknown): value is HttpVersion {
  return typeof value === 'string' && (HTTP_VERSIONS as readonly string[]).includes(value)
}
