/**
 * How to reach one origin, read from what Electron's `session.resolveProxy(url)` answers: a PAC-style
 * list such as `PROXY proxy.office:8080; DIRECT`. The first entry Leave Desk can use wins; SOCKS entries
 * are skipped (payroll traffic goes through HTTP proxies in the offices we serve), and an empty or
 * unreadable answer means a direct connection, as Chromium treats it.
 */
export type ProxyRoute = { kind: 'direct' } | { kind: 'proxy'; url: string }

export const DIRECT: ProxyRoute = { kind: 'direct' }

export function proxyRouteFrom(pacResult: string): ProxyRoute {
  for (const entry of pacResult.split(';')) {
    const [keyword = '', hostPort] = entry.trim().split(/\s+/)
    switch (keyword.toUpperCase()) {
      case 'DIRECT':
        return DIRECT
      case 'PROXY':
      case 'HTTP':
        if (hostPort && isHostPort(hostPort)) return { kind: 'proxy', url: `http://${hostPort}` }
        break
      case 'HTTPS':
        if (hostPort && isHostPort(hostPort)) return { kind: 'proxy', url: `https://${hostPort}` }
        break
    }
  }
  return DIRECT
}

function isHostPort(value: string): boolean {
  try {
    const url = new URL(`http://${value}`)
    return url.host.length > 0 && url.pathname === '/' && url.username === '' && url.search === ''
  } catch {
    return false
  }
}
