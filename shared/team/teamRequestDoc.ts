import { z } from 'zod'
import { calendarDateOf } from '../calendarDate'
import { LEAVE_STATUSES, MAX_ITEMS, MAX_NOTES_LENGTH } from '../leaveRequestSchema'

/**
 * `request:<installId>:<draftId>`: one request that left a Leave Desk, as colleagues see it. Written only
 * by the install that sent it (its id is in the document's id), read by everyone else's checks, calendar,
 * balances and export. Names are copied in so a colleague whose reference data is older still reads them.
 * Notes are absent unless the office turned them on (they can hold medical details).
 */
const calendarDate = z.string().max(40).refine((value) => calendarDateOf(value) === value, 'a date, YYYY-MM-DD')
const someone = z.object({ installId: z.string().min(1).max(64), clerkName: z.string().min(1).max(300) })
const epochMs = z.number().int().nonnegative()
const id = z.number().int().positive().max(2_147_483_647)

export const TEAM_REQUEST_STATES = ['in-payroll', 'uncertain'] as const

export const teamRequestDocSchema = z.object({
  _id: z.string().regex(/^request:[a-z0-9-]{1,64}:[A-Za-z0-9_-]{1,64}$/),
  _rev: z.string().max(200).optional(),
  _conflicts: z.array(z.string().max(200)).max(100).optional(),
  type: z.literal('request'),
  fileId: id,
  draftId: z.string().min(1).max(64),
  employeeId: id,
  employeeName: z.string().max(300),
  leaveTypePayItemId: id,
  leaveTypeName: z.string().max(300),
  startDate: calendarDate,
  endDate: calendarDate,
  items: z.array(z.object({ date: calendarDate, hours: z.number().min(0).max(24), isPaid: z.boolean() })).max(MAX_ITEMS),
  leaveStatus: z.enum(LEAVE_STATUSES),
  /** In payroll (its number known), or sent without an answer: it may be in payroll. */
  state: z.enum(TEAM_REQUEST_STATES),
  serverId: id.optional(),
  lastModifiedDateUtc: z.string().max(60).optional(),
  enteredBy: someone,
  enteredAt: epochMs,
  changedBy: someone,
  changedAt: epochMs,
  notes: z.string().max(MAX_NOTES_LENGTH).optional()
})
export type TeamRequestDoc = z.infer<typeof teamRequestDocSchema>

export function teamRequestId(installId: string, draftId: string): string {
  return `request:${installId}:${draftId}`
}
