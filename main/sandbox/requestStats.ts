import { routeKeyOf } from './routeKey'
import type { SandboxStats } from './types'

/** Counts of requests per route and responses per status, so tests can assert what the client really sent. */
export class RequestStats implements SandboxStats {
  private routes = new Map<string, number>()
  private statuses = new Map<number, number>()
  private arrivals: { routeKey: string; path: string }[] = []

  recordRequest(routeKey: string, path = ''): void {
    this.routes.set(routeKey, (this.routes.get(routeKey) ?? 0) + 1)
    this.arrivals.push({ routeKey, path })
  }

  paths(route: string): string[] {
    const key = routeKeyOf(route)
    return this.arrivals.filter((arrival) => arrival.routeKey === key).map((arrival) => arrival.path)
  }

  recordStatus(status: number): void {
    this.statuses.set(status, (this.statuses.get(status) ?? 0) + 1)
  }

  count(route: string): number {
    return this.routes.get(routeKeyOf(route)) ?? 0
  }

  statusCount(status: number): number {
    return this.statuses.get(status) ?? 0
  }

  reset(): void {
    this.routes.clear()
    this.statuses.clear()
    this.arrivals = []
  }
}
