import type { ApiError } from '../../../shared/apiError'
import type { LeaveDeskApi } from '../../../shared/ipc'
import type { Autosaver } from '../autosave/createAutosaver'
import type { DraftRecord, DraftsRepository } from '../db'
import type { DraftContent } from '../drafts/draftContent'
import { info, openDraftId, problem, queuedToast, store } from '../actions/actionToasts'
import { useInPayrollStore } from './inPayrollStore'
import { fitToDates } from '../safeguards/dayRules'
import { fileDayRules } from '../safeguards/fileDayRules'

/**
 * What the clerk can do to a request already in payroll, from a button or its key alike: read it again
 * (Refresh), change it (Edit), approve it (Reject asks first: decisionActions.ts), and settle a change payroll overtook (Keep
 * mine, Use payroll's; Discard my change). Each acts on the open request.
 */
export interface PayrollActions {
  refreshFromPayroll(): Promise<void>
  editInPayroll(): Promise<void>
  approve(): Promise<void>
  discardChange(): Promise<void>
  keepMine(): Promise<void>
  usePayroll(): Promise<void>
}

export type PayrollApi = Pick<LeaveDeskApi, 'getLeaveRequest'>

export interface PayrollActionDeps {
  repo: DraftsRepository
  api: PayrollApi
  autosaver: Autosaver<DraftContent>
  now?: () => number
}

const NOT_IN_PAYROLL = 'This request is not in payroll yet: Refresh, Edit, Approve and Reject are for requests payroll already has.'

const DECIDED_WORDS = {
  Approved: {
    reachable: 'Approved. Sending it to payroll.',
    unreachable: 'Approved. It will be sent to payroll when payroll can be reached.'
  }
} as const

/** The first of a field's two choices in the conflict view, which a Keep mine still needing an answer focuses. */
export const keepChoiceId = (field: string) => `keep-choice-${field}`

const KEPT_WORDS = {
  reachable: 'Kept your change. Sending it to payroll over payroll’s version.',
  unreachable: 'Kept your change. It will be sent to payroll when payroll can be reached.'
}

export function createPayrollActions({ repo, api, autosaver, now = Date.now }: PayrollActionDeps): PayrollActions {
  /** The open request, after its pending autosave, if it is in payroll; otherwise null after saying why. */
  const openRequestInPayroll = async (): Promise<DraftRecord | null> => {
    const id = openDraftId()
    if (!id) return null
    await autosaver.whenIdle()
    const draft = await repo.getDraft(id)
    if (!draft) return null
    if (draft.serverId === undefined) {
      info(NOT_IN_PAYROLL)
      return null
    }
    return draft
  }

  const decide = async (leaveStatus: 'Approved') => {
    const draft = await openRequestInPayroll()
    if (!draft) return
    if (draft.status === 'synced' && draft.leaveStatus === leaveStatus) return info(`Already ${leaveStatus.toLowerCase()} in payroll.`)
    const decided = await repo.inPayroll.decide(draft.id, leaveStatus)
    if (decided.ok) {
      useInPayrollStore.getState().askForDays(null)
      return queuedToast(draft.id, DECIDED_WORDS[leaveStatus])
    }
    if (decided.error.reason !== 'needs-days') return problem(decided.error.message)
    // Payroll needs an approved request's days: the editor asks for them. A request still in payroll is
    // opened as a change with the approval set, in one transaction, so the editor never opens on it before
    // its approval is in it; a change already open sets the approval in its own editor (DraftForm).
    if (draft.status === 'synced') {
      const { db } = repo
      const opened = await db.transaction('rw', db.drafts, db.counters, async () => {
        const editing = await repo.inPayroll.startEdit(draft.id)
        return editing.ok ? repo.updateDraft(draft.id, { leaveStatus }) : editing
      })
      if (!opened.ok) return problem(opened.error.message)
    }
    useInPayrollStore.getState().askForDays(draft.id)
    store().selectDraft(draft.id, { focusEditor: true })
  }

  return {
    async refreshFromPayroll() {
      const draft = await openRequestInPayroll()
      if (!draft?.serverId) return
      const answer = await api.getLeaveRequest(draft.fileId, draft.serverId)
      if (!answer.ok) return problem(whyNotRead(answer.error, draft.serverId))
      const at = now()
      const applied = await repo.inPayroll.applyRefresh(draft.id, answer.value, at)
      if (!applied.ok) return problem(applied.error.message)
      useInPayrollStore.getState().refreshed({
        draftId: draft.id,
        at,
        since: draft.inPayroll?.readAt ?? draft.syncedAt,
        changes: applied.value.changes
      })
      if (applied.value.draft.status === 'conflict') {
        problem('Changed in payroll since you read it. Compare the two versions and choose which to keep.')
      } else info(applied.value.changes.length === 0 ? 'No changes in payroll.' : 'Read again from payroll: see what changed.')
    },
    async editInPayroll() {
      const draft = await openRequestInPayroll()
      if (!draft) return
      if (draft.status !== 'synced') return info('This request is already open as a change: edit it below.')
      const editing = await repo.inPayroll.startEdit(draft.id)
      if (!editing.ok) return problem(editing.error.message)
      useInPayrollStore.getState().refreshed(null)
      store().selectDraft(draft.id, { focusEditor: true })
    },
    approve: () => decide('Approved'),
    async discardChange() {
      const draft = await openRequestInPayroll()
      if (!draft) return
      const dropped = await repo.inPayroll.usePayroll(draft.id)
      if (!dropped.ok) return problem(dropped.error.message)
      useInPayrollStore.getState().askForDays(null)
      info('Your change was discarded. This is payroll’s version again.')
    },
    async keepMine() {
      const draft = await openRequestInPayroll()
      if (!draft) return
      const answered = useInPayrollStore.getState().conflictAnswers
      // Days refitted to moved dates always by the shared calculation, whether or not the conflict view
      // (which passes its own) is on screen: never merely trimmed, which would drop an approval's days.
      const rules = await fileDayRules(repo.db, draft.fileId, store().settings?.defaultHoursPerDay ?? 7.6)
      const answers = answered?.draftId === draft.id ? answered.answers : { choices: {} }
      const kept = await repo.inPayroll.keepMine(draft.id, { fitDays: (content) => fitToDates(rules, content), ...answers })
      if (!kept.ok) {
        if (kept.error.reason === 'needs-choice') document.getElementById(keepChoiceId(kept.error.fields[0] ?? ''))?.focus()
        return problem(kept.error.message)
      }
      queuedToast(draft.id, KEPT_WORDS)
    },
    async usePayroll() {
      const draft = await openRequestInPayroll()
      if (!draft) return
      const used = await repo.inPayroll.usePayroll(draft.id)
      if (!used.ok) return problem(used.error.message)
      info('Using payroll’s version. Your change was dropped; nothing is sent.')
    }
  }
}

/** Why Refresh could not read the request, in plain words. */
function whyNotRead(error: ApiError, serverId: number): string {
  switch (error.code) {
    case 'network':
    case 'unavailable':
    case 'rate-limited':
    case 'server':
    case 'unknown-outcome':
      return 'Payroll can’t be reached right now, so the request was not read again. Try Refresh when payroll is back.'
    case 'not-found':
      return `Payroll no longer has request #${serverId}.`
    case 'signed-out':
    case 'unauthorized':
      return 'You are signed out of payroll. Sign in again, then Refresh.'
    default:
      return `Payroll did not let Leave Desk read request #${serverId}: ${error.message}`
  }
}
