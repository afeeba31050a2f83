import { describe, expect, it } from 'vitest'
import { sendHttpRequest } from '../api/sendHttpRequest'
import { startScriptedServer } from '../api/testSupport/scriptedServer'
import { createNetworkDispatcher } from './networkDispatcher'
import { proxyRouteFrom } from './proxyRoute'

describe('proxyRouteFrom (what session.resolveProxy answers)', () => {
  it.each([
    ['DIRECT', { kind: 'direct' }],
    ['', { kind: 'direct' }],
    ['PROXY proxy.office:8080', { kind: 'proxy', url: 'http://proxy.office:8080' }],
    ['PROXY proxy.office:8080; DIRECT', { kind: 'proxy', url: 'http://proxy.office:8080' }],
    ['  proxy  10.0.0.5:3128 ;PROXY b:1', { kind: 'proxy', url: 'http://10.0.0.5:3128' }],
    ['HTTPS secure.proxy:443; DIRECT', { kind: 'proxy', url: 'https://secure.proxy:443' }],
    ['SOCKS5 socks.office:1080; PROXY web.office:80', { kind: 'proxy', url: 'http://web.office:80' }],
    ['SOCKS socks.office:1080; DIRECT', { kind: 'direct' }],
    ['PROXY', { kind: 'direct' }],
    ['PROXY user@evil:1/path; DIRECT', { kind: 'direct' }],
    ['PROXY [::1]:8080', { kind: 'proxy', url: 'http://[::1]:8080' }]
  ])('%j → %j', (pac, route) => {
    expect(proxyRouteFrom(pac)).toEqual(route)
  })
})

describe('a resolver that fails', () => {
  it('goes direct, whether it rejects or throws', async () => {
    const server = await startScriptedServer(() => ({ status: 200, body: '{}' }))
    try {
      const rejecting = async (): Promise<string> => Promise.reject(new Error('no session'))
      const throwing = (): Promise<string> => {
        throw new Error('session.defaultSession.resolveProxy is not a function')
      }
      for (const resolveProxy of [rejecting, throwing]) {
        const dispatcher = createNetworkDispatcher({ resolveProxy })
        const exchange = await sendHttpRequest(dispatcher, { method: 'GET', url: new URL(server.baseUrl), headers: {}, headersTimeoutMs: 2_000, bodyTimeoutMs: 2_000 })
        expect(exchange.kind).toBe('answer')
        await dispatcher.close()
      }
    } finally {
      await server.close()
    }
  })
})
