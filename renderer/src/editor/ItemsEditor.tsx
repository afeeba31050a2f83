import { useState } from 'react'
import { addDays, calendarDateOf } from '../../../shared/calendarDate'
import type { DraftItem } from '../drafts/draftContent'
import { fillWeekdayItems } from '../drafts/fillWeekdayItems'
import { paidHours, totalHours } from '../drafts/totalHours'
import { formatHours } from '../format/formatting'
import { Icon } from '../ui/Icon'
import { issueId } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import { ItemLine } from './ItemLine'
import type { VisibleIssues } from './visibleIssues'

/** The day-by-day breakdown: filled from the dates in one go, then adjusted line by line. */
export function ItemsEditor(props: {
  items: readonly DraftItem[]
  startDate: string
  endDate: string
  hoursPerDay: number
  issues: VisibleIssues
  onChange(items: DraftItem[]): void
  onLeave(field: string): void
}) {
  const { items, issues } = props
  const [fillProblem, setFillProblem] = useState<string | null>(null)

  const fill = () => {
    const filled = fillWeekdayItems(props.startDate, props.endDate, props.hoursPerDay)
    if (filled.length === 0) {
      setFillProblem(
        calendarDateOf(props.startDate) && calendarDateOf(props.endDate)
          ? 'There are no weekdays to fill between these dates.'
          : 'Enter a start and an end date first.'
      )
      return
    }
    setFillProblem(null)
    props.onChange(filled)
  }
  const addLine = () => {
    const last = items.at(-1)
    const lastDate = last ? calendarDateOf(last.date) : null
    const date = lastDate ? addDays(lastDate, 1) : props.startDate
    props.onChange([...items, { date, hours: props.hoursPerDay, isPaid: true }])
  }
  const replaceLine = (index: number, item: DraftItem) => props.onChange(items.map((old, i) => (i === index ? item : old)))
  const removeLine = (index: number) => props.onChange(items.filter((_, i) => i !== index))
  const itemsIssue = issues.byField.has('items')

  return (
    <section className="items-editor" aria-labelledby="items-title">
      <div className="items-heading">
        <h3 id="items-title">Days of leave</h3>
        <div className="button-row">
          <button
            type="button"
            className="button"
            onClick={fill}
            aria-describedby={[fillProblem ? 'fill-problem' : '', itemsIssue ? issueId('items') : ''].join(' ').trim() || undefined}
          >
            {items.length === 0 ? 'Fill weekdays' : 'Refill weekdays'} at {formatHours(props.hoursPerDay)}
          </button>
          <button type="button" className="button quiet" onClick={addLine}>
            <Icon name="plus" />
            Add line
          </button>
        </div>
      </div>
      {fillProblem && (
        <p id="fill-problem" className="field-hint" role="status">
          {fillProblem}
        </p>
      )}
      <FieldIssues field="items" issues={issues} />
      {items.length === 0 ? (
        <p className="items-empty">
          No days yet. Fill weekdays from the dates, or add lines one by one. (An approved request needs them.)
        </p>
      ) : (
        <table className="items-table">
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">
                <span className="visually-hidden">Weekday</span>
              </th>
              <th scope="col">Hours</th>
              <th scope="col">Paid</th>
              <th scope="col">
                <span className="visually-hidden">Remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <ItemLine
                key={index}
                index={index}
                item={item}
                issues={issues}
                onChange={(changed) => replaceLine(index, changed)}
                onRemove={() => removeLine(index)}
                onLeave={props.onLeave}
              />
            ))}
          </tbody>
        </table>
      )}
      <p className="items-total" aria-live="polite">
        <span>
          Total <strong data-testid="total-hours">{formatHours(totalHours({ items }))}</strong>
        </span>
        <span>
          {items.length} {items.length === 1 ? 'day' : 'days'}, paid {formatHours(paidHours({ items }))}
        </span>
      </p>
    </section>
  )
}
