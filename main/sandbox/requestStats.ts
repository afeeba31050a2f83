import { routeKeyOf } from './routeKey'
import type { SandboxStats } from './types'

/** Counts of requests per route and responses per status, so tests can assert what the client really sent. */
export class RequestStats implements SandboxStats {
  private routes = new Map<string, number>()
  private statuses = new Map<number, number>()
  private unversioned = 0

  recordRequest(routeKey: string): void {
    this.routes.set(routeKey, (this.routes.get(routeKey) ?? 0) + 1)
  }

  /** Whether the request named the API version the vendor asks clients to send (`X-Api-Version: 1.0`). */
  recordApiVersion(header: string | string[] | undefined): void {
    if (header !== '1.0') this.unversioned += 1
  }

  withoutApiVersion(): number {
    return this.unversioned
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
    this.unversioned = 0
  }
}
