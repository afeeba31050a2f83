import { z } from 'zod'

/**
 * The claim an install takes on the team server before an insert leaves for payroll (issue 29). Its id is
 * `claim:<sameLeaveKey>`: what makes two requests the same leave (employee, leave type, first and last
 * day; the team database is the payroll file, so the file is not part of it). Two clerks claiming the same
 * leave write the same id, and CouchDB answers the second with 409: that is the collision, found before
 * payroll is asked. A claim written offline reaches the server by replication; two such claims become
 * conflicting revisions of one document, which is how a collision is found afterwards.
 *
 * `serverId` is added by the claiming install once payroll accepted the insert, so a colleague who finds
 * the collision later can name both payroll numbers.
 */
export const CLAIM_ID_PREFIX = 'claim:'

/** The fields of a leave request that decide whether two requests are the same leave. */
export interface SameLeave {
  readonly employeeId: number
  readonly leaveTypePayItemId: number
  /** YYYY-MM-DD */
  readonly startDate: string
  /** YYYY-MM-DD */
  readonly endDate: string
}

const calendarDay = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'a date, YYYY-MM-DD')
const positiveWhole = z.number().int().positive().max(2_147_483_647)
const shortText = (max: number) => z.string().min(1).max(max)

export const teamClaimDocSchema = z
  .object({
    _id: z.string().startsWith(CLAIM_ID_PREFIX).max(120),
    _rev: z.string().max(200).optional(),
    type: z.literal('claim'),
    employeeId: positiveWhole,
    leaveTypePayItemId: positiveWhole,
    startDate: calendarDay,
    endDate: calendarDay,
    /** The install that claimed it, and the draft there (a retry of that draft is not a collision). */
    installId: shortText(100),
    draftId: shortText(100),
    /** How colleagues see the clerk ("Mia at FRONT-DESK-2"). */
    clerkName: shortText(120),
    /** Epoch milliseconds, by the claiming computer's clock. */
    claimedAt: z.number().int().nonnegative(),
    serverId: positiveWhole.optional()
  })
  .strip()
export type TeamClaimDoc = z.infer<typeof teamClaimDocSchema>

/** The key two requests for the same leave share; dates are calendar days, so no time zone enters it. */
export function sameLeaveKey(leave: SameLeave): string {
  return `${leave.employeeId}:${leave.leaveTypePayItemId}:${leave.startDate}:${leave.endDate}`
}

export function claimDocId(leave: SameLeave): string {
  return `${CLAIM_ID_PREFIX}${sameLeaveKey(leave)}`
}

/** The same leave as the request body sent to payroll gives it (its dates may carry a time). */
export function sameLeaveOfBody(body: { EmployeeId: number; LeaveTypePayItemId: number; StartDate: string; EndDate: string }): SameLeave {
  return {
    employeeId: body.EmployeeId,
    leaveTypePayItemId: body.LeaveTypePayItemId,
    startDate: body.StartDate.slice(0, 10),
    endDate: body.EndDate.slice(0, 10)
  }
}

export function claimDocFor(
  leave: SameLeave,
  by: { installId: string; clerkName: string; draftId: string; claimedAt: number }
): TeamClaimDoc {
  return { _id: claimDocId(leave), type: 'claim', ...leave, ...by }
}

/** Whether a claim is this install's own claim for this draft: a retry, not a collision. */
export function isOwnClaim(claim: Pick<TeamClaimDoc, 'installId' | 'draftId'>, installId: string, draftId: string): boolean {
  return claim.installId === installId && claim.draftId === draftId
}
