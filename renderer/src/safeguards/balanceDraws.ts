import type { BalanceDraw } from '../../../shared/safeguards'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftRecord } from '../db/records'
import { paidHours } from '../drafts/totalHours'

const ON_THE_WAY = ['queued', 'sending', 'uncertain'] as const

/** Paid hours a request with no days yet would take, from the shared calculation; undefined when unknown. */
export type EstimatePaidHours = (draft: DraftRecord) => number | undefined

function asDraw(draft: DraftRecord, estimate: EstimatePaidHours | undefined): BalanceDraw {
  const estimated = draft.items.length === 0 && draft.leaveStatus !== 'Rejected' ? estimate?.(draft) : undefined
  const draw: BalanceDraw = {
    id: draft.id,
    leaveStatus: draft.leaveStatus,
    status: draft.status,
    paidHours: estimated ?? paidHours(draft)
  }
  if (estimated !== undefined) draw.estimated = true
  if (draft.employeeId !== undefined) draw.employeeId = draft.employeeId
  if (draft.leaveTypePayItemId !== undefined) draw.leaveTypePayItemId = draft.leaveTypePayItemId
  if (draft.syncedAt !== undefined) draw.syncedAt = draft.syncedAt
  return draw
}

/**
 * The employee's requests that may draw on a balance fetched at `balanceAsOf`: those on their way (key
 * ranges of the [fileId+employeeId+status+seq] index) and those payroll accepted since (the sync history
 * after that time). Neither read grows with the employee's whole history.
 */
export async function balanceDrawsOf(
  db: LeaveDeskDb,
  fileId: number,
  employeeId: number,
  balanceAsOf: number | undefined,
  estimate?: EstimatePaidHours
): Promise<BalanceDraw[]> {
  return db.transaction('r', db.drafts, db.syncHistory, async () => {
    const onTheWay = await Promise.all(
      ON_THE_WAY.map((status) =>
        db.drafts.where('[fileId+employeeId+status+seq]').between([fileId, employeeId, status, -Infinity], [fileId, employeeId, status, Infinity]).toArray()
      )
    )
    const sinceQuery =
      balanceAsOf === undefined
        ? db.syncHistory.where('[fileId+syncedAt]').between([fileId, -Infinity], [fileId, Infinity])
        : db.syncHistory.where('[fileId+syncedAt]').between([fileId, balanceAsOf], [fileId, Infinity], false, true)
    const syncedIds = (await sinceQuery.toArray()).filter((row) => row.employeeId === employeeId).map((row) => row.draftId)
    const synced = (await db.drafts.bulkGet(syncedIds)).filter((draft): draft is DraftRecord => draft !== undefined && draft.status === 'synced')
    return [...onTheWay.flat(), ...synced].filter((draft) => draft.deletedAt === undefined).map((draft) => asDraw(draft, estimate))
  })
}
