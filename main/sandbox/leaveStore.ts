import type { Contact, Employee, PayItem } from '../../shared/apiSchemas'
import type { LeaveRequestInsert, LeaveRequestRecord } from '../../shared/leaveRequestSchema'
import type { FieldIssue } from '../../shared/apiSchemas'
import { calendarDateOf, normalisedApiDate, type CalendarDate } from '../../shared/calendarDate'
import { totalHoursOf } from '../../shared/leaveRules'
import { DEMO_FILE_IDS, EMPLOYMENT_TYPES, PAY_FREQUENCIES, seedFile, type FileSeed } from './demoData'
import { compareStamps, subMillisecondDigits, vendorStamp } from './modifiedStamp'
import { payRunOf, processedLineIssues } from './processedLines'

/**
 * The payroll data of every file: pay items, contacts (some of them employees), leave balances and leave
 * requests. Approved leave is taken from the employee's balance for its pay item.
 */

export interface FileData extends FileSeed {
  leaveRequests: LeaveRequestRecord[]
  /** Changes per leave request Id (1 after the insert, +1 per update): tests count them; never sent. */
  versions?: Record<string, number>
}

export interface LeaveSnapshot {
  nextId: number
  lastStamp: number
  files: Record<string, FileData>
}

export type UpdateOutcome =
  | { ok: true; record: LeaveRequestRecord }
  | { ok: false; reason: 'not-found' | 'stale' }
  /** The stamp sent is the current one with digits cut off (re-serialised by the client). */
  | { ok: false; reason: 'lost-digits'; current: string }
  | { ok: false; reason: 'processed'; issues: FieldIssue[] }

export class LeaveStore {
  private files = new Map<number, FileData>()
  private nextId = 1
  private lastStamp = 0

  constructor(private readonly now: () => number) {
    for (const fileId of DEMO_FILE_IDS) this.files.set(fileId, { ...seedFile(fileId), leaveRequests: [] })
  }

  hasFile(fileId: number): boolean {
    return this.files.has(fileId)
  }

  payItems(fileId: number): PayItem[] {
    return structuredClone(this.file(fileId)?.payItems ?? [])
  }

  contacts(fileId: number): Contact[] {
    return structuredClone(this.file(fileId)?.contacts ?? [])
  }

  contact(fileId: number, id: number): Contact | null {
    const found = this.file(fileId)?.contacts.find((c) => c.Id === id)
    return found ? structuredClone(found) : null
  }

  /**
   * The file's employees as `GET /Payroll/Employees` answers them. Balances, when asked for, are as at
   * `asAt` (a calendar date): approved leave on later days is not taken from them yet. Without a date,
   * every approved request is taken (the stored balance).
   */
  employees(fileId: number, options: { withBalances?: boolean; asAt?: CalendarDate } = {}): Employee[] {
    const file = this.file(fileId)
    if (!file) return []
    const contacts = new Map(file.contacts.map((c) => [c.Id, c]))
    return file.employees.flatMap((stored) => {
      const contact = contacts.get(stored.Id)
      if (!contact) return []
      const payGroup = file.payGroups.find((g) => g.Id === stored.AssignedToPayGroupId)
      const employee: Employee = {
        Id: stored.Id,
        FirstName: contact.GivenName ?? '',
        LastName: contact.FamilyName ?? '',
        DisplayName: `${contact.GivenName ?? ''} ${contact.FamilyName ?? ''}`.trim(),
        IsActive: contact.IsActive ?? true,
        EmploymentType: EMPLOYMENT_TYPES[stored.EmploymentTypeId] ?? null,
        EmploymentTypeId: stored.EmploymentTypeId,
        PayFrequency: PAY_FREQUENCIES[stored.PayFrequencyId] ?? null,
        PayFrequencyId: stored.PayFrequencyId,
        AssignedToPayGroupId: payGroup?.Id ?? null,
        PayGroupName: payGroup?.Name ?? null,
        LastPaid: stored.LastPaid
      }
      if (options.withBalances) employee.LeaveBalances = balancesAsAt(file, stored.Id, options.asAt)
      return [employee]
    })
  }

  isPayItem(fileId: number, payItemId: number): boolean {
    return this.file(fileId)?.payItems.some((p) => p.Id === payItemId) ?? false
  }

  isEmployee(fileId: number, contactId: number): boolean {
    return this.file(fileId)?.employees.some((e) => e.Id === contactId) ?? false
  }

  leaveRequests(fileId: number): LeaveRequestRecord[] {
    return structuredClone(this.file(fileId)?.leaveRequests ?? [])
  }

  leaveRequest(fileId: number, id: number): LeaveRequestRecord | null {
    const found = this.file(fileId)?.leaveRequests.find((r) => r.Id === id)
    return found ? structuredClone(found) : null
  }

  insert(fileId: number, request: LeaveRequestInsert): LeaveRequestRecord {
    const file = this.requireFile(fileId)
    const stamp = this.nextStamp()
    const record = toRecord(request, this.nextId++, stamp, stamp)
    file.leaveRequests.push(record)
    applyToBalance(file, record, -1)
    bumpVersion(file, record.Id)
    return structuredClone(record)
  }

  /** How many times the record was written (insert = 1); null when there is no such record. */
  version(fileId: number, id: number): number | null {
    const file = this.file(fileId)
    if (!file?.leaveRequests.some((r) => r.Id === id)) return null
    return file.versions?.[id] ?? 1
  }

  /** A pay run processes the request's lines (all of them, or those on `dates`): test support. */
  markProcessed(fileId: number, id: number, payRunId: number, dates?: readonly string[]): boolean {
    const record = this.file(fileId)?.leaveRequests.find((r) => r.Id === id)
    if (!record) return false
    const days = dates?.map((d) => normalisedApiDate(d))
    for (const item of record.Items ?? []) if (!days || days.includes(item.Date)) item.ProcessedInPayRunId = payRunId
    return true
  }

  /** `lastRead` is the LastModifiedDateUtc the caller read; anything else means someone changed it since. */
  update(fileId: number, id: number, request: LeaveRequestInsert, lastRead: string): UpdateOutcome {
    const file = this.requireFile(fileId)
    const index = file.leaveRequests.findIndex((r) => r.Id === id)
    const current = file.leaveRequests[index]
    if (!current) return { ok: false, reason: 'not-found' }
    const read = compareStamps(lastRead, current.LastModifiedDateUtc)
    if (read === 'lost-digits') return { ok: false, reason: 'lost-digits', current: current.LastModifiedDateUtc }
    if (read !== 'same') return { ok: false, reason: 'stale' }
    const issues = processedLineIssues(current, request)
    if (issues.length > 0) return { ok: false, reason: 'processed', issues }
    const record = toRecord(request, id, current.CreatedDateUtc, this.nextStamp())
    for (const item of record.Items ?? []) item.ProcessedInPayRunId = payRunOf(current, item.Date)
    applyToBalance(file, current, +1)
    applyToBalance(file, record, -1)
    file.leaveRequests[index] = record
    bumpVersion(file, id)
    return { ok: true, record: structuredClone(record) }
  }

  /** The live state, not a copy: serialise it at once. */
  state(): LeaveSnapshot {
    return { nextId: this.nextId, lastStamp: this.lastStamp, files: Object.fromEntries(this.files) }
  }

  restore(snapshot: LeaveSnapshot): void {
    this.nextId = snapshot.nextId
    this.lastStamp = snapshot.lastStamp
    this.files = new Map(Object.entries(snapshot.files).map(([id, data]) => [Number(id), withSeededPayroll(Number(id), structuredClone(data))]))
  }

  private file(fileId: number): FileData | undefined {
    return this.files.get(fileId)
  }

  private requireFile(fileId: number): FileData {
    const file = this.files.get(fileId)
    if (!file) throw new Error(`No file ${fileId} in the sandbox.`)
    return file
  }

  /**
   * Strictly increasing milliseconds, so two updates in the same millisecond still get different
   * LastModifiedDateUtc; written in the vendor's seven-digit form (modifiedStamp.ts).
   */
  private nextStamp(): string {
    this.lastStamp = Math.max(this.now(), this.lastStamp + 1)
    return vendorStamp(this.lastStamp, subMillisecondDigits(this.lastStamp))
  }
}

/**
 * The stored form: leave dates in one normalised form (`2026-03-02T00:00:00`, the calendar date written,
 * as the vendor's samples write dates) and `null` for absent text, whatever form the request used.
 */
function toRecord(request: LeaveRequestInsert, id: number, created: string, modified: string): LeaveRequestRecord {
  const record: LeaveRequestRecord = {
    Id: id,
    CreatedDateUtc: created,
    LastModifiedDateUtc: modified,
    LeaveTypePayItemId: request.LeaveTypePayItemId,
    EmployeeId: request.EmployeeId,
    StartDate: normalised(request.StartDate),
    EndDate: normalised(request.EndDate),
    TotalHours: totalHoursOf(request.Items),
    Status: request.Status,
    Notes: request.Notes === undefined || request.Notes === '' ? null : request.Notes,
    Items: (request.Items ?? []).map((item) => ({ ...item, Date: normalised(item.Date), ProcessedInPayRunId: null }))
  }
  return record
}

function bumpVersion(file: FileData, id: number): void {
  const versions = (file.versions ??= {})
  versions[id] = (versions[id] ?? 0) + 1
}

/** The rules have already refused any date that is not in a documented form. */
function normalised(date: string): string {
  return normalisedApiDate(date) ?? date
}

/** direction -1 takes approved leave from the balance, +1 gives it back (the record is being replaced). */
function applyToBalance(file: FileData, record: LeaveRequestRecord, direction: 1 | -1): void {
  if (record.Status !== 'Approved') return
  const balances = (file.balances[record.EmployeeId] ??= [])
  let balance = balances.find((b) => b.PayItemId === record.LeaveTypePayItemId)
  if (!balance) {
    balance = { PayItemId: record.LeaveTypePayItemId, Hours: 0 }
    balances.push(balance)
  }
  balance.Hours = Math.round((balance.Hours + direction * record.TotalHours) * 100) / 100
}

/** The stored balances, giving back approved leave on days after `asAt`; named by their pay items. */
function balancesAsAt(file: FileData, employeeId: number, asAt: CalendarDate | undefined) {
  const later = new Map<number, number>()
  if (asAt !== undefined) {
    for (const record of file.leaveRequests) {
      if (record.EmployeeId !== employeeId || record.Status !== 'Approved') continue
      const hours = (record.Items ?? []).filter((item) => (calendarDateOf(item.Date) ?? '') > asAt).reduce((sum, item) => sum + item.Hours, 0)
      later.set(record.LeaveTypePayItemId, (later.get(record.LeaveTypePayItemId) ?? 0) + hours)
    }
  }
  return (file.balances[employeeId] ?? []).map((b) => ({
    PayItemId: b.PayItemId,
    Name: file.payItems.find((p) => p.Id === b.PayItemId)?.Name ?? '',
    Hours: Math.round((b.Hours + (later.get(b.PayItemId) ?? 0)) * 100) / 100
  }))
}

/**
 * Data files written before employees were payroll's own list (contacts then carried an employee flag)
 * get the seeded contacts, employees and pay groups: the sandbox never changes those, so nothing is lost.
 */
function withSeededPayroll(fileId: number, data: FileData): FileData {
  if (Array.isArray(data.employees) && Array.isArray(data.payGroups)) return data
  const seed = seedFile(fileId)
  return { ...data, contacts: seed.contacts, employees: seed.employees, payGroups: seed.payGroups }
}
