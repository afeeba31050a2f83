import { routeKeyOf } from './routeKey'
import type { SandboxStats } from './types'

/** Counts of requests per route and responses per status, so tests can assert what the client really sent. */
const MAX_ARRIVALS = 20_000

export class RequestStats implements SandboxStats {
  private routes = new Map<string, number>()
  private statuses = new Map<number, number>()
  /** Keyed `<route key>|<status>`: a screen's read refused 403 must not count as a refused write. */
  private routeStatuses = new Map<string, number>()
  private unversioned = 0
  private arrivals: { routeKey: string; path: string }[] = []

  recordRequest(routeKey: string, path = ''): void {
    this.routes.set(routeKey, (this.routes.get(routeKey) ?? 0) + 1)
    this.arrivals.push({ routeKey, path })
    // Kept for tests' order checks; bounded so a long Practice run or the bench never grows without end.
    if (this.arrivals.length > MAX_ARRIVALS) this.arrivals.splice(0, this.arrivals.length - MAX_ARRIVALS)
  }

  paths(route: string): string[] {
    const key = routeKeyOf(route)
    return this.arrivals.filter((arrival) => arrival.routeKey === key).map((arrival) => arrival.path)
  }

  /** Whether the request named the API version the vendor asks clients to send (`X-Api-Version: 1.0`). */
  recordApiVersion(header: string | string[] | undefined): void {
    if (header !== '1.0') this.unversioned += 1
  }

  withoutApiVersion(): number {
    return this.unversioned
  }

  recordStatus(status: number, routeKey?: string | null): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1)
    if (!routeKey) return
    const key = `${routeKey}|${status}`
    this.routeStatuses.set(key, (this.routeStatuses.get(key) ?? 0) + 1)
  }

  count(route: string): number {
    return this.routes.get(routeKeyOf(route)) ?? 0
  }

  statusCount(status: number, route?: string): number {
    if (route === undefined) return this.statuses.get(status) ?? 0
    return this.routeStatuses.get(`${routeKeyOf(route)}|${status}`) ?? 0
  }

  reset(): void {
    this.routes.clear()
    this.statuses.clear()
    this.routeStatuses.clear()
    this.unversioned = 0
    this.arrivals = []
  }
}
