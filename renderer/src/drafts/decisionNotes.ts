import type { LeaveStatus } from '../../../shared/leaveRequestSchema'

/**
 * The clerk's reason for a decision, kept in the request's notes so payroll (and whoever reads the
 * request there) sees it: on a line of its own, "Rejected: <reason>", after the notes already there.
 * No reason: the notes are left as they are.
 */
export function notesWithReason(notes: string, leaveStatus: Exclude<LeaveStatus, 'Pending'>, reason: string): string {
  const why = reason.replace(/\s+/g, ' ').trim()
  if (why === '') return notes
  const line = `${leaveStatus}: ${why}`
  return notes.trim() === '' ? line : `${notes.trimEnd()}\n${line}`
}

/** The longest reason the reject dialog takes: with the notes already there it must fit payroll's 2,000. */
export const MAX_REASON_LENGTH = 500
