import { z } from 'zod'

/**
 * Shapes of the leave request as the API defines it (spec §2). Field names are the API's own, so a body
 * can be checked, encoded and sent without renaming. Rules that span fields live in leaveRules.ts.
 */

export const LEAVE_STATUSES = ['Pending', 'Approved', 'Rejected'] as const
export type LeaveStatus = (typeof LEAVE_STATUSES)[number]

export const MAX_NOTES_LENGTH = 2000
export const MAX_ITEMS = 200

const required = (label: string, wrongType: string) => (issue: { input?: unknown }) =>
  issue.input === undefined || issue.input === null ? `${label} is required.` : wrongType

const id = (label: string) =>
  z
    .number({ error: required(label, `${label} must be a number.`) })
    .int({ error: `${label} must be a whole number.` })
    .positive({ error: `${label} must be a positive number.` })
    .max(2_147_483_647, { error: `${label} is too large.` })

const apiDate = (label: string) =>
  z.string({ error: required(label, `${label} must be a date.`) }).min(1, { error: `${label} is required.` })

export const leaveRequestItemSchema = z.object({
  LineNumber: id('Line number').optional(),
  Date: apiDate('Date'),
  Hours: z
    .number({ error: 'Hours must be a number.' })
    .min(0, { error: 'Hours cannot be negative.' })
    .max(24, { error: 'Hours cannot be more than 24 in one day.' }),
  IsPaid: z.boolean({ error: 'Paid must be yes or no.' }).optional()
})
export type LeaveRequestItem = z.infer<typeof leaveRequestItemSchema>

/** The body of `POST /Payroll/LeaveRequest` as our client sends it: no read-only fields, no `_links`. */
export const leaveRequestInsertSchema = z.object({
  LeaveTypePayItemId: id('Leave type'),
  EmployeeId: id('Employee'),
  StartDate: apiDate('Start date'),
  EndDate: apiDate('End date'),
  Status: z.enum(LEAVE_STATUSES, { error: required('Status', 'Status must be Pending, Approved or Rejected.') }),
  Notes: z
    .string({ error: 'Notes must be text.' })
    .max(MAX_NOTES_LENGTH, { error: `Notes can be at most ${MAX_NOTES_LENGTH} characters.` })
    .optional(),
  Items: z.array(leaveRequestItemSchema, { error: 'Items must be a list.' }).max(MAX_ITEMS, {
    error: `A request can have at most ${MAX_ITEMS} item lines.`
  }).optional()
})
export type LeaveRequestInsert = z.infer<typeof leaveRequestInsertSchema>

/** `PUT /Payroll/LeaveRequest/{id}` carries the LastModifiedDateUtc it last read, for the concurrency check. */
export const leaveRequestUpdateSchema = leaveRequestInsertSchema.extend({
  LastModifiedDateUtc: z.string({ error: 'LastModifiedDateUtc is required on update.' }).min(1, {
    error: 'LastModifiedDateUtc is required on update.'
  })
})
export type LeaveRequestUpdate = z.infer<typeof leaveRequestUpdateSchema>

const storedItemSchema = leaveRequestItemSchema.extend({
  ProcessedInPayRunId: z.number().int().nullable().optional()
})

/** A leave request as `GET /Payroll/LeaveRequest/{id}` returns it. */
export const leaveRequestRecordSchema = leaveRequestInsertSchema.extend({
  Id: z.number().int(),
  CreatedDateUtc: z.string(),
  LastModifiedDateUtc: z.string(),
  TotalHours: z.number(),
  /** The sandbox answers null for a request without notes (as the vendor does for absent text). */
  Notes: z.string().nullable().optional(),
  Items: z.array(storedItemSchema).optional(),
  _links: z.array(z.unknown()).optional()
})
export type LeaveRequestRecord = z.infer<typeof leaveRequestRecordSchema>
