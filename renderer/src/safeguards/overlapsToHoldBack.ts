import { duplicateKey, findClashes } from '../../../shared/safeguards'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftRecord } from '../db/records'
import type { DraftClash } from './draftClashes'
import { employeeLeaveNear } from './leaveNearby'

/**
 * The plain drafts "Queue all ready" must hold back because they share days with another live request
 * of the same employee (not an exact duplicate: duplicatesToHoldBack has those), and the clerk has not
 * said they mean it. One bounded read per employee with plain drafts, over their drafts' whole span.
 */
export async function overlapsToHoldBack(db: LeaveDeskDb, fileId: number): Promise<{ draft: DraftRecord; clash: DraftClash }[]> {
  return db.transaction('r', db.drafts, db.confirmedDuplicates, async () => {
    const plain = (await db.drafts.where('[fileId+status]').equals([fileId, 'draft']).toArray()).filter(
      (draft) => draft.deletedAt === undefined && draft.employeeId !== undefined && duplicateKey(draft) !== null
    )
    const confirmations = await db.confirmedDuplicates.bulkGet(plain.map((draft) => draft.id))
    const confirmed = new Set(confirmations.flatMap((row, index) => (row && row.key === duplicateKey(plain[index]!) ? [row.draftId] : [])))
    const byEmployee = new Map<number, DraftRecord[]>()
    for (const draft of plain) {
      if (confirmed.has(draft.id)) continue
      const group = byEmployee.get(draft.employeeId!) ?? []
      group.push(draft)
      byEmployee.set(draft.employeeId!, group)
    }
    const held: { draft: DraftRecord; clash: DraftClash }[] = []
    for (const [employeeId, drafts] of byEmployee) {
      const from = drafts.reduce((min, d) => (d.startDate < min ? d.startDate : min), drafts[0]!.startDate)
      const to = drafts.reduce((max, d) => (d.endDate > max ? d.endDate : max), drafts[0]!.endDate)
      const near = await employeeLeaveNear(db, fileId, employeeId, from, to)
      for (const draft of drafts) {
        const clash = (findClashes([draft], near) as DraftClash[]).find((found) => !found.exact)
        if (clash) held.push({ draft, clash })
      }
    }
    return held.sort((a, b) => a.draft.seq - b.draft.seq)
  })
}
