import { describe, expect, it } from 'vitest'
import { tlsForSend } from './settings-state.ts'

describe('tlsForSend', () => {
  it('drops half-filled certificate rows and blank CA entries, keeps the rest', () => {
    const pfx = new Uint8Array([1, 2, 3])
    const tls = tlsForSend({
      verify: false,
      caPem: ['', '  ', '-----BEGIN CERTIFICATE-----\nA\n-----END CERTIFICATE-----'],
      clientCertificates: [
        { host: '' },
        { host: 'api.test', certPem: 'CERT' },
        { host: 'api.test', certPem: 'CERT', keyPem: 'KEY' },
        { host: 'pfx.test', pfx, passphrase: 'pw' },
        { host: '  ', pfx },
      ],
    })
    expect(tls.verify).toBe(false)
    expect(tls.caPem).toEqual(['-----BEGIN CERTIFICATE-----\nA\n-----END CERTIFICATE-----'])
    expect(tls.clientCertificates).toEqual([
      { host: 'api.test', certPem: 'CERT', keyPem: 'KEY' },
      { host: 'pfx.test', pfx, passphrase: 'pw' },
    ])
  })
})
