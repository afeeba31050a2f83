import { useEffect, useRef } from 'react'
import type { DraftActions } from '../actions/draftActions'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import { paidHours, totalHours } from '../drafts/totalHours'
import { formatDate, formatDateRange, formatHours, formatWeekday } from '../format/formatting'
import { StatusBadge } from '../list/StatusBadge'
import type { ReferenceData } from '../reference/useReferenceData'
import { StoredDraftClashNotice } from '../safeguards/ClashNotice'
import { useUiStore } from '../state/uiStore'
import { DraftSyncDetails } from '../sync'
import { InPayrollPanel } from '../inPayroll/InPayrollPanel'
import { PossiblyTwiceNotice } from '../team/PossiblyTwiceNotice'
import { LinkToPayrollNumber } from '../inPayroll/LinkToPayrollNumber'
import { EditorFooter } from './EditorFooter'
import { HeldBehindNotice } from './HeldBehindNotice'

const WHY_READ_ONLY: Readonly<Partial<Record<DraftStatus, string>>> = {
  queued: 'Queued for sending. To change it, take it out of the queue first.',
  sending: 'Being sent to payroll right now, so it cannot be changed.',
  synced: 'Already in payroll. To request more leave, duplicate it and change the copy.',
  conflict: 'Changed in payroll since you read it: choose which version to keep.',
  uncertain:
    'Payroll may already have this request: the connection dropped before payroll answered. Check in payroll, then choose below.'
}

/** A draft on its way to (or in) payroll: shown, not edited, with what can still be done and its history. */
export function ReadOnlyDraft(props: { draft: DraftRecord; reference: ReferenceData; actions: DraftActions }) {
  const { draft, reference } = props
  const { repo, runner } = useAppServices()
  const headingRef = useRef<HTMLHeadingElement>(null)
  const focusHere = useUiStore((s) => s.focusEditorFor === draft.id)
  const employee = draft.employeeId === undefined ? undefined : reference.employeesById.get(draft.employeeId)
  const leaveType = draft.leaveTypePayItemId === undefined ? undefined : reference.leaveTypesById.get(draft.leaveTypePayItemId)
  const inPayroll = draft.status === 'synced' && draft.serverId !== undefined ? { ...draft, serverId: draft.serverId } : null

  // Shown in place of the editor the keyboard was in (Ctrl+Enter queued it): the focused field went with
  // the editor, and the keyboard would be left on the page. It comes to this request's heading instead.
  useEffect(() => {
    if (document.activeElement === null || document.activeElement === document.body) headingRef.current?.focus()
  }, [])

  useEffect(() => {
    if (!focusHere) return
    headingRef.current?.focus()
    useUiStore.getState().editorFocused()
  }, [focusHere])

  return (
    <div className="draft-form read-only" aria-labelledby="editor-title" role="region">
      {/* It scrolls in a short window and has few controls: focusable, so the keyboard can scroll it. */}
      <div className="editor-scroll" tabIndex={0}>
        <div className="editor-heading">
          <h2 id="editor-title" ref={headingRef} tabIndex={-1}>
            {inPayroll ? 'Leave request in payroll' : 'Leave request'}
          </h2>
          <StatusBadge status={draft.status} />
        </div>
        {inPayroll && <PossiblyTwiceNotice draft={inPayroll} onReject={() => void props.actions.reject()} />}
        {inPayroll ? (
          <InPayrollPanel draft={inPayroll} reference={reference} actions={props.actions} />
        ) : (
          <p className="notice info-notice">
            {WHY_READ_ONLY[draft.status]}
            {draft.serverId !== undefined && ` It is a change to request #${draft.serverId} in payroll.`}
          </p>
        )}
        <HeldBehindNotice draft={draft} reference={reference} />
        <StoredDraftClashNotice draft={draft} reference={reference} />
        <dl className="summary">
          <dt>Employee</dt>
          <dd>{employee?.displayName ?? (draft.employeeId === undefined ? '—' : `Employee ${draft.employeeId}`)}</dd>
          <dt>Leave type</dt>
          <dd>{leaveType?.name ?? (draft.leaveTypePayItemId === undefined ? '—' : `Leave type ${draft.leaveTypePayItemId}`)}</dd>
          <dt>Dates</dt>
          <dd>{formatDateRange(draft.startDate, draft.endDate)}</dd>
          <dt>Approval</dt>
          <dd>{draft.leaveStatus}</dd>
          <dt>Hours</dt>
          <dd>
            {formatHours(totalHours(draft))} in {draft.items.length} {draft.items.length === 1 ? 'day' : 'days'}, paid{' '}
            {formatHours(paidHours(draft))}
          </dd>
          {draft.notes.trim() !== '' && (
            <>
              <dt>Notes</dt>
              <dd className="notes">{draft.notes}</dd>
            </>
          )}
          {draft.serverId !== undefined && (
            <>
              <dt>Number in payroll</dt>
              <dd>{draft.serverId}</dd>
            </>
          )}
        </dl>
        {draft.items.length > 0 && (
          <table className="items-table read-only-items">
            <caption className="visually-hidden">Days of leave</caption>
            <thead>
              <tr>
                <th scope="col">Date</th>
                <th scope="col">Hours</th>
                <th scope="col">Paid</th>
              </tr>
            </thead>
            <tbody>
              {draft.items.map((item, index) => (
                <tr key={index}>
                  <td>
                    {formatWeekday(item.date)} {formatDate(item.date)}
                  </td>
                  <td>{formatHours(item.hours)}</td>
                  <td>{item.isPaid ? 'Paid' : 'Unpaid'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
        {draft.status === 'uncertain' && <LinkToPayrollNumber draft={draft} />}
        <DraftSyncDetails runner={runner} repo={repo} draftId={draft.id} />
      </div>
      <EditorFooter draft={draft} actions={props.actions} />
    </div>
  )
}
