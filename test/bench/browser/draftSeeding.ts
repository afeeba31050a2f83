import { refreshReferenceData } from '../../../renderer/src/reference/refreshReferenceData'
import { BENCH_FILE_ID, benchDraftContent } from '../shared/benchDrafts'
import { session } from './benchSession'
import { page } from './pageDom'

/**
 * The drafts a measurement starts from, made through the repository as the editor makes them. All
 * creations share one transaction (the repository's own transactions nest inside it): ten thousand
 * separate commits would only make the set-up slow, and set-up is not what is measured.
 */
async function createDrafts(runTag: string, count: number, employeeCount?: number): Promise<void> {
  const { db, repo } = session()
  await db.transaction('rw', db.tables, async () => {
    for (let n = 0; n < count; n += 1) await repo.createDraft(BENCH_FILE_ID, benchDraftContent(runTag, n, employeeCount))
  })
}

export async function queueDrafts(runTag: string, count: number, employeeCount?: number): Promise<{ ms: number }> {
  const started = performance.now()
  await createDrafts(runTag, count, employeeCount)
  // The clerk's "Queue all ready": one transaction, the shared rules checked on each draft.
  const queued = await session().repo.queueAllValid(BENCH_FILE_ID)
  if (queued.queued !== count) throw new Error(`Queued ${queued.queued} of ${count} bench drafts (${queued.leftWithIssues} with issues).`)
  return { ms: performance.now() - started }
}

export async function seedDrafts(runTag: string, count: number): Promise<{ ms: number }> {
  const started = performance.now()
  await createDrafts(runTag, count)
  return { ms: performance.now() - started }
}

/** Names and leave types for the rows, fetched through main as the app's refresh does. */
export async function cacheReferenceData(): Promise<{ employees: number; leaveTypes: number }> {
  const { repo } = session()
  const refreshed = await refreshReferenceData(page.leaveDesk, repo, BENCH_FILE_ID)
  if (!refreshed.ok) throw new Error(`Reference data could not be fetched: ${refreshed.message}`)
  const [employees, leaveTypes] = await Promise.all([repo.listEmployees(BENCH_FILE_ID, { includeInactive: true }), repo.listLeaveTypes(BENCH_FILE_ID)])
  return { employees: employees.length, leaveTypes: leaveTypes.length }
}
