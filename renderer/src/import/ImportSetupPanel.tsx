import { useState } from 'react'
import {
  columnLetter,
  dateFormatLabels,
  IMPORT_FIELDS,
  importFieldLabels,
  type DateFormat
} from '../../../shared/import'
import type { ReferenceData } from '../reference/useReferenceData'
import type { ImportSession } from './useImportSession'

const DATE_FORMATS = Object.keys(dateFormatLabels) as DateFormat[]

/** Without these a row cannot become a request; if the guess missed one, the columns open by themselves. */
const REQUIRED = ['employee', 'leaveType', 'startDate'] as const

/** What each column means, how the dates read, and who each unclear name is: the clerk's side of the guess. */
export function ImportSetupPanel(props: { session: ImportSession; reference: ReferenceData }) {
  const { session, reference } = props
  const { setup } = session
  const width = Math.max(0, ...setup.sheet.rows.slice(0, 50).map((cells) => cells.length))
  const header = setup.hasHeader ? setup.sheet.rows[0] : undefined
  // The columns stay folded away when the guess is complete and the dates are clear, leaving the room to the rows.
  // Decided once, when the preview opens: folding it while the clerk is changing a column would be rude.
  const [needsLook] = useState(() => !session.dateFormatCertain || REQUIRED.some((field) => setup.mapping[field] === undefined))
  const summary = IMPORT_FIELDS.filter((field) => setup.mapping[field] !== undefined)
    .map((field) => `${importFieldLabels[field]}: ${columnLetter((setup.mapping[field] as number) + 1)}`)
    .join(', ')
  const columnName = (column: number) => (header?.[column] ? `${columnLetter(column + 1)} — ${header[column]}` : `Column ${columnLetter(column + 1)}`)
  return (
    <div className="import-setup">
      <details className="import-columns" open={needsLook}>
        <summary>
          <span className="import-columns-title">Columns</span> <span className="import-columns-summary">{summary || 'none chosen yet'}</span>
        </summary>
        <label className="import-check">
          <input type="checkbox" checked={setup.hasHeader} onChange={(event) => session.setHasHeader(event.target.checked)} />
          The first row holds column names
        </label>
        <div className="import-column-grid">
          {IMPORT_FIELDS.map((field) => (
            <label key={field} className="import-column-choice">
              <span>{importFieldLabels[field]}</span>
              <select
                value={setup.mapping[field] ?? ''}
                onChange={(event) => session.setColumn(field, event.target.value === '' ? undefined : Number(event.target.value))}
              >
                <option value="">Not in the file</option>
                {Array.from({ length: width }, (_, column) => (
                  <option key={column} value={column}>
                    {columnName(column)}
                  </option>
                ))}
              </select>
            </label>
          ))}
          <label className="import-column-choice">
            <span>Dates are written</span>
            <select value={setup.dateFormat} onChange={(event) => session.setDateFormat(event.target.value as DateFormat)}>
              {DATE_FORMATS.map((format) => (
                <option key={format} value={format}>
                  {dateFormatLabels[format]}
                </option>
              ))}
            </select>
          </label>
        </div>
        {!session.dateFormatCertain && (
          <p className="import-note" role="note">
            Every date in this file reads the same day first or month first. Check the dates below, and change “Dates are written” if they are wrong.
          </p>
        )}
      </details>
      {session.questions.length > 0 && (
        <fieldset className="import-questions">
          <legend>Who is this?</legend>
          {session.questions.map((question) => {
            const candidates =
              question.candidates.length > 0
                ? question.candidates.map((id) => reference.employeesById.get(id)).filter((e) => e !== undefined)
                : reference.employees.filter((employee) => employee.isActive)
            const answer = setup.employeeAnswers.get(question.key)
            return (
              <label key={question.key} className="import-column-choice">
                <span>
                  “{question.text}” (row{question.rows.length > 1 ? 's' : ''} {question.rows.join(', ')})
                </span>
                <select value={answer ?? ''} onChange={(event) => session.answer(question.key, event.target.value === '' ? undefined : Number(event.target.value))}>
                  <option value="">Choose who…</option>
                  {candidates.map((employee) => (
                    <option key={employee.id} value={employee.id}>
                      {employee.displayName} (payroll id {employee.id}){employee.isActive ? '' : ', left'}
                    </option>
                  ))}
                </select>
              </label>
            )
          })}
        </fieldset>
      )}
    </div>
  )
}
