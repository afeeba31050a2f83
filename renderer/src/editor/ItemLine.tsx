import type { DraftItem } from '../drafts/draftContent'
import { formatWeekday } from '../format/formatting'
import { Icon } from '../ui/Icon'
import { fieldId, issueAria } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import type { VisibleIssues } from './visibleIssues'

/** One day of leave: date, hours, paid; its messages on a row of their own right below it. */
export function ItemLine(props: {
  index: number
  item: DraftItem
  issues: VisibleIssues
  onChange(item: DraftItem): void
  onRemove(): void
  onLeave(field: string): void
}) {
  const { index, item, issues } = props
  const line = index + 1
  const base = `items.${index}`
  const fields = [base, `${base}.date`, `${base}.hours`, `${base}.isPaid`]
  const hasIssues = fields.some((field) => issues.byField.has(field))
  return (
    <>
      <tr className={hasIssues ? 'has-issues' : undefined}>
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
        <td className="weekday">{formatWeekday(item.date)}</td>
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
        <td>
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
