import { sameLeaveKey, sameLeaveOfBody } from '../../../shared/team/teamClaimDoc'
import type { LeaveRequestInsert } from '../../../shared/leaveRequestSchema'
import type { DraftRecord } from '../db'
import type { TeamClaims } from './teamClaims'
import { colleagueSentMessage } from './teamClaimWords'

/**
 * The team claim between the local claim and the call to main, for an insert (sync/sendOneDraft.ts): the
 * outcome that stops the request before payroll when a colleague claimed the same leave first, or
 * undefined when it may go (no team, claimed, this draft's own earlier claim, the team server out of
 * reach, or the clerk chose "Send anyway" for this very leave).
 */
export async function stoppedByColleague(
  teamClaims: TeamClaims | undefined,
  claimed: DraftRecord,
  body: LeaveRequestInsert,
  now: number
): Promise<{ kind: 'needs-attention'; error: { code: 'conflict'; message: string }; colleagueClaim: NonNullable<DraftRecord['colleagueClaim']> } | undefined> {
  if (!teamClaims) return undefined
  if (claimed.sendAnywayKey !== undefined && claimed.sendAnywayKey === sameLeaveKey(sameLeaveOfBody(body))) return undefined
  const answer = await teamClaims.before(claimed.id, body).catch(() => ({ kind: 'go-unshared' }) as const)
  if (answer.kind !== 'colleague') return undefined
  return {
    kind: 'needs-attention',
    error: { code: 'conflict', message: colleagueSentMessage(answer.clerkName, answer.claimedAt, now) },
    colleagueClaim: { clerkName: answer.clerkName, claimedAt: answer.claimedAt, installId: answer.installId }
  }
}
