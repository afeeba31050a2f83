/**
 * How to reach one origin, read from what Electron's `session.resolveProxy(url)` answers: a PAC-style
 * list such as `PROXY proxy.office:8080; DIRECT`. The first entry Leave Desk can use wins. A proxy
 * followed by DIRECT may be skipped when it cannot be reached, as Chromium does (`orDirect`). SOCKS
 * entries are not supported: a list of only SOCKS proxies is `unsupported` (never a quiet direct
 * connection around a proxy the office made mandatory). An empty or unreadable answer means direct, as
 * Chromium treats it.
 */
export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; url: string; orDirect: boolean } | { kind: 'unsupported'; entries: string }

export const DIRECT: ProxyRoute = { kind: 'direct' }

export function proxyRouteFrom(pacResult: string): ProxyRoute {
  const entries = pacResult.split(';').map((entry) => entry.trim().split(/\s+/))
  let socksOnly = false
  for (const [index, [keyword = '', hostPort]] of entries.entries()) {
    const orDirect = () => entries.slice(index + 1).some(([later = '']) => later.toUpperCase() === 'DIRECT')
    switch (keyword.toUpperCase()) {
      case 'DIRECT':
        return DIRECT
      case 'PROXY':
      case 'HTTP':
        if (hostPort && isHostPort(hostPort)) return { kind: 'proxy', url: `http://${hostPort}`, orDirect: orDirect() }
        break
      case 'HTTPS':
        if (hostPort && isHostPort(hostPort)) return { kind: 'proxy', url: `https://${hostPort}`, orDirect: orDirect() }
        break
      case 'SOCKS':
      case 'SOCKS4':
      case 'SOCKS5':
        socksOnly = true
        break
    }
  }
  return socksOnly ? { kind: 'unsupported', entries: pacResult.trim() } : DIRECT
}

function isHostPort(value: string): boolean {
  try {
    const url = new URL(`http://${value}`)
    return url.host.length > 0 && url.pathname === '/' && url.username === '' && url.search === ''
  } catch {
    return false
  }
}
