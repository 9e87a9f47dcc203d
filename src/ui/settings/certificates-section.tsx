/**
 * Settings → Zertifikate: client certificates per host (PEM certificate and key, or a PFX file
 * with its passphrase), custom CA certificates, and `Disable SSL Verification globally`.
 * Certificates reach servers only through the relay; the page's own fetch cannot present them.
 */
import { For, Index, Show } from 'solid-js'
import type { ClientCertificate, TlsSettings } from '../../model/settings.ts'
import { messages } from '../messages.ts'
import { useStore } from '../store/context.tsx'
import { RelayNote } from './relay-note.tsx'

export function CertificatesSection() {
  const { settings } = useStore()
  const tls = () => settings.current().tls
  const write = (patch: Partial<TlsSettings>) => settings.updateSettings({ tls: patch })
  const certs = () => tls().clientCertificates
  const setCert = (index: number, patch: Partial<ClientCertificate>) =>
    write({ clientCertificates: certs().map((c, i) => (i === index ? { ...c, ...patch } : c)) })

  return (
    <div class="settings-section">
      <RelayNote />
      <h3>{messages.clientCertificates}</h3>
      <Index each={certs()}>
        {(cert, index) => (
          <fieldset class="cert-card" aria-label={`${messages.clientCertificates}: ${cert().host}`}>
            <div class="field-row">
              <label class="field grow">
                <span>{messages.certHost}</span>
                <input
                  class="input"
                  value={cert().host}
                  placeholder="api.example.com:8443"
                  spellcheck={false}
                  onChange={(e) => setCert(index, { host: e.currentTarget.value.trim() })}
                />
              </label>
              <button
                type="button"
                class="button danger"
                aria-label={messages.removeCertificate(cert().host)}
                onClick={() => write({ clientCertificates: certs().filter((_, i) => i !== index) })}
              >
                {messages.delete}
              </button>
            </div>
            <label class="field">
              <span>{messages.certPem}</span>
              <textarea
                class="input pem"
                rows="3"
                spellcheck={false}
                value={cert().certPem ?? ''}
                onChange={(e) => setCert(index, { certPem: e.currentTarget.value })}
              />
            </label>
            <label class="field">
              <span>{messages.keyPem}</span>
              <textarea
                class="input pem"
                rows="3"
                spellcheck={false}
                value={cert().keyPem ?? ''}
                onChange={(e) => setCert(index, { keyPem: e.currentTarget.value })}
              />
            </label>
            <div class="field-row">
              <label class="field grow">
                <span>{messages.pfxFile}</span>
                <input
                  class="input"
                  type="file"
                  accept=".pfx,.p12,application/x-pkcs12"
                  onChange={async (e) => {
                    const file = e.currentTarget.files?.[0]
                    if (file) setCert(index, { pfx: new Uint8Array(await file.arrayBuffer()) })
                  }}
                />
                <Show when={cert().pfx}>{(pfx) => <span class="muted">{pfx().length} B</span>}</Show>
              </label>
              <label class="field grow">
                <span>{messages.passphrase}</span>
                <input
                  class="input"
                  type="password"
                  value={cert().passphrase ?? ''}
                  autocomplete="off"
                  onChange={(e) => setCert(index, { passphrase: e.currentTarget.value })}
                />
              </label>
            </div>
          </fieldset>
        )}
      </Index>
      <button
        type="button"
        class="button"
        onClick={() => write({ clientCertificates: [...certs(), { host: '' }] })}
      >
        {messages.addCertificate}
      </button>

      <h3>{messages.caCertificates}</h3>
      <For each={tls().caPem}>
        {(pem, index) => (
          <div class="field-row">
            <label class="field grow">
              <span>{messages.caPem(index() + 1)}</span>
              <textarea
                class="input pem"
                rows="3"
                spellcheck={false}
                value={pem}
                onChange={(e) => {
                  const value = e.currentTarget.value
                  write({ caPem: tls().caPem.map((p, i) => (i === index() ? value : p)) })
                }}
              />
            </label>
            <button
              type="button"
              class="button danger"
              aria-label={messages.removeCaCertificate(index() + 1)}
              onClick={() => write({ caPem: tls().caPem.filter((_, i) => i !== index()) })}
            >
              {messages.delete}
            </button>
          </div>
        )}
      </For>
      <button type="button" class="button" onClick={() => write({ caPem: [...tls().caPem, ''] })}>
        {messages.addCaCertificate}
      </button>

      <label class="check-row">
        <input
          type="checkbox"
          checked={!tls().verify}
          onChange={(e) => write({ verify: !e.currentTarget.checked })}
        />
        {messages.disableSslVerification}
      </label>
    </div>
  )
}
