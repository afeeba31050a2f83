import type { DraftItem } from '../drafts/draftContent'
import { formatDate, formatHours, formatWeekday } from '../format/formatting'
import { Icon } from '../ui/Icon'
import { fieldId, issueAria } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import type { VisibleIssues } from './visibleIssues'

/**
 * One day of leave: date, hours, paid; its messages on a row of their own right below it. H anywhere on
 * the line makes it a half day (none of its fields takes letters). A line payroll has paid is `locked`:
 * shown, not edited.
 */
export function ItemLine(props: {
  index: number
  item: DraftItem
  locked?: boolean
  holidayName?: string | undefined
  issues: VisibleIssues
  onChange(item: DraftItem): void
  onHalfDay(): void
  onRemove(): void
  onLeave(field: string): void
}) {
  const { index, item, issues } = props
  const line = index + 1
  const base = `items.${index}`
  const fields = [base, `${base}.date`, `${base}.hours`, `${base}.isPaid`]
  const hasIssues = fields.some((field) => issues.byField.has(field))
  if (props.locked) return <LockedLine item={item} line={line} />
  return (
    <>
      <tr
        className={[hasIssues ? 'has-issues' : '', props.holidayName ? 'holiday-line' : ''].join(' ').trim() || undefined}
        onKeyDown={(event) => {
          if (event.key.toLowerCase() !== 'h' || event.ctrlKey || event.metaKey || event.altKey) return
          event.preventDefault()
          props.onHalfDay()
        }}
      >
        <td>
          <input
            id={fieldId(`${base}.date`)}
            type="date"
            aria-label={`Date, line ${line}`}
            value={item.date}
            {...issueAria(`${base}.date`, issues, issues.byField.has(base) ? fieldId(`${base}-issues`) : undefined)}
            onChange={(event) => props.onChange({ ...item, date: event.target.value })}
            onBlur={() => props.onLeave(`${base}.date`)}
          />
        </td>
        <td className="weekday">
          {formatWeekday(item.date)}
          {props.holidayName && (
            <span className="holiday-tag" title={props.holidayName}>
              {' '}
              Holiday
            </span>
          )}
        </td>
        <td>
          <input
            id={fieldId(`${base}.hours`)}
            type="number"
            inputMode="decimal"
            min={0}
            max={24}
            step={0.1}
            aria-label={`Hours, line ${line}`}
            className="hours-input"
            value={Number.isFinite(item.hours) ? item.hours : ''}
            {...issueAria(`${base}.hours`, issues)}
            onChange={(event) => props.onChange({ ...item, hours: event.target.value === '' ? Number.NaN : Number(event.target.value) })}
            onBlur={() => props.onLeave(`${base}.hours`)}
          />
        </td>
        <td className="paid-cell">
          <input
            id={fieldId(`${base}.isPaid`)}
            type="checkbox"
            aria-label={`Paid, line ${line}`}
            checked={item.isPaid}
            {...issueAria(`${base}.isPaid`, issues)}
            onChange={(event) => props.onChange({ ...item, isPaid: event.target.checked })}
          />
        </td>
        <td className="line-buttons">
          <button
            type="button"
            className="icon-button half-day-button"
            aria-label={`Half day, line ${line}`}
            title="Half day (H)"
            onClick={props.onHalfDay}
          >
            ½
          </button>
          <button type="button" className="icon-button" aria-label={`Remove line ${line}`} title="Remove this line" onClick={props.onRemove}>
            <Icon name="close" />
          </button>
        </td>
      </tr>
      {hasIssues && (
        <tr className="line-issues">
          <td colSpan={5}>
            <div id={fieldId(`${base}-issues`)}>
              {fields.map((field) => (
                <FieldIssues key={field} field={field} issues={issues} />
              ))}
            </div>
          </td>
        </tr>
      )}
    </>
  )
}

/** A line already paid in a pay run: payroll refuses any change to it, so it has no controls. */
function LockedLine(props: { item: DraftItem; line: number }) {
  const { item } = props
  return (
    <tr className="locked-line">
      <td>{formatDate(item.date)}</td>
      <td className="weekday">{formatWeekday(item.date)}</td>
      <td>{formatHours(item.hours)}</td>
      <td className="paid-cell">{item.isPaid ? 'Paid' : 'Unpaid'}</td>
      <td className="line-buttons">
        <span className="locked-tag" title={`Line ${props.line} was paid in a pay run; it cannot be changed`}>
          <Icon name="synced" />
          Locked: paid in a pay run
        </span>
      </td>
    </tr>
  )
}
