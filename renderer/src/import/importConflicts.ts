import { findClashes, type LeaveClash, type LeaveSpan } from '../../../shared/safeguards'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftRecord } from '../db/records'
import { draftStatusLabels } from '../drafts/draftStatus'
import { formatDateRange } from '../format/formatting'
import { employeeLeaveNear } from '../safeguards/leaveNearby'
import type { FindConflicts, ProposedDraft } from './previewRows'

const ROW_ID = 'import-row:'

/**
 * The import's duplicate/overlap check, on the safeguards' shared `findClashes`: each proposed row
 * against the file's live requests of the same employee near its dates (one bounded index read per
 * employee, however many rows name them) and against the rows above it in the same file.
 */
export function importConflictCheck(db: LeaveDeskDb, fileId: number, leaveTypeName: (id: number | undefined) => string): FindConflicts {
  return async (proposed) => {
    const spans = proposed.map(spanOf)
    const stored = await storedNear(db, fileId, proposed)
    const found = new Map<number, string[]>()
    for (const clash of findClashes(spans, stored)) {
      const row = Number(clash.request.id.slice(ROW_ID.length))
      found.set(row, [...(found.get(row) ?? []), describe(clash, leaveTypeName)])
    }
    return found
  }
}

function spanOf({ rowNumber, content }: ProposedDraft): LeaveSpan {
  return {
    id: `${ROW_ID}${rowNumber}`,
    ...(content.employeeId !== undefined ? { employeeId: content.employeeId } : {}),
    ...(content.leaveTypePayItemId !== undefined ? { leaveTypePayItemId: content.leaveTypePayItemId } : {}),
    startDate: content.startDate,
    endDate: content.endDate,
    leaveStatus: content.leaveStatus
  }
}

async function storedNear(db: LeaveDeskDb, fileId: number, proposed: readonly ProposedDraft[]): Promise<DraftRecord[]> {
  const ranges = new Map<number, { start: string; end: string }>()
  for (const { content } of proposed) {
    if (content.employeeId === undefined || content.startDate === '' || content.endDate === '') continue
    const range = ranges.get(content.employeeId)
    ranges.set(content.employeeId, {
      start: range && range.start < content.startDate ? range.start : content.startDate,
      end: range && range.end > content.endDate ? range.end : content.endDate
    })
  }
  const reads = await Promise.all([...ranges].map(([employeeId, { start, end }]) => employeeLeaveNear(db, fileId, employeeId, start, end)))
  return reads.flat()
}

/** "Same as Annual Leave 2 – 4 Mar 2026, synced" / "Overlaps row 5 of this file (3 Mar 2026)". */
function describe(clash: LeaveClash<DraftRecord>, leaveTypeName: (id: number | undefined) => string): string {
  const lead = clash.exact ? 'Same as' : 'Overlaps'
  const days = formatDateRange(clash.from, clash.to)
  if (clash.otherIsProposed) return `${lead} row ${clash.other.id.slice(ROW_ID.length)} of this file (${days}).`
  const other = clash.other as DraftRecord
  return `${lead} ${leaveTypeName(other.leaveTypePayItemId)} ${formatDateRange(other.startDate, other.endDate)} already here, ${draftStatusLabels[other.status].toLowerCase()}.`
}
