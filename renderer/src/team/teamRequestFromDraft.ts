import { teamRequestId, type TeamRequestDoc } from '../../../shared/team/teamRequestDoc'
import type { DraftRecord } from '../db'

/**
 * The ledger's copy of a request that left this Leave Desk, or null for one that never did (a draft,
 * a refusal before payroll saw it). A request in payroll with a change pending here is published as
 * payroll holds it (its `inPayroll` copy): colleagues see what payroll has, not a change still unsent.
 */
export interface PublishContext {
  me: { installId: string; clerkName: string }
  employeeName: string | undefined
  leaveTypeName: string | undefined
  now: number
  /** The office's shared setting: notes stay out unless it is on (they can hold medical details). */
  shareNotes: boolean
  /** The copy already in the ledger, whose first author and time are kept. */
  previous: Pick<TeamRequestDoc, 'enteredBy' | 'enteredAt' | '_rev'> | undefined
}

export function teamRequestFromDraft(draft: DraftRecord, context: PublishContext): TeamRequestDoc | null {
  const state = draft.status === 'uncertain' ? 'uncertain' : draft.serverId !== undefined ? 'in-payroll' : null
  if (state === null) return null
  const content = draft.status === 'synced' || draft.status === 'uncertain' || !draft.inPayroll ? draft : draft.inPayroll.content
  const { employeeId, leaveTypePayItemId, startDate, endDate } = content
  if (employeeId === undefined || leaveTypePayItemId === undefined || startDate === '' || endDate === '') return null
  const lastModifiedDateUtc = draft.status === 'synced' ? draft.lastModifiedDateUtc : draft.inPayroll?.lastModifiedDateUtc ?? draft.lastModifiedDateUtc
  const doc: TeamRequestDoc = {
    _id: teamRequestId(context.me.installId, draft.id),
    type: 'request',
    fileId: draft.fileId,
    draftId: draft.id,
    employeeId,
    employeeName: context.employeeName ?? `Employee #${employeeId}`,
    leaveTypePayItemId,
    leaveTypeName: context.leaveTypeName ?? `Leave type #${leaveTypePayItemId}`,
    startDate,
    endDate,
    items: content.items.map(({ date, hours, isPaid }) => ({ date, hours, isPaid })),
    leaveStatus: content.leaveStatus,
    state,
    enteredBy: context.previous?.enteredBy ?? context.me,
    enteredAt: context.previous?.enteredAt ?? draft.sentAt ?? context.now,
    changedBy: context.me,
    changedAt: context.now
  }
  if (context.previous?._rev) Object.assign(doc, { _rev: context.previous._rev })
  if (draft.serverId !== undefined) doc.serverId = draft.serverId
  if (lastModifiedDateUtc) doc.lastModifiedDateUtc = lastModifiedDateUtc
  if (context.shareNotes && content.notes) doc.notes = content.notes
  return doc
}

/** Whether publishing `next` would tell colleagues anything new (status, version, approval, days). */
export function changesLedger(previous: TeamRequestDoc | undefined, next: TeamRequestDoc): boolean {
  if (!previous) return true
  const { _rev: _a, changedAt: _b, changedBy: _c, ...before } = previous
  const { _rev: _d, changedAt: _e, changedBy: _f, ...after } = next
  return canonical(before) !== canonical(after)
}

/** JSON with keys in one order: a document read back (schema order) and one built here compare equal. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`
  if (typeof value === 'object' && value !== null) {
    const entries = Object.entries(value).filter(([, field]) => field !== undefined)
    return `{${entries.sort(([a], [b]) => (a < b ? -1 : 1)).map(([key, field]) => `${JSON.stringify(key)}:${canonical(field)}`).join(',')}}`
  }
  return JSON.stringify(value)
}
