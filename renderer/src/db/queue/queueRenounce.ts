import { moveDraft } from '../draftStore'
import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord } from '../records'

/**
 * Claims main never received, given back. A page that dies mid-batch leaves drafts 'sending'; those it
 * had claimed ahead never left. Main remembers every request key it was asked to send in its run, and
 * once it renounces a key it never sends it (main/api/writesInFlight.ts). So, after a reload, the drafts
 * claimed under this same run of main are named to main; those it renounces go back to the queue as if
 * never claimed, and the rest are recovered as before (queueOutcomes.ts: uncertain, or an update checked).
 */

/** A claim the runner may ask main to renounce: a draft still 'sending', claimed under `boot`. */
export type RenounceableClaim = DraftRecord & { claimedUnder: NonNullable<DraftRecord['claimedUnder']> }

/** Drafts still 'sending' whose claim recorded main's boot id `boot`. Read under the runner's lock. */
export async function claimsUnder(db: LeaveDeskDb, boot: string): Promise<RenounceableClaim[]> {
  const sending = await db.drafts.where('status').equals('sending').toArray()
  return sending.filter((draft): draft is RenounceableClaim => draft.deletedAt === undefined && draft.claimedUnder?.boot === boot)
}

/**
 * Puts back in the queue the claims main renounced: queued, the attempt not counted, due and last sent
 * as before the claim. An update's "may be in payroll" mark written for this attempt goes too (its PUT
 * never left); one from an earlier attempt stays, so the next claim still checks payroll first. Only a
 * draft still 'sending' under exactly that claim (attempt and tag) is touched; answers how many moved.
 */
export function giveBackRenounced(db: LeaveDeskDb, claims: readonly RenounceableClaim[]): Promise<number> {
  if (claims.length === 0) return Promise.resolve(0)
  return db.transaction('rw', db.drafts, async () => {
    const current = await db.drafts.bulkGet(claims.map((claim) => claim.id))
    const given = claims.flatMap((claim, index) => {
      const draft = current[index]
      if (!draft || draft.deletedAt !== undefined || draft.status !== 'sending') return []
      if (draft.attempts !== claim.attempts || draft.claimedUnder?.tag !== claim.claimedUnder.tag) return []
      const mark = claim.claimedUnder
      const moved = moveDraft(draft, 'retry', {
        attempts: Math.max(0, draft.attempts - 1),
        // Every queued draft has a due time, so a claim always found one; the claim's own time (due now) is a fallback.
        nextAttemptAt: mark.nextAttemptAt ?? draft.sentAt,
        sentAt: mark.sentAt,
        unconfirmedUpdate: draft.unconfirmedUpdate?.attempt === draft.attempts ? undefined : draft.unconfirmedUpdate,
        claimedUnder: undefined
      })
      return moved.ok ? [moved.value] : []
    })
    await db.drafts.bulkPut(given)
    return given.length
  })
}
