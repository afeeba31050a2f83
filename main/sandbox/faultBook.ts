import type { FaultRule } from './types'
import { routeKeyOf } from './routeKey'

/**
 * The faults a test has asked for. Rules are checked in order and the first that matches applies; a rule
 * with `times` is used up after that many matching requests.
 */
export class FaultBook {
  private rules: { rule: FaultRule; remaining: number }[] = []

  constructor(private readonly random: () => number = Math.random) {}

  add(rule: FaultRule): void {
    validateRule(rule)
    this.rules.push({ rule: { ...rule }, remaining: rule.times ?? Number.POSITIVE_INFINITY })
  }

  clear(): void {
    this.rules = []
  }

  /**
   * The fault for a request to `routeKey` (e.g. 'post /payroll/leaverequest/:id') at concrete `pathKey`
   * (e.g. 'post /payroll/leaverequest/7'), or null. Token routes are only faulted when a rule names them.
   */
  take(routeKey: string, pathKey: string, isTokenRoute: boolean): FaultRule | null {
    for (const entry of this.rules) {
      if (entry.remaining <= 0) continue
      const wanted = entry.rule.route === undefined ? null : routeKeyOf(entry.rule.route)
      const matches = wanted === null ? !isTokenRoute : wanted === routeKey || wanted === pathKey
      if (!matches) continue
      if (this.random() >= (entry.rule.probability ?? 1)) continue
      entry.remaining -= 1
      return entry.rule
    }
    return null
  }
}

function validateRule(rule: FaultRule): void {
  if (rule.times !== undefined && (!Number.isInteger(rule.times) || rule.times < 1)) {
    throw new RangeError('A fault rule\'s "times" must be a positive whole number.')
  }
  if (rule.probability !== undefined && !(rule.probability >= 0 && rule.probability <= 1)) {
    throw new RangeError('A fault rule\'s "probability" must be between 0 and 1.')
  }
  if (rule.kind === 'latency' && !(Number.isFinite(rule.ms) && rule.ms >= 0)) {
    throw new RangeError('A latency fault needs a non-negative "ms".')
  }
}
