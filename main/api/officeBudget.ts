import type { OfficeShare, OfficeSpend } from '../../shared/ipc/officeShare'
import { utcDay, type DailyQuotaCounter } from './dailyQuotaCounter'
import { officeSlotAt, type OfficeSlot } from './officeSlots'

/**
 * The office's rate budget as this install's page last told it (shared/ipc/officeShare.ts), kept per
 * payroll file: the turn the rate limiter takes among the installs sending to that file now, what
 * colleagues spent of its daily quota (counted before this install's own), and the office's daily quota
 * for it. A file the page never told of (no team server for it) is paced and counted alone, whatever
 * another file's team does.
 *
 * A share stays until the page tells another for that file (the page keeps the safe one while the team
 * server is out of reach, renderer/src/team/officeBudget.ts): dropping to "alone" by itself would let
 * this install send at the whole office's pace while colleagues still count on its turn.
 */
export interface OfficeBudget {
  /** The page's latest share for its file; other files' shares are kept. */
  update(share: OfficeShare): void
  /**
   * The limiter's turn at `now` for a request to `fileId`, turns being `turnLength` long (officeSlots.ts);
   * null when alone, not told for that file, or for an account-level call (no file).
   */
  slot(now: number, turnLength: number, fileId: number | null): OfficeSlot | null
  /** What colleagues spent of `fileId`'s quota on `day`, as last told; 0 when not told. */
  othersUsed(fileId: number, day: string): number
  /** The office's daily quota for `fileId` (Settings → Team), as last told; undefined when not set. */
  dailyQuota(fileId: number): number | undefined
  /** The limiter asked for a turn for `fileId` lately: a request is waiting or going (the page announces it as sending). */
  wantsToSend(now: number, fileId: number): boolean
  /** The limiter's `onBusy`: whether a request waits or is on its way, and since when. */
  busy(busy: boolean, at: number): void
  /** Since when nothing waits or is on its way (the last answer); null while something is. */
  quietSince(): number | null
}

/** The limiter asks at least every second while a request waits (requestRateLimiter.ts). */
const WANTS_TO_SEND_FRESH_MS = 1_500

export function createOfficeBudget(): OfficeBudget {
  const latest = new Map<number, OfficeShare>()
  const askedAt = new Map<number, number>()
  // Nothing sent yet: quiet since ever (0, the epoch). Counted per limiter: a client rebuilt while its
  // predecessor's last request is still on its way has two, and only both quiet is quiet.
  let quietAt = 0
  let busyLimiters = 0
  return {
    busy(busy, at) {
      busyLimiters = Math.max(0, busyLimiters + (busy ? 1 : -1))
      if (!busy) quietAt = at
    },
    quietSince: () => (busyLimiters > 0 ? null : quietAt),
    update(share) {
      latest.set(share.fileId, share)
    },
    slot(now, turnLength, fileId) {
      if (fileId === null) return null
      askedAt.set(fileId, now)
      const share = latest.get(fileId)
      return share ? officeSlotAt(share.turnTakers, now, turnLength) : null
    },
    othersUsed(fileId, day) {
      const share = latest.get(fileId)
      return share && share.day === day ? share.othersSpentToday : 0
    },
    dailyQuota(fileId) {
      return latest.get(fileId)?.dailyQuota
    },
    wantsToSend(now, fileId) {
      return (askedAt.get(fileId) ?? Number.NEGATIVE_INFINITY) >= now - WANTS_TO_SEND_FRESH_MS
    }
  }
}

/**
 * The `shareOfficeBudget` service: takes the page's share and answers what this install spent of the
 * file's quota today (main's own count; 0 with no counter, as for Practice, which spends no quota),
 * whether a request of this install waits for a turn, and since when it has been quiet.
 */
export async function shareOfficeBudget(
  office: OfficeBudget,
  quota: DailyQuotaCounter | undefined,
  share: OfficeShare,
  now: () => number
): Promise<OfficeSpend> {
  office.update(share)
  return { day: utcDay(now()), spentToday: quota ? await quota.used(share.fileId) : 0, wantsToSend: office.wantsToSend(now(), share.fileId), quietSince: office.quietSince() }
}
