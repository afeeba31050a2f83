import type { CachedEmployee, CachedLeaveType, DraftRecord, SyncHistoryRecord } from '../db'
import { draftStatusLabels } from '../drafts/draftStatus'
import { totalHours } from '../drafts/totalHours'
import { employmentTypeOf, payGroupName } from '../reference/employeeDetails'
import { localDateTime } from './localTimes'
import { toCsv, type CsvCell } from './toCsv'

export const REQUESTS_HEADER = [
  'Employee',
  'Employee payroll id',
  'Pay group',
  'Employment type',
  'Leave type',
  'First day',
  'Last day',
  'Hours',
  'Approval',
  'Notes',
  'Status',
  'Payroll request number',
  'Attempts',
  'Last error',
  'Sent on (this computer’s time)',
  'Imported from'
] as const

/**
 * Every request of the file that is not deleted, drafts and synced alike, with where it is on its way to
 * payroll: the sync history's names and times for those that arrived (the history keeps the names the
 * clerk knew, even after an employee leaves), the last error for those that did not. The notes carry
 * a decision's reason ("Rejected: …"); times are the computer's own (localTimes.ts).
 */
export function requestsCsv(
  drafts: readonly DraftRecord[],
  history: readonly SyncHistoryRecord[],
  employeesById: ReadonlyMap<number, CachedEmployee>,
  leaveTypesById: ReadonlyMap<number, CachedLeaveType>,
  /** Colleagues' requests from the team ledger, in these columns (team/colleagueExportRows.ts). */
  colleagueRows: readonly (readonly CsvCell[])[] = []
): string {
  const synced = new Map(history.map((record) => [record.draftId, record]))
  const rows = [...drafts]
    .sort((a, b) => a.seq - b.seq)
    .map((draft) => {
      const record = synced.get(draft.id)
      const employee = draft.employeeId === undefined ? undefined : employeesById.get(draft.employeeId)
      const type = draft.leaveTypePayItemId === undefined ? undefined : leaveTypesById.get(draft.leaveTypePayItemId)
      return [
        record?.employeeName ?? employee?.displayName ?? '',
        draft.employeeId,
        payGroupName(employee),
        employmentTypeOf(employee),
        record?.leaveTypeName ?? type?.name ?? '',
        draft.startDate,
        draft.endDate,
        totalHours(draft),
        draft.leaveStatus,
        draft.notes,
        draftStatusLabels[draft.status],
        record?.serverId ?? draft.serverId,
        draft.attempts,
        draft.lastError?.message ?? '',
        record ? localDateTime(record.syncedAt) : '',
        sourceText(draft)
      ]
    })
  return toCsv(REQUESTS_HEADER, [...rows, ...colleagueRows])
}

function sourceText(draft: DraftRecord): string {
  const source = draft.source
  if (!source) return ''
  if (source.kind === 'file') return `${source.fileName}, row ${source.row}`
  if (source.kind === 'paste') return `pasted, row ${source.row}`
  return source.label
}
