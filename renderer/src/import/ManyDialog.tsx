import { useEffect, useMemo, useState } from 'react'
import { LEAVE_STATUSES, type LeaveStatus } from '../../../shared/leaveRequestSchema'
import { useAppServices } from '../app/AppServicesContext'
import { formatDateRange } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import { useUiStore } from '../state/uiStore'
import type { DayRules } from '../safeguards/dayRules'
import { useDayRulesOfSettings } from '../safeguards/useDayRules'
import { DaysRuleNote } from './DaysRuleNote'
import { employeesMatching, manyRows } from './manyRows'
import { ModalDialog } from './ModalDialog'
import { PreviewFooter } from './PreviewFooter'
import { PreviewTable } from './PreviewTable'
import { withConflicts, type FindConflicts, type PreviewRow } from './previewRows'
import { LeaveTypeOptions } from '../reference/LeaveTypeOptions'

type ManyDialogProps = { fileId: number; reference: ReferenceData; findConflicts?: FindConflicts; onClose: () => void }

/** One leave for many employees (a site shutdown): choose who and when, see each draft checked, import them all at once. */
export function ManyDialog(props: ManyDialogProps) {
  const rules = useDayRulesOfSettings(props.fileId, props.reference.leaveTypesById)
  // The file's region and patterns are one quick read: the preview waits for them rather than show other days.
  return rules ? <ManyForm {...props} rules={rules} /> : null
}

function ManyForm(props: ManyDialogProps & { rules: DayRules }) {
  const { repo } = useAppServices()
  const { reference, rules } = props
  const [filter, setFilter] = useState('')
  const [chosen, setChosen] = useState<readonly number[]>([])
  const [leaveType, setLeaveType] = useState<number | undefined>(reference.leaveTypes[0]?.id)
  const [startDate, setStartDate] = useState('')
  const [endDate, setEndDate] = useState('')
  const [leaveStatus, setLeaveStatus] = useState<LeaveStatus>('Pending')
  const [notes, setNotes] = useState('')
  const [skipped, setSkipped] = useState<ReadonlySet<number>>(new Set())
  const [failure, setFailure] = useState<string | null>(null)
  const shown = employeesMatching(reference.employees, filter, false)

  const checked = useMemo(
    () =>
      manyRows(
        { employeeIds: chosen, ...(leaveType !== undefined ? { leaveTypePayItemId: leaveType } : {}), startDate, endDate, leaveStatus, notes },
        (id) => reference.employeesById.get(id)?.displayName ?? `Employee ${id}`,
        rules
      ),
    [chosen, leaveType, startDate, endDate, leaveStatus, notes, reference.employeesById, rules]
  )
  const [rows, setRows] = useState<PreviewRow[]>(checked)
  useEffect(() => {
    let current = true
    setRows(checked)
    void withConflicts(checked, props.findConflicts).then((found) => current && setRows(found))
    return () => {
      current = false
    }
  }, [checked, props.findConflicts])

  const included = rows.filter((row) => !skipped.has(row.rowNumber))
  const blocking = included.filter((row) => row.problems.length > 0)
  // Rows are numbered by position among the chosen, so a new choice starts every row ticked again.
  useEffect(() => setSkipped(new Set()), [chosen])
  const toggle = (id: number, on: boolean) => setChosen((before) => (on ? [...before.filter((x) => x !== id), id] : before.filter((x) => x !== id)))

  async function importAccepted() {
    const typeName = leaveType === undefined ? '' : (reference.leaveTypesById.get(leaveType)?.name ?? '')
    const label = `One leave for many: ${typeName}, ${formatDateRange(startDate, endDate)}`
    try {
      await repo.importDrafts(props.fileId, included.map((row) => ({ content: row.content, source: { kind: 'many', label } })))
    } catch {
      setFailure('The drafts could not be saved, so none were created. Try again, or restart Leave Desk if it keeps failing.')
      return
    }
    useUiStore.getState().showToast({ message: `Created ${included.length} draft${included.length === 1 ? '' : 's'}.`, tone: 'info' })
    props.onClose()
  }

  return (
    <ModalDialog titleId="many-title" className="import-dialog" onClose={props.onClose}>
      <h2 id="many-title">One leave for many</h2>
      <div className="import-setup">
        <fieldset className="many-people">
          <legend>Employees ({chosen.length} chosen)</legend>
          <div className="button-row">
            <input type="search" aria-label="Filter employees" placeholder="Filter by name or payroll id" value={filter} onChange={(e) => setFilter(e.target.value)} />
            <button type="button" className="button small" onClick={() => setChosen(reference.employees.filter((e) => e.isActive).map((e) => e.id))}>
              Select all active
            </button>
            <button type="button" className="button small quiet" onClick={() => setChosen([])} disabled={chosen.length === 0}>
              Clear
            </button>
          </div>
          <ul className="many-list" aria-label="Employees">
            {shown.map((employee) => (
              <li key={employee.id}>
                <label className="import-check">
                  <input type="checkbox" checked={chosen.includes(employee.id)} onChange={(e) => toggle(employee.id, e.target.checked)} />
                  {employee.displayName}
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
        <fieldset className="import-columns">
          <legend>The leave</legend>
          <div className="import-column-grid">
            <label className="import-column-choice">
              <span>Leave type</span>
              <select value={leaveType ?? ''} onChange={(e) => setLeaveType(e.target.value === '' ? undefined : Number(e.target.value))}>
                <LeaveTypeOptions leaveTypes={reference.leaveTypes} />
              </select>
            </label>
            <label className="import-column-choice">
              <span>First day</span>
              <input type="date" value={startDate} onChange={(e) => setStartDate(e.target.value)} />
            </label>
            <label className="import-column-choice">
              <span>Last day</span>
              <input type="date" value={endDate} onChange={(e) => setEndDate(e.target.value)} />
            </label>
            <label className="import-column-choice">
              <span>Approval</span>
              <select value={leaveStatus} onChange={(e) => setLeaveStatus(e.target.value as LeaveStatus)}>
                {LEAVE_STATUSES.map((status) => (
                  <option key={status}>{status}</option>
                ))}
              </select>
            </label>
            <label className="import-column-choice">
              <span>Notes</span>
              <input type="text" value={notes} onChange={(e) => setNotes(e.target.value)} />
            </label>
          </div>
          <DaysRuleNote fileId={props.fileId} rules={rules} />
        </fieldset>
      </div>
      {rows.length > 0 && (
        <PreviewTable
          rows={rows}
          skipped={skipped}
          onSkip={(row, skip) => setSkipped((before) => (skip ? new Set([...before, row]) : new Set([...before].filter((r) => r !== row))))}
          reference={reference}
        />
      )}
      <PreviewFooter
        rows={rows}
        includedCount={included.length}
        blockingRows={blocking.map((row) => row.rowNumber)}
        failure={failure}
        onSkipProblems={() => setSkipped(new Set(rows.filter((r) => r.problems.length > 0).map((r) => r.rowNumber)))}
        onAccept={() => void importAccepted()}
        onCancel={props.onClose}
      />
    </ModalDialog>
  )
}
