/**
 * Test certificates made with the openssl CLI in a temp dir: a CA, a server certificate for
 * 127.0.0.1 / localhost, a client certificate (PEM and PFX with passphrase), and a second CA
 * that signed nothing the server uses.
 */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

export interface TestCerts {
  caPem: string
  otherCaPem: string
  serverKey: string
  serverCert: string
  clientKey: string
  clientCert: string
  clientPfx: Uint8Array
  pfxPassphrase: string
  /** A client certificate from the other CA, which the server does not accept. */
  strangerKey: string
  strangerCert: string
}

const OPENSSL = '/usr/bin/openssl'

export function makeTestCerts(): TestCerts {
  const dir = mkdtempSync(join(tmpdir(), 'sendbox-certs-'))
  const run = (...args: string[]) => execFileSync(OPENSSL, args, { cwd: dir, stdio: 'pipe' })
  const read = (name: string) => readFileSync(join(dir, name), 'utf8')
  try {
    // A new RSA key in `<name>.key` and a request for it in `out` (self-signed with `-x509`).
    const request = (name: string, out: string, ...rest: string[]) =>
      run('req', '-newkey', 'rsa:2048', '-nodes', '-keyout', `${name}.key`, '-out', out, ...rest)
    const ca = (name: string) =>
      request(name, `${name}.pem`, '-x509', '-days', '2', '-subj', `/CN=Sendbox Test ${name}`)
    ca('ca')
    ca('other-ca')
    const leaf = (name: string, issuer: string, subject: string, extensions: string) => {
      request(name, `${name}.csr`, '-subj', subject)
      writeFileSync(join(dir, `${name}.ext`), extensions)
      run(
        'x509',
        '-req',
        '-in',
        `${name}.csr`,
        '-CA',
        `${issuer}.pem`,
        '-CAkey',
        `${issuer}.key`,
        '-CAcreateserial',
        '-out',
        `${name}.pem`,
        '-days',
        '2',
        '-extfile',
        `${name}.ext`,
      )
    }
    leaf(
      'server',
      'ca',
      '/CN=127.0.0.1',
      'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
    )
    leaf('client', 'ca', '/CN=sendbox-client', 'extendedKeyUsage=clientAuth\n')
    leaf('stranger', 'other-ca', '/CN=stranger', 'extendedKeyUsage=clientAuth\n')
    const passphrase = 'pfx-secret'
    run(
      'pkcs12',
      '-export',
      '-inkey',
      'client.key',
      '-in',
      'client.pem',
      '-out',
      'client.pfx',
      '-passout',
      `pass:${passphrase}`,
    )
    return {
      caPem: read('ca.pem'),
      otherCaPem: read('other-ca.pem'),
      serverKey: read('server.key'),
      serverCert: read('server.pem'),
      clientKey: read('client.key'),
      clientCert: read('client.pem'),
      clientPfx: new Uint8Array(readFileSync(join(dir, 'client.pfx'))),
      pfxPassphrase: passphrase,
      strangerKey: read('stranger.key'),
      strangerCert: read('stranger.pem'),
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
