import { createDraftsRepository, openLeaveDeskDb, type DraftRecord, type LeaveDeskDb, type OpenLeaveDeskDbOptions } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import { payrollOfDatabase, PRACTICE, databaseNameFor, type PayrollKey } from './payrollDatabase'

/**
 * "Copy to …": the clerk's explicit way to take drafts from one payroll to another. The copies are new
 * drafts (new ids, status Draft, nothing queued) in the other payroll's own database; the originals stay
 * as they were. Only requests not yet in payroll are copied: a copy is for drafting again, not sending twice.
 */
export const COPIED_STATUSES: readonly DraftStatus[] = ['draft', 'needs-attention', 'queued']

export async function draftsToCopy(db: LeaveDeskDb, fileId: number): Promise<DraftRecord[]> {
  const drafts = await db.drafts
    .where('[fileId+status]')
    .anyOf(COPIED_STATUSES.map((status) => [fileId, status]))
    .toArray()
  return drafts.filter((draft) => draft.deletedAt === undefined).sort((a, b) => a.seq - b.seq)
}

/** Copies the drafts into the payroll's database (created if it has none yet); answers how many. */
export async function copyDraftsTo(
  targetDatabase: string,
  drafts: readonly DraftRecord[],
  options: OpenLeaveDeskDbOptions = {}
): Promise<number> {
  const db = await openLeaveDeskDb(targetDatabase, options)
  try {
    const target = createDraftsRepository(db)
    for (const draft of drafts) await target.createDraft(draft.fileId, draft)
    return drafts.length
  } finally {
    db.close()
  }
}

/**
 * The payrolls drafts can be copied to: Practice, and every payroll address this computer keeps drafts
 * for (found from the databases' names), less the one open now.
 */
export function otherPayrolls(
  current: PayrollKey,
  firstDatabaseAddress: string | null,
  databaseNames: readonly string[]
): { payroll: PayrollKey; databaseName: string }[] {
  const payrolls = new Set<PayrollKey>([PRACTICE])
  for (const name of databaseNames) {
    const payroll = payrollOfDatabase(name, firstDatabaseAddress)
    if (payroll !== null) payrolls.add(payroll)
  }
  payrolls.delete(current)
  return [...payrolls].map((payroll) => ({ payroll, databaseName: databaseNameFor(payroll, firstDatabaseAddress) }))
}
