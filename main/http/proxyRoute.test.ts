import { describe, expect, it, vi } from 'vitest'
import { classifyTransportError } from '../api/classifyTransportError'
import { sendHttpRequest, type HttpExchange } from '../api/sendHttpRequest'
import { startScriptedServer } from '../api/testSupport/scriptedServer'
import { createNetworkDispatcher } from './networkDispatcher'
import { PROXY_ANSWER_TIMEOUT_MS } from './proxyAnswer'
import { proxyRouteFrom } from './proxyRoute'

describe('proxyRouteFrom (what session.resolveProxy answers)', () => {
  it.each([
    ['DIRECT', { kind: 'direct' }],
    ['', { kind: 'direct' }],
    ['PROXY proxy.office:8080', { kind: 'proxy', url: 'http://proxy.office:8080', orDirect: false }],
    ['PROXY proxy.office:8080; DIRECT', { kind: 'proxy', url: 'http://proxy.office:8080', orDirect: true }],
    ['  proxy  10.0.0.5:3128 ;PROXY b:1', { kind: 'proxy', url: 'http://10.0.0.5:3128', orDirect: false }],
    ['HTTPS secure.proxy:443; DIRECT', { kind: 'proxy', url: 'https://secure.proxy:443', orDirect: true }],
    ['SOCKS5 socks.office:1080; PROXY web.office:80', { kind: 'proxy', url: 'http://web.office:80', orDirect: false }],
    ['SOCKS socks.office:1080; DIRECT', { kind: 'direct' }],
    ['SOCKS5 socks.office:1080', { kind: 'unsupported', entries: 'SOCKS5 socks.office:1080' }],
    ['SOCKS4 a:1; SOCKS5 b:2', { kind: 'unsupported', entries: 'SOCKS4 a:1; SOCKS5 b:2' }],
    ['PROXY', { kind: 'direct' }],
    ['PROXY user@evil:1/path; DIRECT', { kind: 'direct' }],
    ['PROXY [::1]:8080', { kind: 'proxy', url: 'http://[::1]:8080', orDirect: false }]
  ])('%j → %j', (pac, route) => {
    expect(proxyRouteFrom(pac)).toEqual(route)
  })
})

describe('a resolver that never answers (Node path)', () => {
  it('fails as a proxy problem within the time limit, nothing sent, and asks again next time', async () => {
    vi.useFakeTimers()
    try {
      let asked = 0
      const dispatcher = createNetworkDispatcher({ resolveProxy: () => (asked++, new Promise<string>(() => {})) })
      const request = { method: 'POST' as const, url: new URL('https://payroll.test/Payroll/LeaveRequest'), headers: {}, body: '{}', headersTimeoutMs: 60_000, bodyTimeoutMs: 60_000 }
      let exchange: HttpExchange | undefined
      void sendHttpRequest(dispatcher, request).then((e) => (exchange = e))
      await vi.advanceTimersByTimeAsync(PROXY_ANSWER_TIMEOUT_MS)
      expect(exchange).toMatchObject({ kind: 'failed', requestStarted: false })
      if (exchange?.kind === 'failed') expect(classifyTransportError(exchange.error, exchange.requestStarted)).toMatchObject({ code: 'proxy', details: { cause: 'no-answer' } })
      void sendHttpRequest(dispatcher, request)
      await vi.advanceTimersByTimeAsync(0)
      expect(asked).toBe(2)
      await dispatcher.close()
    } finally {
      vi.useRealTimers()
    }
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
