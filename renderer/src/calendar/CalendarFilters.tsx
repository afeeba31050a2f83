import type { ReferenceData } from '../reference/useReferenceData'
import { payGroupsOf, type CalendarFilter } from './calendarFilter'
import { LeaveTypeOptions } from '../reference/LeaveTypeOptions'

/** The calendar's filters (leave type, approval, pay group when payroll gives one), Export month and Print. */
export function CalendarFilters(props: { filter: CalendarFilter; onChange(filter: CalendarFilter): void; reference: ReferenceData; onExport(): void }) {
  const { filter, onChange, reference } = props
  const payGroups = payGroupsOf(reference.employees)
  return (
    <div className="calendar-filters" role="group" aria-label="Show in the calendar">
      <label>
        Leave type{' '}
        <select
          value={String(filter.leaveTypeId)}
          onChange={(event) => onChange({ ...filter, leaveTypeId: event.target.value === 'all' ? 'all' : Number(event.target.value) })}
        >
          <option value="all">All leave types</option>
          <LeaveTypeOptions leaveTypes={reference.leaveTypes} />
        </select>
      </label>
      <label>
        Approval{' '}
        <select value={filter.approval} onChange={(event) => onChange({ ...filter, approval: event.target.value as CalendarFilter['approval'] })}>
          <option value="away">Approved and pending</option>
          <option value="Approved">Approved only</option>
          <option value="Pending">Pending only</option>
          <option value="Rejected">Rejected</option>
        </select>
      </label>
      {payGroups.length > 0 && (
        <label>
          Pay group{' '}
          <select value={filter.payGroup} onChange={(event) => onChange({ ...filter, payGroup: event.target.value })}>
            <option value="all">All pay groups</option>
            {payGroups.map((group) => (
              <option key={group} value={group}>
                {group}
              </option>
            ))}
          </select>
        </label>
      )}
      <button type="button" className="button small quiet" onClick={props.onExport}>
        Export month
      </button>
      <button type="button" className="button small quiet" onClick={() => window.print()}>
        Print
      </button>
    </div>
  )
}
