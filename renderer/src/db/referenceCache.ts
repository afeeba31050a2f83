import type { Table } from 'dexie'
import type { Employee, PayItem } from '../../../shared/apiSchemas'
import { startingWith } from './keyRanges'
import type { LeaveDeskDb } from './leaveDeskDb'
import type { CachedEmployee, CachedLeaveType, CachedPayGroup, EpochMs, ReferenceKind } from './records'

/**
 * A file's employees and leave types as last fetched, so the clerk can draft offline. Each replace swaps
 * the whole list and its "as of" time together: the cache is never half old, half new. These replaces are
 * the only writes of the lists, and each gives the list a new change tag.
 */

export function replaceEmployees(
  db: LeaveDeskDb,
  fileId: number,
  employees: readonly Employee[],
  asOf: EpochMs
): Promise<void> {
  const rows = employees.map((employee) => cachedEmployeeOf(fileId, employee))
  return replaceFileList(db, db.employees, 'employees', fileId, rows, asOf)
}

export function replaceLeaveTypes(
  db: LeaveDeskDb,
  fileId: number,
  payItems: readonly PayItem[],
  asOf: EpochMs
): Promise<void> {
  const rows = payItems.map((item) => ({ fileId, id: item.Id, name: item.Name }))
  return replaceFileList(db, db.leaveTypes, 'leaveTypes', fileId, rows, asOf)
}

/** Swaps one file's whole list and its "as of" time in one transaction, with a new change tag. */
function replaceFileList<Row>(
  db: LeaveDeskDb,
  table: Table<Row, [number, number]>,
  kind: ReferenceKind,
  fileId: number,
  rows: Row[],
  asOf: EpochMs
): Promise<void> {
  return db.transaction('rw', table, db.referenceMeta, async () => {
    await table.where('[fileId+id]').between(...startingWith(fileId), true, true).delete()
    await table.bulkPut(rows)
    await db.referenceMeta.put({ fileId, kind, asOf, changeTag: crypto.randomUUID() })
  })
}

/** The file's employees by name; active ones only unless asked (drafts for leavers still show names). */
export async function listEmployees(
  db: LeaveDeskDb,
  fileId: number,
  options: { includeInactive?: boolean } = {}
): Promise<CachedEmployee[]> {
  const all = await db.employees.where('[fileId+displayName]').between(...startingWith(fileId), true, true).toArray()
  return options.includeInactive ? all : all.filter((employee) => employee.isActive)
}

export function getEmployee(db: LeaveDeskDb, fileId: number, id: number): Promise<CachedEmployee | undefined> {
  return db.employees.get([fileId, id])
}

export function listLeaveTypes(db: LeaveDeskDb, fileId: number): Promise<CachedLeaveType[]> {
  return db.leaveTypes.where('[fileId+name]').between(...startingWith(fileId), true, true).toArray()
}

/** When the file's employees or leave types were fetched; undefined if never. */
export async function referenceAsOf(db: LeaveDeskDb, fileId: number, kind: ReferenceKind): Promise<EpochMs | undefined> {
  return (await db.referenceMeta.get([fileId, kind]))?.asOf
}

function cachedEmployeeOf(fileId: number, employee: Employee): CachedEmployee {
  return {
    fileId,
    id: employee.Id,
    firstName: employee.FirstName,
    lastName: employee.LastName,
    displayName: employee.DisplayName,
    isActive: employee.IsActive,
    leaveBalances: (employee.LeaveBalances ?? []).map((b) => ({ payItemId: b.PayItemId, name: b.Name, hours: b.Hours })),
    payGroup: payGroupOf(employee),
    employmentType: employee.EmploymentType?.trim() || null
  }
}

/** A pay group needs its id; its name falls back to the id when payroll sent none. */
function payGroupOf(employee: Employee): CachedPayGroup | null {
  const id = employee.AssignedToPayGroupId
  if (id === null || id === undefined) return null
  return { id, name: employee.PayGroupName?.trim() || `Pay group ${id}` }
}
