import type { LeaveDeskDb } from '../db'
import { nextSeq } from '../db/draftStore'

/**
 * Moves everything a drafts database holds into another database of the same payroll (one spelling of
 * its address kept, payrollDatabases.ts), in one transaction on the target: drafts with their status as
 * they were (a queued draft stays queued; one found `sending` is recovered at start-up like any other),
 * their attempts, sync history and confirmed duplicates, and the reference data, work patterns and holiday
 * regions the target has no copy of yet. Drafts get new creation numbers after the target's own (creation
 * order across two databases cannot be known), each source's in its own order, so one employee's requests
 * still go in the order they were written.
 *
 * Safe to run again after a crash between this commit and the source's deletion: a draft the target
 * already holds is skipped with everything that belongs to it.
 */
export async function mergeDatabase(source: LeaveDeskDb, target: LeaveDeskDb): Promise<number> {
  const [drafts, attempts, history, duplicates, employees, leaveTypes, meta, patterns, regions] = await Promise.all([
    source.drafts.orderBy('seq').toArray(),
    source.attempts.toArray(),
    source.syncHistory.toArray(),
    source.confirmedDuplicates.toArray(),
    source.employees.toArray(),
    source.leaveTypes.toArray(),
    source.referenceMeta.toArray(),
    source.workPatterns.toArray(),
    source.holidayRegions.toArray()
  ])
  const tables = [
    target.drafts,
    target.attempts,
    target.syncHistory,
    target.confirmedDuplicates,
    target.employees,
    target.leaveTypes,
    target.referenceMeta,
    target.workPatterns,
    target.holidayRegions,
    target.counters
  ]
  return target.transaction('rw', tables, async () => {
    const held = new Set(await target.drafts.where('id').anyOf(drafts.map((draft) => draft.id)).primaryKeys())
    const moving = drafts.filter((draft) => !held.has(draft.id))
    const moved = new Set(moving.map((draft) => draft.id))
    for (const draft of moving) await target.drafts.add({ ...draft, seq: await nextSeq(target) })
    await target.attempts.bulkAdd(attempts.filter((attempt) => moved.has(attempt.draftId)).map(({ id: _id, ...attempt }) => attempt))
    await target.syncHistory.bulkPut(history.filter((entry) => moved.has(entry.draftId)))
    await target.confirmedDuplicates.bulkPut(duplicates.filter((entry) => moved.has(entry.draftId)))

    // A file's employees and leave types come with their "as of": only where the target has none of that kind.
    const known = new Set((await target.referenceMeta.toArray()).map((row) => `${row.fileId}/${row.kind}`))
    const newKinds = meta.filter((row) => !known.has(`${row.fileId}/${row.kind}`))
    const takes = (fileId: number, kind: string) => newKinds.some((row) => row.fileId === fileId && row.kind === kind)
    await target.referenceMeta.bulkPut(newKinds)
    await target.employees.bulkPut(employees.filter((row) => takes(row.fileId, 'employees')))
    await target.leaveTypes.bulkPut(leaveTypes.filter((row) => takes(row.fileId, 'leaveTypes')))

    const patternKeys = new Set((await target.workPatterns.toArray()).map((row) => `${row.fileId}/${row.employeeId}`))
    await target.workPatterns.bulkPut(patterns.filter((row) => !patternKeys.has(`${row.fileId}/${row.employeeId}`)))
    const regionFiles = new Set(await target.holidayRegions.toCollection().primaryKeys())
    await target.holidayRegions.bulkPut(regions.filter((row) => !regionFiles.has(row.fileId)))
    return moving.length
  })
}
