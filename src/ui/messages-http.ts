/** Labels of the `HTTP version` choice, for the lazily loaded views that show it (Settings, a request's Einstellungen). */
import type { HttpVersion } from '../model/settings.ts'

export const httpMessages = {
  httpVersion: 'HTTP version',
  httpVersionHint:
    'Auto: HTTP/2 or HTTP/1.1 as the server offers over TLS, HTTP/1.1 without TLS. HTTP/2 (prior knowledge) speaks HTTP/2 without TLS. Applies when requests go through the relay; the browser picks its own otherwise.',
  requestHttpVersionHint:
    'Auto: as in Settings → Proxy → HTTP version. Another choice applies to this request only.',
}

export const HTTP_VERSION_LABELS: Record<HttpVersion, string> = {
  auto: 'Auto',
  '1.1': 'HTTP/1.1',
  '2': 'HTTP/2',
  h2c: 'HTTP/2 (prior knowledge)',
}
