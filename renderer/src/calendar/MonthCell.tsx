import { formatDate } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import type { AwayEntry } from './awayByDay'

const SHOWN_PER_DAY = 3

/** One day: its number, a holiday's name, and who is away with which leave and its approval (colour AND words). */
export function MonthCell(props: {
  date: string
  inMonth: boolean
  focused: boolean
  entries: readonly AwayEntry[]
  holiday: string | undefined
  reference: ReferenceData
  onFocusDay(): void
}) {
  const { entries } = props
  const day = Number(props.date.slice(8, 10))
  const overlaps = entries.some((entry) => entry.overlaps)
  const approved = entries.filter((entry) => entry.leaveStatus === 'Approved').length
  const away = entries.length === 0 ? 'nobody away' : `${entries.length} away, ${approved === 0 ? 'none' : approved} approved`
  const label = `${formatDate(props.date)}: ${away}${overlaps ? ', overlapping requests' : ''}${props.holiday ? `, ${props.holiday}` : ''}`
  return (
    <div
      role="gridcell"
      id={`calendar-day-${props.date}`}
      tabIndex={props.focused ? 0 : -1}
      aria-selected={props.focused}
      aria-label={label}
      className={['month-cell', props.inMonth ? '' : 'other-month', props.focused ? 'focused' : '', props.holiday ? 'holiday' : ''].join(' ').trim()}
      onClick={props.onFocusDay}
    >
      <span className="day-number" aria-hidden="true">
        {day}
      </span>
      {props.holiday && (
        <span className="cell-holiday" aria-hidden="true">
          {props.holiday}
        </span>
      )}
      <ul className="cell-entries" aria-hidden="true">
        {entries.slice(0, SHOWN_PER_DAY).map((entry) => (
          <li key={entry.draftId} className={`away approval-${entry.leaveStatus.toLowerCase()}${entry.overlaps ? ' overlapping' : ''}`}>
            <span className="away-who">
              {nameOf(entry, props.reference)}
              {entry.overlaps ? ' · overlap' : ''}
            </span>
            <span className="away-type">
              {entry.leaveStatus} · {leaveTypeOf(entry, props.reference)}
            </span>
          </li>
        ))}
        {entries.length > SHOWN_PER_DAY && <li className="more">+{entries.length - SHOWN_PER_DAY} more</li>}
      </ul>
    </div>
  )
}

function nameOf(entry: AwayEntry, reference: ReferenceData): string {
  if (entry.employeeId === undefined) return 'No employee'
  const employee = reference.employeesById.get(entry.employeeId)
  if (!employee) return `Employee ${entry.employeeId}`
  return employee.firstName && employee.lastName ? `${employee.firstName} ${employee.lastName.charAt(0)}.` : employee.displayName
}

function leaveTypeOf(entry: AwayEntry, reference: ReferenceData): string {
  return entry.leaveTypePayItemId === undefined ? 'No leave type' : (reference.leaveTypesById.get(entry.leaveTypePayItemId)?.name ?? 'Leave')
}
