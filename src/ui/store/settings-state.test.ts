import { createRoot } from 'solid-js'
import { describe, expect, it } from 'vitest'
import * as Y from 'yjs'
import type { OpenDocs } from './docs.ts'
import { createSettingsState, tlsForSend } from './settings-state.ts'

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

describe('sendSettings: HTTP version', () => {
  it('sends none for Auto, and the one chosen in Settings otherwise', () => {
    createRoot((dispose) => {
      const device = new Y.Doc()
      const state = () => createSettingsState({ device } as OpenDocs, () => 0)
      expect(state().sendSettings()).not.toHaveProperty('httpVersion')
      expect(state().current().network.httpVersion).toBe('auto')
      state().updateSettings({ network: { httpVersion: 'h2c' } })
      expect(state().sendSettings().httpVersion).toBe('h2c')
      state().updateSettings({ network: { httpVersion: 'auto' } })
      expect(state().sendSettings()).not.toHaveProperty('httpVersion')
      dispose()
    })
  })
})
