/** A throwaway CA, a server certificate for 127.0.0.1 and a client certificate, made with openssl. */
import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'

export interface TestCerts {
  caPem: string
  serverKey: string
  serverCert: string
  clientKey: string
  clientCert: string
}

export function makeCerts(): TestCerts {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sendbox-certs-'))
  const file = (name: string) => path.join(dir, name)
  const openssl = (...args: string[]) => execFileSync('/usr/bin/openssl', args, { cwd: dir, stdio: 'pipe' })
  openssl('genrsa', '-out', 'ca.key', '2048')
  openssl(
    'req',
    '-x509',
    '-new',
    '-key',
    'ca.key',
    '-days',
    '2',
    '-subj',
    '/CN=Sendbox Test CA',
    '-out',
    'ca.pem',
  )
  writeFileSync(
    file('server.ext'),
    'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n',
  )
  writeFileSync(file('client.ext'), 'extendedKeyUsage=clientAuth\n')
  for (const [name, subject] of [
    ['server', '/CN=127.0.0.1'],
    ['client', '/CN=sendbox-client'],
  ] as const) {
    openssl('genrsa', '-out', `${name}.key`, '2048')
    openssl('req', '-new', '-key', `${name}.key`, '-subj', subject, '-out', `${name}.csr`)
    openssl(
      'x509',
      '-req',
      '-in',
      `${name}.csr`,
      '-CA',
      'ca.pem',
      '-CAkey',
      'ca.key',
      '-CAcreateserial',
      '-days',
      '2',
      '-extfile',
      `${name}.ext`,
      '-out',
      `${name}.pem`,
    )
  }
  const read = (name: string) => readFileSync(file(name), 'utf8')
  const certs = {
    caPem: read('ca.pem'),
    serverKey: read('server.key'),
    serverCert: read('server.pem'),
    clientKey: read('client.key'),
    clientCert: read('client.pem'),
  }
  rmSync(dir, { recursive: true, force: true })
  return certs
}
