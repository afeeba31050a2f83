import type { OfficeShare, OfficeSpend } from '../../shared/ipc/officeShare'
import { utcDay, type DailyQuotaCounter } from './dailyQuotaCounter'
import { officeSlotAt, type OfficeSlot } from './officeSlots'

/**
 * The office's rate budget as this install's page last told it (shared/ipc/officeShare.ts): the turn the
 * rate limiter takes among the installs sending now, and what colleagues spent of the file's daily quota,
 * which the daily counter counts before this install's own. Nothing told (no team server): alone.
 *
 * A share stays until the page tells another (the page keeps the safe one while the team server is out
 * of reach, renderer/src/team/officeBudget.ts): dropping to "alone" by itself would let this install
 * send at the whole office's pace while colleagues still count on its turn.
 */
export interface OfficeBudget {
  /** The page's latest share; a share for another file replaces it. */
  update(share: OfficeShare): void
  /** The limiter's turn at `now`, turns being `turnLength` long (officeSlots.ts); null when alone or not told. */
  slot(now: number, turnLength: number): OfficeSlot | null
  /** What colleagues spent of `fileId`'s quota on `day`, as last told; 0 when not told. */
  othersUsed(fileId: number, day: string): number
  /** The limiter asked for a turn lately: a request is waiting or going (the page announces it as sending). */
  wantsToSend(now: number): boolean
  /** The limiter's `onBusy`: whether a request waits or is on its way, and since when. */
  busy(busy: boolean, at: number): void
  /** Since when nothing waits or is on its way (the last answer); null while something is. */
  quietSince(): number | null
}

/** The limiter asks at least every second while a request waits (requestRateLimiter.ts). */
const WANTS_TO_SEND_FRESH_MS = 1_500

export function createOfficeBudget(): OfficeBudget {
  let latest: OfficeShare | null = null
  let askedAt = Number.NEGATIVE_INFINITY
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
      latest = share
    },
    slot(now, turnLength) {
      askedAt = now
      return latest ? officeSlotAt(latest.turnTakers, now, turnLength) : null
    },
    othersUsed(fileId, day) {
      return latest && latest.fileId === fileId && latest.day === day ? latest.othersSpentToday : 0
    },
    wantsToSend(now) {
      return askedAt >= now - WANTS_TO_SEND_FRESH_MS
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
  return { day: utcDay(now()), spentToday: quota ? await quota.used(share.fileId) : 0, wantsToSend: office.wantsToSend(now()), quietSince: office.quietSince() }
}
