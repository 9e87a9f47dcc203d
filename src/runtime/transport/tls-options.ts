/**
 * TLS settings → Node TLS options for one host: the custom CAs join the built-in roots (never
 * replace them), the verification switch, and the client certificate chosen for that host.
 */
import tls from 'node:tls'
import type { ClientCertificate, TlsSettings } from '../../model/settings.ts'

export class ClientCertificateError extends Error {}

export function pickClientCertificate(
  certificates: readonly ClientCertificate[],
  hostname: string,
  port: number,
): ClientCertificate | undefined {
  const host = hostname.toLowerCase()
  const score = (pattern: string): number => {
    const entry = pattern.trim().toLowerCase()
    if (entry === `${host}:${port}`) return 4
    if (entry === host) return 3
    if (entry.startsWith('*.') && host.endsWith(entry.slice(1))) return 2
    if (entry === '*') return 1
    return 0
  }
  let best: ClientCertificate | undefined
  let bestScore = 0
  for (const certificate of certificates) {
    const s = score(certificate.host)
    if (s > bestScore) [best, bestScore] = [certificate, s]
  }
  return best
}

/** Secure contexts are costly to build (the whole root store is parsed), so each is made once. */
export function makeSecureContexts(settings: TlsSettings) {
  const contexts = new Map<string, { secureContext: tls.SecureContext; clientCertificate: boolean }>()
  const ca = settings.caPem.length > 0 ? [...tls.rootCertificates, ...settings.caPem] : undefined
  return {
    rejectUnauthorized: settings.verify,
    forHost(hostname: string, port: number) {
      const certificate = pickClientCertificate(settings.clientCertificates, hostname, port)
      const key = certificate ? String(settings.clientCertificates.indexOf(certificate)) : '-'
      let context = contexts.get(key)
      if (!context) {
        context = {
          secureContext: createContext(ca, certificate, hostname),
          clientCertificate: !!certificate,
        }
        contexts.set(key, context)
      }
      return context
    },
  }
}

function createContext(
  ca: string[] | undefined,
  certificate: ClientCertificate | undefined,
  hostname: string,
): tls.SecureContext {
  const options: tls.SecureContextOptions = {}
  if (ca) options.ca = ca
  if (certificate) {
    if (certificate.pfx) options.pfx = Buffer.from(certificate.pfx)
    if (certificate.certPem) options.cert = certificate.certPem
    if (certificate.keyPem) options.key = certificate.keyPem
    if (certificate.passphrase !== undefined) options.passphrase = certificate.passphrase
  }
  try {
    return tls.createSecureContext(options)
  } catch (error) {
    if (!certificate) throw error
    const reason = error instanceof Error ? error.message : String(error)
    const hint = /mac verify|bad decrypt|passphrase/i.test(reason)
      ? 'wrong passphrase or damaged file'
      : /key values mismatch/i.test(reason)
        ? 'the key does not belong to the certificate'
        : reason
    throw new ClientCertificateError(`Could not load the client certificate for ${hostname}: ${hint}`, {
      cause: error,
    })
  }
}
