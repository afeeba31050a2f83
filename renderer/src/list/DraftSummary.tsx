import type { DraftRecord } from '../db'
import { totalHours } from '../drafts/totalHours'
import { formatDateRange, formatHours } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import { ClashBadge } from '../safeguards/ClashBadge'
import { ColleagueClashBadge } from '../team/ColleagueClashNotice'
import { PossiblyTwiceBadge } from '../team/PossiblyTwiceNotice'
import { StatusBadge } from './StatusBadge'

/** The words a list shows for a draft: whose it is, which leave, which dates. */
export function draftSummaryWords(draft: DraftRecord, reference: ReferenceData) {
  const employee = draft.employeeId === undefined ? undefined : reference.employeesById.get(draft.employeeId)
  const leaveType = draft.leaveTypePayItemId === undefined ? undefined : reference.leaveTypesById.get(draft.leaveTypePayItemId)
  return {
    name: employee?.displayName ?? (draft.employeeId === undefined ? 'No employee yet' : `Employee ${draft.employeeId}`),
    leaveTypeName: leaveType?.name ?? 'No leave type yet',
    dates: formatDateRange(draft.startDate, draft.endDate)
  }
}

/** Who, what, when, how long, and where it is on its way to payroll: a draft as the lists show it. */
export function DraftSummary(props: { draft: DraftRecord; reference: ReferenceData }) {
  const { draft } = props
  const { name, leaveTypeName, dates } = draftSummaryWords(draft, props.reference)
  return (
    <>
      <div className="draft-row-main">
        <span className={`draft-row-name${draft.employeeId === undefined ? ' missing' : ''}`}>{name}</span>
        <ClashBadge draft={draft} />
        {draft.serverId === undefined && <ColleagueClashBadge span={draft} />}
        <PossiblyTwiceBadge draft={draft} />
        <StatusBadge status={draft.status} />
      </div>
      <div className="draft-row-details">
        <span>{leaveTypeName}</span>
        <span aria-hidden="true">·</span>
        <span>{dates}</span>
        {draft.serverId !== undefined && draft.status !== 'synced' && <span className="draft-row-change">Change to #{draft.serverId}</span>}
        <span className="draft-row-hours">{formatHours(totalHours(draft))}</span>
      </div>
    </>
  )
}
