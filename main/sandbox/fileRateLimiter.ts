/**
 * The live API's limits, per file: at most `ratePerSecond` requests in any one-second window, and at most
 * `dailyQuota` requests per (UTC) day; once the quota is gone the file is blocked until the day ends.
 * Refused requests do not count against either limit.
 */

export interface RateLimits {
  ratePerSecond: number | null
  dailyQuota: number | null
  now: () => number
}

export type RateDecision = { ok: true } | { ok: false; retryAfterSeconds: number; reason: 'rate' | 'quota' }

const MS_PER_DAY = 86_400_000

export class FileRateLimiter {
  private recent = new Map<number, number[]>()
  private daily = new Map<number, { day: number; count: number }>()

  constructor(private readonly limits: RateLimits) {}

  admit(fileId: number): RateDecision {
    const now = this.limits.now()
    const quota = this.quotaDecision(fileId, now)
    if (!quota.ok) return quota
    const rate = this.rateDecision(fileId, now)
    if (!rate.ok) return rate
    this.countDaily(fileId, now)
    return { ok: true }
  }

  private quotaDecision(fileId: number, now: number): RateDecision {
    const { dailyQuota } = this.limits
    if (dailyQuota === null) return { ok: true }
    const day = Math.floor(now / MS_PER_DAY)
    const used = this.daily.get(fileId)
    const count = used && used.day === day ? used.count : 0
    if (count < dailyQuota) return { ok: true }
    const endOfDay = (day + 1) * MS_PER_DAY
    return { ok: false, reason: 'quota', retryAfterSeconds: Math.max(1, Math.ceil((endOfDay - now) / 1000)) }
  }

  private countDaily(fileId: number, now: number): void {
    if (this.limits.dailyQuota === null) return
    const day = Math.floor(now / MS_PER_DAY)
    const used = this.daily.get(fileId)
    this.daily.set(fileId, { day, count: used && used.day === day ? used.count + 1 : 1 })
  }

  private rateDecision(fileId: number, now: number): RateDecision {
    const { ratePerSecond } = this.limits
    if (ratePerSecond === null) return { ok: true }
    const inWindow = (this.recent.get(fileId) ?? []).filter((t) => t > now - 1000)
    if (inWindow.length >= ratePerSecond) {
      this.recent.set(fileId, inWindow)
      const oldest = inWindow[0] ?? now
      return { ok: false, reason: 'rate', retryAfterSeconds: Math.max(1, Math.ceil((oldest + 1000 - now) / 1000)) }
    }
    inWindow.push(now)
    this.recent.set(fileId, inWindow)
    return { ok: true }
  }
}
