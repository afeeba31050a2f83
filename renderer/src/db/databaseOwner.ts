import type { LeaveDeskDb } from './leaveDeskDb'

/**
 * Which payroll a drafts database belongs to, recorded in the database itself, so that a damaged or
 * replaced settings file can never hand one payroll's drafts (and queue) to another: the name of a
 * database says whose it should be, the row inside says whose it is. Kept as one row of `counters`, the
 * database's small key-value table, so no schema version was needed for it.
 */
const OWNER_ROW = 'payrollOwner'

interface OwnerRow {
  name: typeof OWNER_ROW
  /** A PayrollKey: 'practice' or the payroll's address in its one spelling. */
  payroll: string
}

function ownerRows(db: LeaveDeskDb) {
  return db.table<OwnerRow, string>('counters')
}

/** The payroll recorded in the database, or null for a database written before owners were recorded. */
export async function databaseOwner(db: LeaveDeskDb): Promise<string | null> {
  const row = await ownerRows(db).get(OWNER_ROW)
  return typeof row?.payroll === 'string' ? row.payroll : null
}

/**
 * Records `payroll` as the owner of a database that names none yet, in one transaction with the check:
 * 'ours' when it already was, 'claimed' when it named none, 'another' (nothing written) when another
 * payroll owns it.
 */
export function claimDatabase(db: LeaveDeskDb, payroll: string): Promise<'ours' | 'claimed' | 'another'> {
  const rows = ownerRows(db)
  return db.transaction('rw', rows, async () => {
    const row = await rows.get(OWNER_ROW)
    if (row) return row.payroll === payroll ? 'ours' : 'another'
    await rows.put({ name: OWNER_ROW, payroll })
    return 'claimed'
  })
}
