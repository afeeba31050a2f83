import { addDays, calendarDateOf, datesInRange, timestampOf, weekdayOf, type CalendarDate } from '../../shared/calendarDate'
import type { LeaveRequestInsert, LeaveRequestRecord } from '../../shared/leaveRequestSchema'
import { teamRequestId, type TeamRequestDoc } from '../../shared/team/teamRequestDoc'
import type { SandboxStore } from '../sandbox'

/**
 * Practice's team (issue 29): Sam, a simulated colleague. Sam's requests are really in the practice
 * payroll (inserted into the embedded sandbox, so their numbers, and an approved one's balance, are
 * real there) and are handed to the page as the team documents Sam's Leave Desk would have published.
 * The page puts them in its built-in practice team database (renderer/src/team/practiceTeam.ts), so the
 * calendar, the duplicate and overlap warnings and the list show a colleague's work with no team server.
 *
 * Sam sends once per practice file, for the coming fortnight; when everything Sam sent is in the past,
 * Sam sends a fresh set, so a clerk coming back weeks later still sees the team at work.
 */
export const PRACTICE_COLLEAGUE = { installId: 'practice-colleague-sam', clerkName: 'Sam, practice colleague' } as const

/** In the request's notes, so the clerk opening one by its number reads who sent it (and Sam's are found again). */
export const PRACTICE_COLLEAGUE_NOTE = 'Sent by Sam, practice colleague.'

const HOURS_IN_A_DAY = 7.6

interface PlannedRequest {
  employee: string
  leaveType: string
  start: CalendarDate
  end: CalendarDate
  status: LeaveRequestInsert['Status']
}

/** What Sam sends, counted from `today`: next Monday–Tuesday, next Thursday, and Wednesday–Friday a week later. */
export function practiceColleaguePlan(today: CalendarDate): PlannedRequest[] {
  const nextMonday = addDays(today, ((8 - weekdayOf(today)) % 7) || 7)
  return [
    { employee: 'Grace Lee', leaveType: 'Annual Leave', start: nextMonday, end: addDays(nextMonday, 1), status: 'Pending' },
    { employee: 'Jack Smith', leaveType: "Personal/Carer's Leave", start: addDays(nextMonday, 3), end: addDays(nextMonday, 3), status: 'Approved' },
    { employee: 'Chloe Hall', leaveType: 'Annual Leave', start: addDays(nextMonday, 9), end: addDays(nextMonday, 11), status: 'Approved' }
  ]
}

export interface PracticeColleague {
  /** Sam's requests in this practice file, sent first if Sam has nothing current there. */
  requestsOf(fileId: number): Promise<TeamRequestDoc[]>
}

export function createPracticeColleague(deps: { payroll: SandboxStore; now: () => number }): PracticeColleague {
  // One file's sending at a time: two pages opening the ledger at once must not make Sam send twice.
  let turn: Promise<unknown> = Promise.resolve()
  return {
    requestsOf(fileId) {
      const run = turn.then(() => sendIfNothingCurrent(deps, fileId))
      turn = run.catch(() => undefined)
      return run
    }
  }
}

async function sendIfNothingCurrent(deps: { payroll: SandboxStore; now: () => number }, fileId: number): Promise<TeamRequestDoc[]> {
  const today = new Date(deps.now()).toISOString().slice(0, 10)
  const sams = () => deps.payroll.leaveRequests(fileId).filter((record) => record.Notes === PRACTICE_COLLEAGUE_NOTE)
  if (!sams().some((record) => (calendarDateOf(record.EndDate) ?? '') >= today)) {
    for (const planned of practiceColleaguePlan(today)) {
      const insert = toInsert(deps.payroll, fileId, planned)
      if (insert) await deps.payroll.insertLeaveRequest(fileId, insert)
    }
  }
  return sams().flatMap((record) => teamDocOf(deps.payroll, fileId, record, deps.now()))
}

function toInsert(payroll: SandboxStore, fileId: number, planned: PlannedRequest): LeaveRequestInsert | null {
  const employee = payroll.employees(fileId).find((e) => e.DisplayName === planned.employee)
  const leaveType = payroll.payItems(fileId).find((p) => p.Name === planned.leaveType)
  if (!employee || !leaveType) return null
  const weekdays = datesInRange(planned.start, planned.end).filter((date) => weekdayOf(date) !== 0 && weekdayOf(date) !== 6)
  return {
    EmployeeId: employee.Id,
    LeaveTypePayItemId: leaveType.Id,
    StartDate: planned.start,
    EndDate: planned.end,
    Status: planned.status,
    Notes: PRACTICE_COLLEAGUE_NOTE,
    Items: weekdays.map((date) => ({ Date: date, Hours: HOURS_IN_A_DAY, IsPaid: true }))
  }
}

/** The document Sam's Leave Desk would have published for a request payroll holds. */
function teamDocOf(payroll: SandboxStore, fileId: number, record: LeaveRequestRecord, now: number): TeamRequestDoc[] {
  const employee = payroll.employees(fileId).find((e) => e.Id === record.EmployeeId)
  const leaveType = payroll.payItems(fileId).find((p) => p.Id === record.LeaveTypePayItemId)
  const start = calendarDateOf(record.StartDate)
  const end = calendarDateOf(record.EndDate)
  if (!employee || !leaveType || !start || !end) return []
  const sentAt = timestampOf(record.CreatedDateUtc) ?? now
  const changedAt = timestampOf(record.LastModifiedDateUtc) ?? sentAt
  const draftId = `practice-${record.Id}`
  return [
    {
      _id: teamRequestId(PRACTICE_COLLEAGUE.installId, draftId),
      type: 'request',
      fileId,
      draftId,
      employeeId: employee.Id,
      employeeName: employee.DisplayName,
      leaveTypePayItemId: leaveType.Id,
      leaveTypeName: leaveType.Name,
      startDate: start,
      endDate: end,
      items: (record.Items ?? []).map((item) => ({ date: calendarDateOf(item.Date) ?? start, hours: item.Hours, isPaid: item.IsPaid ?? true })),
      leaveStatus: record.Status,
      state: 'in-payroll',
      serverId: record.Id,
      lastModifiedDateUtc: record.LastModifiedDateUtc,
      enteredBy: PRACTICE_COLLEAGUE,
      enteredAt: sentAt,
      changedBy: PRACTICE_COLLEAGUE,
      changedAt
    }
  ]
}
