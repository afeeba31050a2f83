import type { FieldIssue } from '../../../shared/apiSchemas'
import type { ApiErrorCode } from '../../../shared/apiError'
import type { CalendarDate } from '../../../shared/calendarDate'
import type { LeaveRequestUpdate, LeaveStatus } from '../../../shared/leaveRequestSchema'
import type { DraftContent } from '../drafts/draftContent'
import type { DraftStatus } from '../drafts/draftStatus'

/** Every time in the database is epoch milliseconds: sortable, indexable and free of time-zone parsing. */
export type EpochMs = number

/** Why a draft is not (yet) in payroll, in words the clerk can read. */
export interface DraftError {
  code: ApiErrorCode
  message: string
  /** The server's or the rules' messages, already named by the editor's fields. */
  fieldIssues?: FieldIssue[]
}

/**
 * Payroll's copy of a request as last read (GET) or written (our POST/PUT and its answer): the version a
 * pending change is based on, and what "Use payroll's" goes back to.
 */
export interface PayrollCopy {
  /** Converted from payroll's record (drafts/payrollCopy.ts): calendar dates, absent notes as ''. */
  content: DraftContent
  lastModifiedDateUtc: string
  readAt: EpochMs
}

/** A PUT whose answer was lost or interrupted: the next claim reads payroll before anything is sent again. */
export interface UnconfirmedUpdate {
  body: LeaveRequestUpdate
  /** The attempt (DraftRecord.attempts) that sent it. */
  attempt: number
}

export interface DraftRecord extends DraftContent {
  id: string
  fileId: number
  /** Creation order across the whole database; the queue posts one employee's requests in this order. */
  seq: number
  status: DraftStatus
  /** Requests that have left for payroll (each move to 'sending'). */
  attempts: number
  /** Set exactly while queued: the earliest time the runner may send it (now, or later after a backoff). */
  nextAttemptAt?: EpochMs
  lastError?: DraftError
  serverId?: number
  lastModifiedDateUtc?: string
  createdAt: EpochMs
  /** The clerk's last change (content, queue, unqueue, …); the runner's moves leave it, so lists stay put. */
  updatedAt: EpochMs
  queuedAt?: EpochMs
  /** The last time a request left for payroll. */
  sentAt?: EpochMs
  /**
   * Random, new on every claim: part of the request key, so a claim whose attempt was not counted (a
   * pause puts it back uncounted) never reuses a key main has already answered. Not indexed.
   */
  claimTag?: string
  syncedAt?: EpochMs
  /** Soft delete, so "Delete" can be undone; lists skip these. */
  deletedAt?: EpochMs
  /**
   * Requests in payroll (serverId set): payroll's copy the record was last read or written as. While the
   * status is draft / queued / sending / needs-attention / conflict, the record's content is a pending
   * change to it, sent with PUT. Absent on records synced before Leave Desk could update them
   * (drafts/payrollCopy.ts builds it on demand). Not indexed.
   */
  inPayroll?: PayrollCopy
  /** Status 'conflict' only: payroll's current copy, changed since `inPayroll` was read. */
  payrollChanged?: PayrollCopy
  /** A PUT that may have reached payroll: the queue checks (GET) before sending anything again. */
  unconfirmedUpdate?: UnconfirmedUpdate
  /** Where an imported draft came from; absent for drafts typed in the editor. Not indexed. */
  source?: DraftSource
  /** Needs attention because a colleague claimed the same leave first (team ledger). Not indexed. */
  colleagueClaim?: ColleagueClaim
  /** The clerk chose "Send anyway" for this leave (its same-leave key): its claim check is skipped. Not indexed. */
  sendAnywayKey?: string
  /** A colleague's request for the same leave also reached payroll (team ledger). Not indexed. */
  possiblyTwice?: PossiblyTwice
}

/** Who claimed the same leave first, as their claim on the team server says. */
export interface ColleagueClaim {
  clerkName: string
  /** Epoch ms by their clock; 0 when their claim could not be read. */
  claimedAt: EpochMs
  installId: string
}

/** A request in payroll that a colleague's request for the same leave may duplicate: both numbers. */
export interface PossiblyTwice {
  otherServerId: number
  clerkName: string
  foundAt: EpochMs
}

/**
 * The file and row an imported draft was read from (row as the spreadsheet numbers it), the paste it
 * came from, or the "one leave for many" entry that made it.
 */
export type DraftSource =
  | { kind: 'file'; fileName: string; row: number }
  | { kind: 'paste'; row: number }
  | { kind: 'many'; label: string }

/** How one attempt ended: 'ok', an API error code, or 'interrupted' when the app died mid-request. */
export type AttemptOutcome = 'ok' | 'interrupted' | ClerkChoice | ApiErrorCode

/**
 * The clerk's own steps, kept in the draft's history: the answer to a conflict ("Changed in payroll"),
 * an Approve or Reject (with its reason), its Undo, opening a payroll request by its number, and linking
 * an uncertain request to the one found in payroll. The last four are told by their message.
 */
export type ClerkChoice = 'kept-mine' | 'used-payroll' | 'decided' | 'undone' | 'opened' | 'linked'

export interface AttemptRecord {
  id?: number
  draftId: string
  at: EpochMs
  outcome: AttemptOutcome
  message: string
  httpStatus?: number
}

/** A draft that reached payroll, kept for display; the draft itself stays in `drafts` as 'synced'. */
export interface SyncHistoryRecord {
  draftId: string
  fileId: number
  /** Absent only when the clerk marked an uncertain draft as sent without knowing payroll's Id. */
  serverId?: number
  lastModifiedDateUtc?: string
  syncedAt: EpochMs
  /** True when the clerk chose "Mark as sent" rather than the queue seeing a success. */
  markedByClerk: boolean
  employeeId?: number
  employeeName: string
  leaveTypeName: string
  leaveStatus: LeaveStatus
  startDate: CalendarDate | ''
  endDate: CalendarDate | ''
  totalHours: number
}

export interface CachedLeaveBalance {
  payItemId: number
  name: string
  hours: number
}

/** The pay group an employee is assigned to in payroll (`AssignedToPayGroupId`, `PayGroupName`). */
export interface CachedPayGroup {
  id: number
  name: string
}

export interface CachedEmployee {
  fileId: number
  id: number
  firstName: string
  lastName: string
  displayName: string
  isActive: boolean
  leaveBalances: CachedLeaveBalance[]
  /** Absent on rows cached before payroll's Employees list was read for it; null when not assigned. */
  payGroup?: CachedPayGroup | null
  /** Payroll's words ("Full time", "Casual"); absent on older rows, null when payroll has none. */
  employmentType?: string | null
}

export interface CachedLeaveType {
  fileId: number
  id: number
  name: string
}

export type ReferenceKind = 'employees' | 'leaveTypes' | 'fileIdentity'

/** When a file's cached reference data was fetched, so the UI can say "as of …". */
export interface ReferenceMeta {
  fileId: number
  kind: ReferenceKind
  asOf: EpochMs
  /**
   * employees / leaveTypes: new on every replace of the list (referenceCache.ts), so a reader that
   * remembers names by it knows when they may have changed. Absent on rows written
   * before it existed: such a list is read afresh each time.
   */
  changeTag?: string
  /** kind 'fileIdentity' only: the business's name and country, for "Harbour Cafe Pty Ltd (1001)" offline. */
  name?: string | null
  country?: string | null
}

/** Named counters that must never go backwards, such as the draft sequence. */
export interface CounterRecord {
  name: string
  value: number
}
