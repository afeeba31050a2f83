import { execFileSync } from 'node:child_process'
import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { createServer as createHttpServer, type Server } from 'node:http'
import { createServer as createHttpsServer } from 'node:https'
import type { AddressInfo } from 'node:net'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { testConnection } from './connectionTest'
import { startSandbox } from './sandbox'

const closers: (() => Promise<unknown>)[] = []
afterEach(async () => {
  for (const close of closers.splice(0).reverse()) await close()
})

async function listen(server: Server): Promise<string> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  closers.push(() => new Promise((resolve) => server.close(resolve)))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}

describe('testConnection', () => {
  it('recognises the payroll API by its sign-in endpoint, and sends no credential to it', async () => {
    const sandbox = await startSandbox({ port: 0 })
    closers.push(() => sandbox.close())
    const result = await testConnection(sandbox.baseUrl)
    expect(result).toEqual({ ok: true, value: expect.objectContaining({ reachable: true, certificateTrusted: true, looksLikePayroll: true }) })
    expect(sandbox.stats.count('POST /authorisation/token')).toBe(1)
  })

  it('tells a web server that is not the payroll API apart from it', async () => {
    const address = await listen(createHttpServer((_request, response) => response.end('<html>Welcome to nginx</html>')))
    const result = await testConnection(address)
    expect(result).toMatchObject({ ok: true, value: { reachable: true, looksLikePayroll: false } })
    if (result.ok) expect(result.value.message).toMatch(/does not answer like the payroll service/)
  })

  it('says nothing answered at an address where nobody listens', async () => {
    const address = await listen(createHttpServer())
    const port = new URL(address).port
    await closers.pop()?.()
    const result = await testConnection(`http://127.0.0.1:${port}`)
    expect(result).toMatchObject({ ok: true, value: { reachable: false, looksLikePayroll: false } })
    if (result.ok) expect(result.value.message).toMatch(/refused the connection/)
  })

  it('reports a certificate this computer does not trust as its own finding, not as unreachable', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'leave-desk-tls-'))
    closers.push(() => rm(dir, { recursive: true, force: true }))
    const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')]
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', key, '-out', cert, '-days', '1', '-subj', '/CN=127.0.0.1'], {
      stdio: 'ignore'
    })
    const server = createHttpsServer({ key: await readFile(key), cert: await readFile(cert) }, (_request, response) => response.end('{}'))
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    closers.push(() => new Promise((resolve) => server.close(resolve)))
    const result = await testConnection(`https://127.0.0.1:${(server.address() as AddressInfo).port}`)
    expect(result).toMatchObject({ ok: true, value: { reachable: true, certificateTrusted: false, looksLikePayroll: false } })
    if (result.ok) expect(result.value.message).toMatch(/does not trust the payroll service's certificate/)
  })
})
