import { formatDateRange, formatHours } from '../format/formatting'
import { totalHours } from '../drafts/totalHours'
import type { ReferenceData } from '../reference/useReferenceData'
import type { PreviewRow } from './previewRows'

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
  const { reference } = props
  return (
    <div className="import-table-wrap">
      <table className="import-table" aria-label="Rows to import">
        <thead>
          <tr>
            <th scope="col">Import</th>
            <th scope="col">Row</th>
            <th scope="col">Employee</th>
            <th scope="col">Leave type</th>
            <th scope="col">Dates</th>
            <th scope="col">Hours</th>
            <th scope="col">Approval</th>
            <th scope="col">Problems</th>
          </tr>
        </thead>
        <tbody>
          {props.rows.map((row) => {
            const skipped = props.skipped.has(row.rowNumber)
            const { content } = row
            const state = skipped ? 'skipped' : row.problems.length > 0 ? 'problem' : row.conflicts.length > 0 ? 'conflict' : 'ready'
            return (
              <tr key={row.rowNumber} className={`import-row import-row-${state}`} data-testid="import-row">
                <td>
                  <input
                    type="checkbox"
                    checked={!skipped}
                    aria-label={`Import row ${row.rowNumber}`}
                    onChange={(event) => props.onSkip(row.rowNumber, !event.target.checked)}
                  />
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
                <td>{content.items.length > 0 ? formatHours(totalHours(content)) : '—'}</td>
                <td>{content.leaveStatus}</td>
                <td className="import-problems">
                  {skipped ? (
                    <span className="import-skipped">Skipped</span>
                  ) : row.problems.length === 0 && row.conflicts.length === 0 ? (
                    <span className="import-ready">Ready</span>
                  ) : null}
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
          })}
        </tbody>
      </table>
    </div>
  )
}
