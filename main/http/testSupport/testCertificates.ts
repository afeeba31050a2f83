import { execFileSync } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'

/**
 * A certificate authority made for one test run with the openssl CLI, and a server certificate it signed
 * for 127.0.0.1 / localhost: stands in for an office's own root (a TLS-inspecting firewall) or a private
 * payroll deployment. Nothing is written outside a temp folder, which is removed again.
 */
export interface TestCertificates {
  caCert: string
  serverKey: string
  serverCert: string
}

export function makeTestCertificates(): TestCertificates {
  const dir = mkdtempSync(path.join(tmpdir(), 'leave-desk-ca-'))
  const file = (name: string) => path.join(dir, name)
  const openssl = (...args: string[]) => execFileSync('openssl', args, { stdio: 'pipe' })
  const ec = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes']
  try {
    openssl('req', '-x509', ...ec, '-keyout', file('ca.key'), '-out', file('ca.crt'), '-days', '2', '-subj', '/CN=Leave Desk Test Root',
      '-addext', 'basicConstraints=critical,CA:TRUE', '-addext', 'keyUsage=critical,keyCertSign,cRLSign')
    openssl('req', ...ec, '-keyout', file('server.key'), '-out', file('server.csr'), '-subj', '/CN=127.0.0.1')
    writeFileSync(file('server.ext'), 'subjectAltName=IP:127.0.0.1,DNS:localhost\nextendedKeyUsage=serverAuth\n')
    openssl('x509', '-req', '-in', file('server.csr'), '-CA', file('ca.crt'), '-CAkey', file('ca.key'), '-CAcreateserial',
      '-out', file('server.crt'), '-days', '2', '-extfile', file('server.ext'))
    return {
      caCert: readFileSync(file('ca.crt'), 'utf8'),
      serverKey: readFileSync(file('server.key'), 'utf8'),
      serverCert: readFileSync(file('server.crt'), 'utf8')
    }
  } finally {
    rmSync(dir, { recursive: true, force: true })
  }
}
