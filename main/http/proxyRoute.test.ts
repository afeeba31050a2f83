import { describe, expect, it } from 'vitest'
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
