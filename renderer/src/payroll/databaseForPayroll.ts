import { DEFAULT_DB_NAME, openLeaveDeskDb, type LeaveDeskDb, type OpenLeaveDeskDbOptions } from '../db'
import { claimDatabase, databaseOwner } from '../db/databaseOwner'
import { mergeDatabase } from './mergeDatabase'
import { ownDatabaseName, payrollOfDatabase, PRACTICE, type PayrollKey } from './payrollDatabase'

/** The drafts databases on this computer, as the page's IndexedDB (or a test's) holds them. */
export interface DatabaseShelf {
  names(): Promise<string[]>
  open(name: string): Promise<LeaveDeskDb>
  remove(name: string): Promise<void>
}

export function databaseShelf(options: OpenLeaveDeskDbOptions = {}): DatabaseShelf {
  const factory = (options.indexedDB ?? globalThis.indexedDB) as IDBFactory
  return {
    names: async () => (typeof factory.databases === 'function' ? (await factory.databases()).flatMap((info) => (info.name ? [info.name] : [])) : []),
    open: (name) => openLeaveDeskDb(name, options),
    remove: (name) =>
      new Promise<void>((resolve, reject) => {
        const request = factory.deleteDatabase(name)
        request.onsuccess = () => resolve()
        // Another window still has it open: it goes when that window closes; its drafts are already moved.
        request.onblocked = () => resolve()
        request.onerror = () => reject(request.error ?? new Error(`The database ${name} could not be removed.`))
      })
  }
}

/** The database meant for a payroll belongs to another one: nothing is opened (the start-up screen says so). */
export class DatabaseOfAnotherPayrollError extends Error {
  override name = 'DatabaseOfAnotherPayrollError'
}

/**
 * The one drafts database to open for `payroll`, made ready: recorded as that payroll's, with the drafts
 * of every database named by an earlier spelling of its address moved into it (so queued drafts never seem
 * to vanish on a respelling), and never a database another payroll owns.
 *
 * The first database ('leave-desk', from releases before drafts were kept per payroll) goes by the owner
 * recorded in it; one written before owners were recorded goes to the payroll the settings named then
 * (`firstDatabaseAddress`), recorded on that first open. From then on a damaged settings file, which
 * forgets `firstDatabaseAddress`, cannot give it to Practice: Practice gets a database of its own.
 */
export async function databaseForPayroll(
  payroll: PayrollKey,
  firstDatabaseAddress: string | null,
  shelf: DatabaseShelf
): Promise<string> {
  const names = await shelf.names()
  const firstOwner = names.includes(DEFAULT_DB_NAME) ? await ownerOfFirst(shelf, firstDatabaseAddress ?? PRACTICE) : null
  const target = firstOwner === payroll ? DEFAULT_DB_NAME : ownDatabaseName(payroll)

  const db = await shelf.open(target)
  try {
    if ((await claimDatabase(db, payroll)) === 'another') {
      throw new DatabaseOfAnotherPayrollError(`The drafts database “${target}” belongs to another payroll; Leave Desk will not open it for this one.`)
    }
    for (const name of names) {
      if (name === target || name === DEFAULT_DB_NAME || payrollOfDatabase(name, null) !== payroll) continue
      await moveInto(shelf, name, db, payroll)
    }
  } finally {
    db.close()
  }
  return target
}

async function ownerOfFirst(shelf: DatabaseShelf, namedBySettings: PayrollKey): Promise<PayrollKey> {
  const db = await shelf.open(DEFAULT_DB_NAME)
  try {
    const owner = await databaseOwner(db)
    if (owner !== null) return owner
    await claimDatabase(db, namedBySettings)
    return namedBySettings
  } finally {
    db.close()
  }
}

/** Another spelling's database: its drafts move in, then it goes (unless another payroll owns it). */
async function moveInto(shelf: DatabaseShelf, name: string, target: LeaveDeskDb, payroll: PayrollKey): Promise<void> {
  const source = await shelf.open(name)
  try {
    const owner = await databaseOwner(source)
    if (owner !== null && owner !== payroll) return
    await mergeDatabase(source, target)
  } finally {
    source.close()
  }
  await shelf.remove(name)
}
