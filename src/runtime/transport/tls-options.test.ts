import { describe, expect, it } from 'vitest'
import type { ClientCertificate } from '../../model/settings.ts'
import { pickClientCertificate } from './tls-options.ts'

const certs: ClientCertificate[] = ['*', '*.example.com', 'api.example.com', 'api.example.com:8443'].map(
  (host) => ({
    host,
    certPem: host,
  }),
)

describe('pickClientCertificate', () => {
  it.each([
    ['api.example.com', 8443, 'api.example.com:8443'],
    ['api.example.com', 443, 'api.example.com'],
    ['API.example.com', 443, 'api.example.com'],
    ['www.example.com', 443, '*.example.com'],
    ['example.com', 443, '*'],
    ['other.test', 443, '*'],
  ])('%s:%i → %s', (host, port, expected) => {
    expect(pickClientCertificate(certs, host, port)?.host).toBe(expected)
  })

  it('picks none when nothing matches', () => {
    expect(pickClientCertificate(certs.slice(1), 'other.test', 443)).toBeUndefined()
  })
})
