import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import { totalHours } from '../drafts/totalHours'
import { formatDate, formatDateRange, formatHours, formatWeekday } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import type { PreviewRow } from './previewRows'

/**
 * Up to this many rows are all in the page (find-in-page and screen readers see every one); a bigger
 * file's rows are drawn as they scroll into view, so a 5,000-row preview opens as fast as a small one.
 */
const ALL_ROWS_UP_TO = 200
const ROW_ESTIMATE_PX = 44

/**
 * Every row of the import with what it will create and what stops it. A row's tick says whether it is
 * imported; rows with problems are marked so a screen reader hears the problem with the row.
 */
export function PreviewTable(props: {
  rows: readonly PreviewRow[]
  skipped: ReadonlySet<number>
  onSkip: (rowNumber: number, skip: boolean) => void
  reference: ReferenceData
}) {
  const { rows } = props
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_ESTIMATE_PX,
    overscan: 12,
    getItemKey: (index) => rows[index]?.rowNumber ?? index
  })
  const virtual = rows.length > ALL_ROWS_UP_TO
  const items = virtual ? virtualizer.getVirtualItems() : rows.map((_, index) => ({ index, start: 0, end: 0 }))
  const paddingTop = virtual ? (items[0]?.start ?? 0) : 0
  const paddingBottom = virtual ? virtualizer.getTotalSize() - (items[items.length - 1]?.end ?? 0) : 0
  return (
    <div className="import-table-wrap" ref={scrollRef}>
      <table className="import-table" aria-label="Rows to import" aria-rowcount={rows.length + 1}>
        <thead>
          <tr aria-rowindex={1}>
            <th scope="col">Import</th>
            <th scope="col">Row</th>
            <th scope="col">Employee</th>
            <th scope="col">Leave type</th>
            <th scope="col">Dates</th>
            <th scope="col">Days and hours</th>
            <th scope="col">Approval</th>
            <th scope="col">Problems</th>
          </tr>
        </thead>
        <tbody>
          {paddingTop > 0 && <tr aria-hidden="true" style={{ height: paddingTop }} />}
          {items.map((item) => {
            const row = rows[item.index]
            if (!row) return null
            return (
              <PreviewTableRow
                key={row.rowNumber}
                row={row}
                index={item.index}
                skipped={props.skipped.has(row.rowNumber)}
                onSkip={props.onSkip}
                reference={props.reference}
                measure={virtual ? virtualizer.measureElement : undefined}
              />
            )
          })}
          {paddingBottom > 0 && <tr aria-hidden="true" style={{ height: paddingBottom }} />}
        </tbody>
      </table>
    </div>
  )
}

function PreviewTableRow(props: {
  row: PreviewRow
  index: number
  skipped: boolean
  onSkip: (rowNumber: number, skip: boolean) => void
  reference: ReferenceData
  measure: ((element: Element | null) => void) | undefined
}) {
  const { row, skipped, reference } = props
  const { content } = row
  const state = skipped ? 'skipped' : row.problems.length > 0 ? 'problem' : row.conflicts.length > 0 ? 'conflict' : 'ready'
  return (
    <tr ref={props.measure} data-index={props.index} aria-rowindex={props.index + 2} className={`import-row import-row-${state}`} data-testid="import-row">
      <td>
        <input type="checkbox" checked={!skipped} aria-label={`Import row ${row.rowNumber}`} onChange={(event) => props.onSkip(row.rowNumber, !event.target.checked)} />
      </td>
      <th scope="row">{row.rowNumber}</th>
      <td>
        {content.employeeId !== undefined
          ? (reference.employeesById.get(content.employeeId)?.displayName ?? `Employee ${content.employeeId}`)
          : row.question
            ? `“${row.question.text}”?`
            : '—'}
      </td>
      <td>{content.leaveTypePayItemId === undefined ? '—' : (reference.leaveTypesById.get(content.leaveTypePayItemId)?.name ?? '—')}</td>
      <td>{formatDateRange(content.startDate, content.endDate)}</td>
      <td>
        <DaysCell row={row} />
      </td>
      <td>{content.leaveStatus}</td>
      <td className="import-problems">
        {skipped ? <span className="import-skipped">Skipped</span> : row.problems.length === 0 && row.conflicts.length === 0 ? <span className="import-ready">Ready</span> : null}
        {row.problems.length + row.conflicts.length > 0 && (
          <ul>
            {row.problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
            {row.conflicts.map((conflict) => (
              <li key={conflict} className="import-conflict">
                {conflict}
              </li>
            ))}
          </ul>
        )}
      </td>
    </tr>
  )
}

/** What will be sent: "4 days, 30.4 h", "unpaid" when no line is paid, and the public holidays not charged. */
function DaysCell(props: { row: PreviewRow }) {
  const { items } = props.row.content
  if (items.length === 0) return <>—</>
  const unpaid = items.every((item) => !item.isPaid)
  const left = props.row.holidaysLeftOut ?? []
  return (
    <>
      <span className="import-days">
        {items.length} {items.length === 1 ? 'day' : 'days'}, {formatHours(totalHours(props.row.content))}
        {unpaid ? ', unpaid' : ''}
      </span>
      {left.length > 0 && (
        <span className="import-holidays">
          Not counted: {left.map((holiday) => `${holiday.name} (${formatWeekday(holiday.date)} ${formatDate(holiday.date)})`).join(', ')}
        </span>
      )}
    </>
  )
}
