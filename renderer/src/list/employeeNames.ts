import { Dexie, type ObservabilitySet } from 'dexie'
import { startingWith } from '../db/keyRanges'
import type { LeaveDeskDb } from '../db'

/** A cached employee as a search by name needs them. */
export interface EmployeeName {
  id: number
  /** The display name in lower case, as search words are. */
  name: string
}

/** Per connection, per file: the names as last read. Dropped whole when any employee of the database is written. */
const namesByDb = new WeakMap<LeaveDeskDb, Map<number, Promise<EmployeeName[]>>>()

/**
 * The file's cached employees' names for a search, kept in memory between searches. Reading the 1,000
 * employees whole at every keystroke cost 20-85 ms in Chromium under load (each a structured clone with
 * its leave balances), more than finding their drafts; they change only when the reference cache is
 * refreshed. Any write to the employees table (this window's, or another's through Dexie's
 * storagemutated) drops them. Not for a live query (it would not see the employees change) nor inside a
 * transaction (waiting on another transaction's read could let it commit early): readEmployeeNames there.
 */
export function employeeNames(db: LeaveDeskDb, fileId: number): Promise<EmployeeName[]> {
  let files = namesByDb.get(db)
  if (!files) {
    const known = new Map<number, Promise<EmployeeName[]>>()
    files = known
    namesByDb.set(db, known)
    const prefix = `idb://${db.name}/employees/`
    const onMutated = (parts: ObservabilitySet) => {
      if (Object.keys(parts).some((part) => part.startsWith(prefix))) known.clear()
    }
    Dexie.on('storagemutated', onMutated)
    db.on('close', () => {
      Dexie.on.storagemutated.unsubscribe(onMutated)
      namesByDb.delete(db)
    })
  }
  let names = files.get(fileId)
  if (!names) {
    names = Promise.resolve(Dexie.ignoreTransaction(() => readEmployeeNames(db, fileId)))
    files.set(fileId, names)
    const cached = files
    names.catch(() => cached.delete(fileId))
  }
  return names
}

/** The file's employees' names read now, in the current transaction if there is one. */
export async function readEmployeeNames(db: LeaveDeskDb, fileId: number): Promise<EmployeeName[]> {
  const employees = await db.employees.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray()
  return employees.map((employee) => ({ id: employee.id, name: employee.displayName.toLocaleLowerCase() }))
}
