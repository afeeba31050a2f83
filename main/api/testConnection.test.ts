import { describe, expect, it } from 'vitest'
import { startScriptedServer } from './testSupport/scriptedServer'
import type { Sandbox } from '../sandbox'
import { createNetworkDispatcher } from '../http/networkDispatcher'
import { testConnection } from './testConnection'
import { startHttpsFront } from '../http/testSupport/httpsFront'
import { sandboxWithCertificatesPerFile } from '../http/testSupport/realServerHooks'
import type { TestCertificates } from '../http/testSupport/testCertificates'
import { freePort, startTinyproxy } from '../http/testSupport/tinyproxy'
import { trustedCertificates } from '../http/trustedCertificates'

/** "Test connection" against real servers: the sandbox (plain and https), something else, nothing, a proxy. */
let sandbox: Sandbox
let certificates: TestCertificates
const closers = sandboxWithCertificatesPerFile((started, made) => ([sandbox, certificates] = [started, made]))

function dispatcher(options: Parameters<typeof createNetworkDispatcher>[0] = {}) {
  const made = createNetworkDispatcher({ connectTimeoutMs: 3_000, ...options })
  closers.push(() => made.close())
  return made
}

async function httpsSandbox() {
  const front = await startHttpsFront(sandbox.baseUrl, { key: certificates.serverKey, cert: certificates.serverCert })
  closers.push(() => front.close())
  return front
}

describe('testConnection', () => {
  it('the payroll API (the sandbox): reachable, nothing to distrust, looks like payroll; no sign-in attempted', async () => {
    const tokensBefore = sandbox.stats.count('POST /authorisation/token')
    expect(await testConnection(sandbox.baseUrl, dispatcher())).toEqual({
      reachable: true,
      certificateTrusted: true,
      looksLikePayroll: true,
      message: 'Connected: the payroll service answered as expected.'
    })
    expect(sandbox.stats.count('POST /authorisation/token')).toBe(tokensBefore + 1)
    expect(sandbox.stats.statusCount(200)).toBe(0)
  })

  it('https with a trusted CA: all three yes; with the CA unknown: reachable, certificate not trusted, in plain words', async () => {
    const front = await httpsSandbox()
    const trusted = dispatcher({ ca: trustedCertificates({ getCACertificates: null, extraCAs: [certificates.caCert] }) })
    expect(await testConnection(front.baseUrl, trusted)).toMatchObject({ reachable: true, certificateTrusted: true, looksLikePayroll: true })
    const report = await testConnection(front.baseUrl, dispatcher())
    expect(report).toMatchObject({ reachable: true, certificateTrusted: false, looksLikePayroll: false })
    expect(report.message).toMatch(/^This computer does not trust the payroll service's certificate/)
  })

  it('a web server that is not payroll: reachable, but does not look like payroll, with its status', async () => {
    const other = await startScriptedServer(() => ({ status: 404, body: '<html>Not here</html>', headers: { 'content-type': 'text/html' } }))
    closers.push(() => other.close())
    expect(await testConnection(other.baseUrl, dispatcher())).toEqual({
      reachable: true,
      certificateTrusted: true,
      looksLikePayroll: false,
      message: 'Something answers at this address, but not like the payroll service (HTTP 404). Check the address.'
    })
  })

  it('nothing listening: not reachable, naming the host', async () => {
    const port = await freePort()
    const report = await testConnection(`http://127.0.0.1:${port}`, dispatcher())
    expect(report).toEqual({
      reachable: false,
      certificateTrusted: false,
      looksLikePayroll: false,
      message: `Could not reach 127.0.0.1:${port}. Check the address and this computer's network connection.`
    })
  })

  it('through the system proxy: works via a proxy that passes it on, says "proxy" when the proxy refuses', async () => {
    const port = Number(new URL(sandbox.baseUrl).port)
    const passing = await startTinyproxy({ connectPorts: [port] })
    closers.push(() => passing.close())
    expect(await testConnection(sandbox.baseUrl, dispatcher({ resolveProxy: async () => passing.pacResult }))).toMatchObject({
      looksLikePayroll: true
    })
    expect(await passing.log()).toContain(`CONNECT 127.0.0.1:${port} HTTP/1.1`)
    const refusing = await startTinyproxy({ connectPorts: [1] })
    closers.push(() => refusing.close())
    const report = await testConnection(sandbox.baseUrl, dispatcher({ resolveProxy: async () => refusing.pacResult }))
    expect(report).toMatchObject({ reachable: false, looksLikePayroll: false })
    expect(report.message).toMatch(/proxy server did not pass the request on/)
  })
})
