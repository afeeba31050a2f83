import { useId, useMemo, useState, type KeyboardEvent } from 'react'
import type { CachedEmployee } from '../db'
import { formatAsOf, formatHours } from '../format/formatting'
import { isPlainKey } from '../keyboard/plainKey'
import { employeeDetailsLine } from '../reference/employeeDetails'
import { employeeMatches } from './employeeMatches'
import { fieldId, issueAria } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import type { VisibleIssues } from './visibleIssues'

const FIELD = 'employeeId'

/**
 * Type-ahead over the cached employees (WAI-ARIA combobox with a listbox popup). Each suggestion shows
 * the employee's leave balances as of the last sync. Enter or a click picks; Escape puts the name back.
 */
export function EmployeePicker(props: {
  employees: readonly CachedEmployee[]
  selected: CachedEmployee | undefined
  selectedId: number | undefined
  issues: VisibleIssues
  /** When the cached balances were fetched. */
  asOf: number | undefined
  onPick(id: number | undefined): void
  onLeave(): void
}) {
  const listId = useId()
  const hintId = `${fieldId(FIELD)}-hint`
  /** What the clerk is typing; null while they are not searching (the field shows the chosen name). */
  const [query, setQuery] = useState<string | null>(null)
  const [activeIndex, setActiveIndex] = useState(0)
  const offered = useMemo(() => props.employees.filter((employee) => employee.isActive), [props.employees])
  const matches = useMemo(() => (query === null ? [] : employeeMatches(offered, query)), [offered, query])
  const open = query !== null && matches.length > 0
  const active = open ? matches[Math.min(activeIndex, matches.length - 1)] : undefined
  const shownName = props.selected?.displayName ?? (props.selectedId === undefined ? '' : `Employee ${props.selectedId}`)

  const pick = (employee: CachedEmployee) => {
    props.onPick(employee.id)
    setQuery(null)
  }
  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault()
      if (!open) {
        setQuery(query ?? '')
        setActiveIndex(0)
        return
      }
      const step = event.key === 'ArrowDown' ? 1 : -1
      setActiveIndex((index) => (index + step + matches.length) % matches.length)
    } else if (event.key === 'Enter' && isPlainKey(event) && active) {
      event.preventDefault()
      pick(active)
    } else if (event.key === 'Escape' && query !== null) {
      event.preventDefault()
      setQuery(null)
    }
  }
  const onBlur = () => {
    if (query !== null && query.trim() === '') props.onPick(undefined)
    setQuery(null)
    props.onLeave()
  }

  return (
    <div className="field employee-picker">
      <label htmlFor={fieldId(FIELD)}>Employee</label>
      <input
        id={fieldId(FIELD)}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={open}
        aria-controls={listId}
        aria-activedescendant={active ? `${listId}-${active.id}` : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a name"
        value={query ?? shownName}
        {...issueAria(FIELD, props.issues, hintId)}
        onChange={(event) => {
          setQuery(event.target.value)
          setActiveIndex(0)
        }}
        onFocus={(event) => event.target.select()}
        onKeyDown={onKeyDown}
        onBlur={onBlur}
      />
      <ul id={listId} role="listbox" aria-label="Matching employees" className="combobox-options" hidden={!open}>
        {matches.map((employee) => (
          <li
            key={employee.id}
            id={`${listId}-${employee.id}`}
            role="option"
            aria-selected={employee === active}
            className="combobox-option"
            // mousedown, not click: picking must happen before the input's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault()
              pick(employee)
            }}
          >
            <span className="option-name">
              {employee.displayName}
              {employeeDetailsLine(employee) && <span className="option-details"> {employeeDetailsLine(employee)}</span>}
            </span>
            <span className="option-balances">{balancesLine(employee)}</span>
          </li>
        ))}
      </ul>
      <FieldIssues field={FIELD} issues={props.issues} />
      <p id={hintId} className="field-hint">
        {pickerHint(props.employees.length, query, matches.length, props.selected, props.asOf)}
      </p>
    </div>
  )
}

function pickerHint(
  cached: number,
  query: string | null,
  matchCount: number,
  selected: CachedEmployee | undefined,
  asOf: number | undefined
): string {
  if (cached === 0) return 'No employee list on this computer yet.'
  if (query !== null) {
    return matchCount === 0 && query.trim() !== ''
      ? `No current employee matches “${query.trim()}”.`
      : 'Choose with the arrow keys and Enter, or click a name.'
  }
  if (!selected) return 'Type part of a name, then pick with Enter or a click.'
  const left = selected.isActive ? '' : ' (no longer employed)'
  const when = asOf === undefined ? '' : ` as of ${formatAsOf(asOf, Date.now())}`
  const details = employeeDetailsLine(selected)
  return `${details ? `${details}. ` : ''}Leave balances${left}${when}: ${balancesLine(selected)}.`
}

/**
 * 'Annual Leave 45.6 h · Personal/Carer’s Leave 12 h'; leave types with no balance are left out. Each
 * balance is kept on one line (no-break spaces), so a wrap never parts a name from its hours.
 */
export function balancesLine(employee: CachedEmployee): string {
  const held = employee.leaveBalances.filter((balance) => balance.hours > 0)
  if (held.length === 0) return 'No leave balances'
  return held.map((balance) => `${balance.name} ${formatHours(balance.hours)}`.replace(/ /g, '\u00a0')).join(' · ')
}
