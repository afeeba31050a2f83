import { createDraftsRepository, openLeaveDeskDb, type DraftRecord, type LeaveDeskDb, type OpenLeaveDeskDbOptions } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import { shelfOf } from '../db/draftSearchFields'
import { startingWith } from '../db/keyRanges'
import { payrollOfDatabase, PRACTICE, databaseNameFor, type PayrollKey } from './payrollDatabase'

/**
 * "Copy to …": the clerk's explicit way to take drafts from one payroll to another. The copies are new
 * drafts (new ids, status Draft, nothing queued) in the other payroll's own database; the originals stay
 * as they were. Only requests not yet in payroll are copied: a copy is for drafting again, not sending twice.
 */

/**
 * Statuses that say a request may already be in payroll whatever else the record holds: it is on its
 * way (sending), it may have been applied (uncertain), or it was (synced, even when marked as sent
 * without payroll's Id).
 */
const MAY_HAVE_REACHED_PAYROLL: readonly DraftStatus[] = ['sending', 'uncertain', 'synced']

/**
 * Whether a record is a request payroll has never held, judged by what it holds rather than by its status
 * alone: a pending change (Edit, Approve, Reject) of a request in payroll is a draft, queued or
 * needs-attention record too, but it carries payroll's Id or payroll's copy, and copying it as a new
 * request would post a second record to the other payroll.
 */
export function isOnlyADraft(draft: DraftRecord): boolean {
  return (
    draft.deletedAt === undefined &&
    draft.serverId === undefined &&
    draft.inPayroll === undefined &&
    draft.payrollChanged === undefined &&
    draft.unconfirmedUpdate === undefined &&
    !MAY_HAVE_REACHED_PAYROLL.includes(draft.status)
  )
}

export async function draftsToCopy(db: LeaveDeskDb, fileId: number): Promise<DraftRecord[]> {
  // The open shelf holds every record not synced, in creation order; what it holds decides the rest.
  const open = await db.drafts
    .where('[fileId+shelf+seq]')
    .between(...startingWith(fileId, shelfOf('draft')), true, true)
    .toArray()
  return open.filter(isOnlyADraft)
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
