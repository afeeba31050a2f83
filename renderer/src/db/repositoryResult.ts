import type { FieldIssue } from '../../../shared/apiSchemas'
import { err, ok, type Result } from '../../../shared/result'
import { draftStatusLabels, type DraftStatus } from '../drafts/draftStatus'
import { DRAFT_TRANSITIONS, type DraftAction } from './draftTransitions'

/**
 * Why an operation did nothing. Refusals are ordinary results, not exceptions: the UI shows the message,
 * and the runner branches on `reason`. When an operation is refused, nothing was written.
 */
export type Refusal =
  | { reason: 'not-found'; message: string }
  | { reason: 'deleted'; message: string }
  | { reason: 'not-editable'; status: DraftStatus; message: string }
  | { reason: 'not-deletable'; status: DraftStatus; message: string }
  | { reason: 'illegal-transition'; action: DraftAction; from: DraftStatus; to: DraftStatus; message: string }
  | { reason: 'invalid'; issues: FieldIssue[]; message: string }
  | { reason: 'still-sending'; message: string }
  /** Approving needs the days: the request has no item lines yet (offer Fill weekdays). */
  | { reason: 'needs-days'; message: string }
  /** A request in payroll that Leave Desk cannot change without reading it first (no Id or version known). */
  | { reason: 'needs-refresh'; message: string }
  /** An operation on a request in payroll, asked of a draft that is not one (or of another record). */
  | { reason: 'not-in-payroll'; message: string }
  /** Keep mine: fields both the clerk and payroll changed differently, by the editor's names; the clerk must choose. */
  | { reason: 'needs-choice'; fields: string[]; message: string }

export type RepoResult<T> = Result<T, Refusal>

export const succeed = <T>(value: T): RepoResult<T> => ok(value)

export const refuse = (refusal: Refusal): { ok: false; error: Refusal } => err(refusal)

export const notFound = (id: string) =>
  refuse({ reason: 'not-found', message: `There is no draft ${id}.` })

export const deleted = () => refuse({ reason: 'deleted', message: 'This draft has been deleted.' })

const WHY_NOT_EDITABLE: Readonly<Record<DraftStatus, string>> = {
  draft: '',
  'needs-attention': '',
  queued: 'This request is queued. Take it out of the queue to change it.',
  sending: 'This request is being sent to payroll and cannot be changed now.',
  synced: 'This request is already in payroll and cannot be changed here.',
  uncertain: 'This request may already be in payroll. Choose "Send again" or "Mark as sent" first.',
  conflict: 'This request was changed in payroll since you read it. Choose “Keep mine” or “Use payroll’s” first.'
}

export const notEditable = (status: DraftStatus) =>
  refuse({ reason: 'not-editable', status, message: WHY_NOT_EDITABLE[status] || 'This request cannot be changed.' })

export const notDeletable = (status: DraftStatus, inPayroll = false) =>
  refuse({
    reason: 'not-deletable',
    status,
    message:
      inPayroll && status !== 'synced'
        ? 'This request is already in payroll; deleting it here would not delete it there. Discard your change instead.'
        : status === 'synced'
        ? 'This request is already in payroll; it stays in the sync history.'
        : 'This request is being sent to payroll and cannot be deleted now.'
  })

export const illegalTransition = (action: DraftAction, from: DraftStatus) => {
  const { to, refused } = DRAFT_TRANSITIONS[action]
  return refuse({ reason: 'illegal-transition', action, from, to, message: `${refused} This one is ${draftStatusLabels[from].toLowerCase()}.` })
}

/** "Send again" while main still has the earlier request of this draft on its way to payroll. */
export const STILL_SENDING_MESSAGE =
  'Leave Desk is still waiting for payroll’s answer to the earlier try. Sending again now could put this request ' +
  'in payroll twice, so “Send again” waits until that answer comes.'

export const stillSending = () => refuse({ reason: 'still-sending', message: STILL_SENDING_MESSAGE })

export const invalid = (issues: FieldIssue[]) =>
  refuse({
    reason: 'invalid',
    issues,
    message: issues.length === 1 ? 'One field needs fixing first.' : `${issues.length} fields need fixing first.`
  })
