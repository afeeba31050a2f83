import { useEffect, useMemo, useRef, useState } from 'react'
import type { DraftActions } from '../actions/draftActions'
import type { Autosaver } from '../autosave/createAutosaver'
import type { DraftRecord } from '../db'
import { isUnpaidLeaveType } from '../../../shared/leaveDays'
import { typeName, withTypesPay } from './leaveTypePayChange'
import { estimatedPaidHours } from '../safeguards/dayRules'
import { checkDraft } from '../drafts/checkDraft'
import { pickDraftContent, emptyDraftContent, type DraftContent } from '../drafts/draftContent'
import { useBalancesAsAt } from '../reference/useBalancesAsAt'
import type { ReferenceData } from '../reference/useReferenceData'
import { ClashNotice } from '../safeguards/ClashNotice'
import { ColleagueClashNotice } from '../team/ColleagueClashNotice'
import { ColleagueSentNotice } from '../team/ColleagueSentNotice'
import { ProjectedBalanceNote } from '../safeguards/ProjectedBalanceNote'
import { useEditorSafeguards } from '../safeguards/useEditorSafeguards'
import { WorkPatternEditor } from '../safeguards/WorkPatternEditor'
import { useUiStore } from '../state/uiStore'
import { StatusBadge } from '../list/StatusBadge'
import { DateField } from './DateField'
import { useCloseToastWhenFixed } from '../toast/useCloseToastWhenFixed'
import { useInPayrollStore } from '../inPayroll/inPayrollStore'
import { PendingChangeNotice } from '../inPayroll/PendingChangeNotice'
import { plainServerIssues } from '../ui/plainRefusal'
import { EditorFooter } from './EditorFooter'
import { EmployeePicker } from './EmployeePicker'
import { fieldId } from './fieldIds'
import { GeneralIssues } from './GeneralIssues'
import { FILL_WEEKDAYS_ID, ItemsEditor } from './ItemsEditor'
import { LeaveStatusField } from './LeaveStatusField'
import { LeaveTypeField } from './LeaveTypeField'
import { NotesField } from './NotesField'
import { visibleIssues } from './visibleIssues'

/** The leave's first and last day, in the order the form shows them. */
const LEAVE_DATES = [
  { field: 'startDate', label: 'First day' },
  { field: 'endDate', label: 'Last day' }
] as const

/**
 * The editor of a draft the clerk owns ('draft' or 'needs-attention'). It keeps what is on screen and
 * hands every change to the autosaver, which writes it to Dexie straight away; mounted per draft (keyed
 * by id), so it starts from what Dexie holds.
 */
export function DraftForm(props: {
  draft: DraftRecord
  reference: ReferenceData
  autosaver: Autosaver<DraftContent>
  actions: DraftActions
}) {
  const { draft, reference } = props
  const hoursPerDay = useUiStore((s) => s.settings?.defaultHoursPerDay ?? 7.6)
  const revealed = useUiStore((s) => (s.issuesRevealed?.draftId === draft.id ? s.issuesRevealed.key : null))
  const focusHere = useUiStore((s) => s.focusEditorFor === draft.id)
  const askedForDays = useInPayrollStore((s) => s.approvalNeedsDays === draft.id) && draft.items.length === 0
  const [content, setContent] = useState<DraftContent>(() => ({ ...emptyDraftContent(), ...pickDraftContent(draft) }))
  const latest = useRef(content)
  const [touched, setTouched] = useState<ReadonlySet<string>>(new Set())
  const formRef = useRef<HTMLFormElement>(null)

  const change = (patch: Partial<DraftContent>) => {
    const next = { ...latest.current, ...patch }
    latest.current = next
    setContent(next)
    props.autosaver.save(draft.id, next)
  }
  const leave = (field: string) => setTouched((old) => (old.has(field) ? old : new Set([...old, field])))

  const employee = content.employeeId === undefined ? undefined : reference.employeesById.get(content.employeeId)
  const balancesAsAt = useBalancesAsAt(draft.fileId, employee && content.leaveTypePayItemId !== undefined ? content.startDate : '')
  const issues = useMemo(
    () =>
      visibleIssues({
        content,
        ruleIssues: checkDraft(content),
        serverIssues:
          draft.status === 'needs-attention'
            ? plainServerIssues(draft.lastError?.fieldIssues, {
                employeeName: employee?.displayName,
                leaveTypeName: content.leaveTypePayItemId === undefined ? undefined : reference.leaveTypesById.get(content.leaveTypePayItemId)?.name
              })
            : [],
        touched,
        revealAll: revealed !== null
      }),
    [content, draft.status, draft.lastError, touched, revealed, employee, reference.leaveTypesById]
  )
  const safeguards = useEditorSafeguards(draft, content, hoursPerDay, reference.asOf, reference.leaveTypesById)
  useCloseToastWhenFixed(draft.id, issues.byField.size === 0 && issues.general.length === 0 && checkDraft(content).length === 0)

  useEffect(() => {
    if (!focusHere) return
    document.getElementById(askedForDays ? FILL_WEEKDAYS_ID : fieldId('employeeId'))?.focus()
    useUiStore.getState().editorFocused()
  }, [focusHere, askedForDays])

  // An Approve that found no days asks for them here: the approval is set (on a change already open, by
  // the editor itself, so what is on screen stays what is saved) and the keyboard starts on Fill weekdays,
  // also when the read-only view this replaced took the focus request first.
  const daysAsked = useInPayrollStore((s) => (s.approvalNeedsDays === draft.id ? s.daysAsked : 0))
  const daysAskedAtOpen = useRef(daysAsked)
  useEffect(() => {
    if (daysAsked === 0) return
    // Asked while open: this editor writes the approval. Asked before it opened: it was written already
    // (and a clerk who changed it since is not overruled).
    if (daysAsked !== daysAskedAtOpen.current && latest.current.leaveStatus !== 'Approved') change({ leaveStatus: 'Approved' })
    if (latest.current.items.length === 0) document.getElementById(FILL_WEEKDAYS_ID)?.focus()
  }, [daysAsked])

  useEffect(() => {
    if (revealed === null) return
    formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus()
  }, [revealed])

  return (
    <form ref={formRef} id="draft-editor" className="draft-form" aria-labelledby="editor-title" onSubmit={(event) => event.preventDefault()}>
      <div className="editor-scroll">
        <div className="editor-heading">
          <h2 id="editor-title">Leave request</h2>
          <StatusBadge status={draft.status} />
        </div>
        <ColleagueSentNotice draft={draft} onDiscard={() => void props.actions.remove()} />
        {draft.status === 'needs-attention' && draft.lastError && !draft.colleagueClaim && (
          <p className="notice error-notice">
            <strong>Payroll did not accept this request.</strong>{' '}
            {/* Its field messages are on the fields, in plain words; payroll's own summary names fields by number. */}
            {draft.lastError.fieldIssues?.length ? '' : `${draft.lastError.message} `}Fix it below, then queue it again.
          </p>
        )}
        {draft.serverId !== undefined && <PendingChangeNotice draft={{ ...draft, serverId: draft.serverId }} reference={reference} actions={props.actions} />}
        <GeneralIssues messages={issues.general} />
        <div className="editor-grid">
          <EmployeePicker
            employees={reference.employees}
            selected={employee}
            selectedId={content.employeeId}
            issues={issues}
            asOf={reference.asOf}
            onPick={(employeeId) => change({ employeeId })}
            onLeave={() => leave('employeeId')}
          />
          <LeaveTypeField
            leaveTypes={reference.leaveTypes}
            value={content.leaveTypePayItemId}
            employee={employee}
            issues={issues}
            onChange={(leaveTypePayItemId) => change(withTypesPay(content, leaveTypePayItemId, (id) => reference.leaveTypesById.get(id)?.name))}
            onLeave={() => leave('leaveTypePayItemId')}
          />
          <LeaveStatusField value={content.leaveStatus} issues={issues} onChange={(leaveStatus) => change({ leaveStatus })} />
          {LEAVE_DATES.map(({ field, label }) => (
            <DateField
              key={field}
              field={field}
              label={label}
              value={content[field]}
              issues={issues}
              onChange={(value) => change({ [field]: value })}
              onLeave={() => leave(field)}
            />
          ))}
        </div>
        {employee && content.employeeId !== undefined && (
          <WorkPatternEditor
            key={content.employeeId}
            fileId={draft.fileId}
            employeeId={content.employeeId}
            employeeName={employee.displayName}
            week={safeguards.week}
            own={safeguards.ownPattern}
          />
        )}
        <ClashNotice clashes={safeguards.clashes} reference={reference} />
        <ColleagueClashNotice span={{ ...content, id: draft.id }} />
        <ProjectedBalanceNote
          draftId={draft.id}
          content={content}
          employee={employee}
          draws={safeguards.draws}
          balanceAsOf={reference.asOf}
          asAt={balancesAsAt}
          estimate={safeguards.rules ? (request) => estimatedPaidHours(safeguards.rules!, request) : undefined}
        />
        <ItemsEditor
          fileId={draft.fileId}
          items={content.items}
          startDate={content.startDate}
          endDate={content.endDate}
          hoursPerDay={hoursPerDay}
          week={safeguards.week}
          ownPattern={safeguards.ownPattern}
          region={safeguards.region}
          holidays={safeguards.holidays}
          unpaid={isUnpaidLeaveType(typeName(content.leaveTypePayItemId, (id) => reference.leaveTypesById.get(id)?.name))}
          issues={issues}
          onChange={(items) => change({ items })}
          onLeave={leave}
        />
        <NotesField value={content.notes} issues={issues} onChange={(notes) => change({ notes })} />
      </div>
      <EditorFooter draft={draft} actions={props.actions} />
    </form>
  )
}
