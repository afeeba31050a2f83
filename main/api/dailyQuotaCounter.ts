import { fail, ok, type ApiResult } from '../../shared/apiError'

/**
 * The live API blocks a file for 24 hours once its daily quota is used up. This counter keeps our own
 * count per file for the current UTC day and stops before that happens, with a message the clerk can
 * read. The count is persisted (injected store), so restarting the app does not forget today's requests.
 */
export type QuotaCounts = Record<string, { day: string; count: number }>

export interface QuotaStore {
  load(): Promise<QuotaCounts>
  save(counts: QuotaCounts): Promise<void>
}

export interface DailyQuotaCounter {
  /** Counts one request for the file, or refuses with `quota-exhausted` when today's limit is reached. */
  take(fileId: number): Promise<ApiResult<{ day: string }>>
  /** Returns a request that certainly never reached the server (taken on `day`). */
  giveBack(fileId: number, day: string): Promise<void>
  /** Requests counted today for the file. */
  used(fileId: number): Promise<number>
}

export interface DailyQuotaCounterOptions {
  /**
   * Requests per file per UTC day that we allow ourselves (see quotaLimitFor); per file when the office
   * shares the file's quota (officeQuotaLimit).
   */
  limit: number | ((fileId: number) => number)
  store: QuotaStore
  now?: () => number
  /** What colleagues' installs spent of the file's quota on that day (the office's budget, officeBudget.ts); default none. */
  othersUsed?: (fileId: number, day: string) => number
}

/** Our limit for a plan: a share of the vendor's quota, so a miscount of ours never gets the file blocked. */
export function quotaLimitFor(planDailyQuota: number, share = 0.95): number {
  return Math.max(0, Math.floor(planDailyQuota * share))
}

/**
 * Our limit for a file: the office's quota for it when the team shares one (Settings → Team), so every
 * install of the office stops at the same count; else this computer's setting. A quota the organisation
 * locked on this computer (machine policy) is never exceeded: the smaller of the two then.
 */
export function officeQuotaLimit(computer: { dailyQuota: number; locked: boolean }, officeDailyQuota: number | undefined): number {
  if (officeDailyQuota === undefined) return quotaLimitFor(computer.dailyQuota)
  return quotaLimitFor(computer.locked ? Math.min(computer.dailyQuota, officeDailyQuota) : officeDailyQuota)
}

const MS_PER_DAY = 86_400_000

export function dailyQuotaCounter(options: DailyQuotaCounterOptions): DailyQuotaCounter {
  const { store } = options
  const limitFor = (fileId: number) => (typeof options.limit === 'number' ? options.limit : options.limit(fileId))
  const now = options.now ?? Date.now
  let counts: QuotaCounts | null = null
  let queue: Promise<unknown> = Promise.resolve()

  /** One operation at a time, so two concurrent requests cannot both take the last slot. */
  const serially = <T>(operation: (current: QuotaCounts) => Promise<T>): Promise<T> => {
    const run = queue.then(async () => operation((counts ??= await loadOrEmpty(store))))
    queue = run.catch(() => undefined)
    return run
  }

  const persist = async (current: QuotaCounts, day: string) => {
    // Yesterday's counts mean nothing any more; keep the file small.
    const today = Object.fromEntries(Object.entries(current).filter(([, entry]) => entry.day === day))
    try {
      await store.save(today)
    } catch {
      // A disk problem must not stop the clerk's work; the count is still kept in memory for this run.
    }
  }

  return {
    take: (fileId) =>
      serially(async (current) => {
        const day = utcDay(now())
        const used = countOn(current, fileId, day)
        const limit = limitFor(fileId)
        // The file's quota is the office's: colleagues' spending counts first, so together they stop in time.
        if (used + (options.othersUsed?.(fileId, day) ?? 0) >= limit) {
          return fail({
            code: 'quota-exhausted',
            message: `Today's limit of ${limit} requests for this file is reached; sending resumes tomorrow.`,
            retryAfterMs: msUntilNextUtcDay(now())
          })
        }
        current[String(fileId)] = { day, count: used + 1 }
        await persist(current, day)
        return ok({ day })
      }),
    giveBack: (fileId, day) =>
      serially(async (current) => {
        const used = countOn(current, fileId, day)
        if (used === 0 || utcDay(now()) !== day) return
        current[String(fileId)] = { day, count: used - 1 }
        await persist(current, day)
      }),
    used: (fileId) => serially(async (current) => countOn(current, fileId, utcDay(now())))
  }
}

function countOn(counts: QuotaCounts, fileId: number, day: string): number {
  const entry = counts[String(fileId)]
  return entry && entry.day === day ? entry.count : 0
}

async function loadOrEmpty(store: QuotaStore): Promise<QuotaCounts> {
  try {
    return { ...(await store.load()) }
  } catch {
    return {}
  }
}

export function utcDay(ms: number): string {
  return new Date(ms).toISOString().slice(0, 10)
}

function msUntilNextUtcDay(ms: number): number {
  return (Math.floor(ms / MS_PER_DAY) + 1) * MS_PER_DAY - ms
}
