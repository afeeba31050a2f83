import { useLiveQuery } from 'dexie-react-hooks'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import { formatDateRange } from '../format/formatting'
import { StatusBadge } from '../list/StatusBadge'
import type { ReferenceData } from '../reference/useReferenceData'
import { useUiStore } from '../state/uiStore'

/** What the earlier request needs before this one can go, in the clerk's words. */
const WHAT_IT_NEEDS: Readonly<Partial<Record<DraftStatus, string>>> = {
  queued: 'It is queued and goes first.',
  sending: 'It is being sent to payroll right now.',
  uncertain: 'Payroll may or may not have it: open it, look in payroll, then choose “Send again” or “Mark as sent”.',
  'needs-attention': 'Payroll refused it: open it, fix it and queue it again, or delete it if it is not needed.',
  conflict: 'It was changed in payroll since Leave Desk read it: open it and choose “Keep mine” or “Use payroll’s”.'
}

/**
 * On a queued request held behind an earlier request for the same employee (the queue sends one
 * employee's requests in the order they were made): which request it waits for, in what state, and a
 * way to open it. Nothing when it is not held.
 */
export function HeldBehindNotice(props: { draft: DraftRecord; reference: ReferenceData }) {
  const { draft, reference } = props
  const { repo } = useAppServices()
  const ahead = useLiveQuery(
    () => (draft.status === 'queued' ? repo.queue.requestsAhead(draft) : Promise.resolve([])),
    // What decides the answer, not the object (a new one arrives with every change of the draft).
    [repo, draft.id, draft.status, draft.fileId, draft.employeeId, draft.seq]
  )
  const first = ahead?.[0]
  if (!ahead || !first) return null

  const employee = first.employeeId === undefined ? undefined : reference.employeesById.get(first.employeeId)
  const leaveType = first.leaveTypePayItemId === undefined ? undefined : reference.leaveTypesById.get(first.leaveTypePayItemId)
  const others = ahead.length - 1
  // Behind a request that is queued or being sent, this one simply goes next; otherwise the clerk must act.
  const waitsForClerk = ahead.some((request) => request.status === 'uncertain' || request.status === 'needs-attention')

  const open = () => {
    const ui = useUiStore.getState()
    // The earlier request must be visible in the list too, whatever filter was on.
    if (ui.statusFilter !== 'working' && ui.statusFilter !== first.status) ui.setStatusFilter('working')
    ui.selectDraft(first.id, { focusEditor: true })
  }

  return (
    <section className={`notice ${waitsForClerk ? 'warning-notice' : 'info-notice'} held-notice`} aria-labelledby="held-notice-title">
      <h3 id="held-notice-title" className="notice-title">
        Waiting for an earlier request
      </h3>
      <p>
        Payroll gets one employee’s requests in the order they were made, so this one waits until this earlier request
        is settled:
      </p>
      <p className="held-request">
        <span>
          <strong>{employee?.displayName ?? `Employee ${first.employeeId}`}</strong>, {leaveType?.name ?? 'leave'},{' '}
          {formatDateRange(first.startDate, first.endDate)}
        </span>
        <StatusBadge status={first.status} />
      </p>
      <p>{WHAT_IT_NEEDS[first.status]}</p>
      {others > 0 && (
        <p>
          {others === 1 ? '1 more request' : `${others} more requests`} for this employee {others === 1 ? 'is' : 'are'} also
          ahead of this one.
        </p>
      )}
      <div className="button-row">
        <button type="button" className="button small" onClick={open}>
          Open the earlier request
        </button>
      </div>
    </section>
  )
}
