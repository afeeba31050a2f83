import { useState } from 'react'
import { addDays, calendarDateOf } from '../../../shared/calendarDate'
import { linesChangedByClerk, linesOutsideRange, missingWorkingDays, refitLines } from '../../../shared/leaveDays'
import { halfDayHours, hoursOn, type WeekHours } from '../../../shared/workPattern'
import type { DraftItem } from '../drafts/draftContent'
import { paidHours, totalHours } from '../drafts/totalHours'
import { formatHours } from '../format/formatting'
import { isProcessed, keepingProcessedLines } from '../inPayroll/processedLines'
import { editorFill } from './editorFill'
import { HolidayNote } from '../safeguards/HolidayNote'
import { Icon } from '../ui/Icon'
import { issueId } from './fieldIds'
import { FieldIssues } from './FieldIssues'
import { ItemLine } from './ItemLine'
import { RefitOffer, RefillQuestion } from './LineFitting'
import type { VisibleIssues } from './visibleIssues'

/** The Fill weekdays button, which an Approve that found no days puts the focus on. */
export const FILL_WEEKDAYS_ID = 'fill-weekdays'

/**
 * The day-by-day breakdown: filled from the dates and the employee's work pattern in one go (public
 * holidays left out), then adjusted line by line. A refill never silently overwrites hours the clerk
 * changed, and when the dates move the clerk is offered to fit the lines to them. A line payroll has
 * already paid (a request in payroll) is locked: no fill, fit, edit or remove changes it.
 */
export function ItemsEditor(props: {
  fileId: number
  items: readonly DraftItem[]
  startDate: string
  endDate: string
  hoursPerDay: number
  week: WeekHours
  ownPattern: boolean
  region: string | undefined
  holidays: ReadonlyMap<string, string>
  /** The leave type is unpaid: filled and added lines are unpaid (the clerk can still tick one paid). */
  unpaid: boolean
  issues: VisibleIssues
  onChange(items: DraftItem[]): void
  onLeave(field: string): void
}) {
  const { items, issues, startDate, endDate, week, holidays } = props
  const [fillProblem, setFillProblem] = useState<string | null>(null)
  const [refillAsked, setRefillAsked] = useState<readonly DraftItem[] | null>(null)

  const request = { startDate, endDate, week, regionCode: props.region, unpaid: props.unpaid }
  const filled = () => editorFill(items, request)
  const fill = () => {
    const lines = filled()
    if (lines.length === 0) {
      setFillProblem(
        calendarDateOf(startDate) && calendarDateOf(endDate)
          ? 'There are no working days to fill between these dates.'
          : 'Enter a start and an end date first.'
      )
      return
    }
    setFillProblem(null)
    const changed = linesChangedByClerk(
      items.filter((item) => !isProcessed(item)),
      request
    )
    if (items.length > 0 && changed.length > 0) return setRefillAsked(changed)
    props.onChange(lines)
  }
  const addLine = () => {
    const last = items.at(-1)
    const lastDate = last ? calendarDateOf(last.date) : null
    const date = lastDate ? addDays(lastDate, 1) : startDate
    const valid = calendarDateOf(date)
    const hours = valid && hoursOn(week, valid) > 0 ? hoursOn(week, valid) : props.hoursPerDay
    props.onChange([...items, { date, hours, isPaid: !props.unpaid }])
  }
  const unlocked = (index: number) => items[index] !== undefined && !isProcessed(items[index])
  const replaceLine = (index: number, item: DraftItem) => {
    if (unlocked(index)) props.onChange(items.map((old, i) => (i === index ? item : old)))
  }
  const removeLine = (index: number) => {
    if (unlocked(index)) props.onChange(items.filter((_, i) => i !== index))
  }
  const halfDay = (index: number) => {
    const item = items[index]
    if (item) replaceLine(index, { ...item, hours: halfDayHours(week, item.date, props.hoursPerDay) })
  }
  const itemsIssue = issues.byField.has('items')
  const outside = items.length > 0 ? linesOutsideRange(items, startDate, endDate) : []
  const missing = items.length > 0 ? missingWorkingDays(items, request) : []
  const fillLabel = `${items.length === 0 ? 'Fill weekdays' : 'Refill weekdays'} ${props.ownPattern ? 'from the work pattern' : `at ${formatHours(props.hoursPerDay)}`}`

  return (
    <section className="items-editor" aria-labelledby="items-title">
      <div className="items-heading">
        <h3 id="items-title">Days of leave</h3>
        <div className="button-row">
          <button
            id={FILL_WEEKDAYS_ID}
            type="button"
            className="button"
            onClick={fill}
            aria-describedby={[fillProblem ? 'fill-problem' : '', itemsIssue ? issueId('items') : ''].join(' ').trim() || undefined}
          >
            {fillLabel}
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
      {refillAsked && (
        <RefillQuestion
          changed={refillAsked}
          onReplace={() => {
            setRefillAsked(null)
            props.onChange(filled())
          }}
          onKeep={() => setRefillAsked(null)}
        />
      )}
      {!refillAsked && (outside.length > 0 || missing.length > 0) && (
        <RefitOffer outside={outside.length} missing={missing.length} onRefit={() => props.onChange(keepingProcessedLines(refitLines(items, request), items))} />
      )}
      <HolidayNote fileId={props.fileId} region={props.region} holidays={holidays} />
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
                <span className="visually-hidden">Half day and remove</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {items.map((item, index) => (
              <ItemLine
                key={index}
                index={index}
                item={item}
                locked={isProcessed(item)}
                holidayName={holidays.get(item.date)}
                issues={issues}
                onChange={(changed) => replaceLine(index, changed)}
                onHalfDay={() => halfDay(index)}
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
