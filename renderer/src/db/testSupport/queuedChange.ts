import { draftInStatus } from './draftInStatus'
import { openTestDb, testRepository } from './openTestDb'

/** A request in payroll (synced) whose rejection the clerk queued as a change: the queue will PUT it. */
export async function queuedChange() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  const synced = await draftInStatus(repo, 'synced')
  const queued = await repo.inPayroll.decide(synced.id, 'Rejected')
  if (!queued.ok) throw new Error(queued.error.message)
  return { repo, synced }
}
