import { draftStatusLabels } from '../drafts/draftStatus'
import { formatDateRange } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import type { DraftClash } from './draftClashes'

/** "Overlaps Annual Leave 8 – 9 Dec 2026, synced" / "Same as Annual Leave 8 – 9 Dec 2026, queued". */
export function clashWords(clash: DraftClash, reference: Pick<ReferenceData, 'leaveTypesById'>): string {
  const { other } = clash
  const type = other.leaveTypePayItemId === undefined ? 'leave' : (reference.leaveTypesById.get(other.leaveTypePayItemId)?.name ?? 'leave')
  const status = draftStatusLabels[other.status].toLowerCase()
  const lead = clash.exact ? 'Same as' : 'Overlaps'
  return `${lead} ${type} ${formatDateRange(other.startDate, other.endDate)}, ${status}`
}
