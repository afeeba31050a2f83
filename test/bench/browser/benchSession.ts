import { Dexie } from 'dexie'
import { createDraftsRepository, openLeaveDeskDb, type DraftsRepository, type LeaveDeskDb } from '../../../renderer/src/db'

/**
 * The page's one database for the current measurement. Each measurement starts from a fresh one, so
 * no figure is measured against what an earlier one left behind.
 */
export interface BenchSession {
  db: LeaveDeskDb
  /** The strict-durability connection the app claims drafts through (renderer/src/app/openAppServices). */
  claimDb: LeaveDeskDb
  repo: DraftsRepository
}

let current: BenchSession | undefined

export async function freshSession(name: string): Promise<BenchSession> {
  current?.db.close()
  current?.claimDb.close()
  current = undefined
  await Dexie.delete(name)
  return reopenSession(name)
}

/** The same database again, as a restarted app finds it. */
export async function reopenSession(name: string): Promise<BenchSession> {
  current?.db.close()
  current?.claimDb.close()
  const db = await openLeaveDeskDb(name)
  const claimDb = await openLeaveDeskDb(name, { durability: 'strict' })
  current = { db, claimDb, repo: createDraftsRepository(db, { claimDb }) }
  return current
}

export function session(): BenchSession {
  if (!current) throw new Error('No bench database is open: call bench.resetDatabase(name) first.')
  return current
}
