import { useLiveQuery } from 'dexie-react-hooks'
import type { CSSProperties } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { totalHours } from '../drafts/totalHours'
import { formatDateRange, formatHours } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import { StatusBadge } from './StatusBadge'

export const draftRowId = (draftId: string) => `draft-row-${draftId}`

/**
 * One line of the drafts list: who, what, when, how long, and where it is on its way to payroll. Reads
 * its own draft, so an autosave re-reads one row, not the whole list.
 */
export function DraftRow(props: {
  draftId: string
  reference: ReferenceData
  selected: boolean
  position: number
  total: number
  style: CSSProperties
  onSelect: () => void
}) {
  const { repo } = useAppServices()
  const draft = useLiveQuery(() => repo.getDraft(props.draftId), [repo, props.draftId])
  const { reference } = props
  const rowProps = {
    id: draftRowId(props.draftId),
    role: 'option',
    'aria-selected': props.selected,
    'aria-posinset': props.position,
    'aria-setsize': props.total,
    className: `draft-row${props.selected ? ' selected' : ''}`,
    style: props.style,
    onClick: props.onSelect
  }
  if (!draft) {
    return (
      <div {...rowProps}>
        <span className="draft-row-loading">Loading…</span>
      </div>
    )
  }
  const employee = draft.employeeId === undefined ? undefined : reference.employeesById.get(draft.employeeId)
  const leaveType = draft.leaveTypePayItemId === undefined ? undefined : reference.leaveTypesById.get(draft.leaveTypePayItemId)
  const name = employee?.displayName ?? (draft.employeeId === undefined ? 'No employee yet' : `Employee ${draft.employeeId}`)
  return (
    <div {...rowProps}>
      <div className="draft-row-main">
        <span className={`draft-row-name${draft.employeeId === undefined ? ' missing' : ''}`}>{name}</span>
        <StatusBadge status={draft.status} />
      </div>
      <div className="draft-row-details">
        <span>{leaveType?.name ?? 'No leave type yet'}</span>
        <span aria-hidden="true">·</span>
        <span>{formatDateRange(draft.startDate, draft.endDate)}</span>
        <span className="draft-row-hours">{formatHours(totalHours(draft))}</span>
      </div>
    </div>
  )
}
