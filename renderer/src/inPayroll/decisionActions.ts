import type { ApiError } from '../../../shared/apiError'
import type { LeaveRequestRecord } from '../../../shared/leaveRequestSchema'
import type { DraftRecord } from '../db'
import { info, openDraftId, problem, store } from '../actions/actionToasts'
import { formatDateRange } from '../format/formatting'
import { useSelection } from '../list/selectionStore'
import type { PayrollActionDeps } from './payrollActions'
import { daysForApproval } from './daysForApproval'
import { UNDO_GRACE_MS, useDecisionPrompt } from './decisionPrompt'
import { useLinkOffer, type LinkOffer } from './linkOffer'

/**
 * The clerk's decisions that ask first and can be undone: Reject (with an optional reason), and Approve
 * or Reject of every ticked request at once. Confirmed, each is written and queued in the ticked order,
 * held from the queue for a few seconds: Undo in that time puts each back and nothing is sent. Also
 * "Open payroll request #…", which reads one request by its number.
 */
export interface DecisionActions {
  reject(): Promise<void>
  approveSelected(): Promise<void>
  rejectSelected(): Promise<void>
  /** The confirmation's "Approve" / "Reject": decides each request, in order, with the reason. */
  decideConfirmed(ids: readonly string[], leaveStatus: 'Approved' | 'Rejected', reason: string): Promise<void>
  /** Reads it; an Uncertain insert with the same employee, leave type and dates is offered to link instead. */
  openPayrollRequest(payrollId: number): Promise<void>
  /** The offer's "Link to my request": the same link Mark as sent makes. */
  linkToUncertain(offer: LinkOffer): Promise<void>
  /** The offer's "Open as a separate request". */
  openAsAnother(offer: LinkOffer): Promise<void>
}

const DECIDED = { Approved: 'Approved', Rejected: 'Rejected' } as const

export function createDecisionActions({ repo, api, autosaver }: PayrollActionDeps & { fileId: number }): DecisionActions {
  const hoursPerDay = () => store().settings?.defaultHoursPerDay ?? 7.6

  const askAbout = async (leaveStatus: 'Approved' | 'Rejected', ids: readonly string[]) => {
    await autosaver.whenIdle()
    const drafts = (await Promise.all(ids.map((id) => repo.getDraft(id)))).filter((d): d is DraftRecord => d !== undefined)
    const inPayroll = drafts.filter((draft) => draft.serverId !== undefined)
    if (inPayroll.length === 0) {
      return info('Approve and Reject are for requests payroll already has: tick requests in payroll (Synced) first.')
    }
    const left = drafts.length - inPayroll.length
    if (left > 0) info(`${left} ticked request${left === 1 ? ' is' : 's are'} not in payroll yet and ${left === 1 ? 'is' : 'are'} left out.`)
    const one = inPayroll.length === 1 ? inPayroll[0] : undefined
    const what = one ? `request #${one.serverId} (${await nameOf(one)}, ${formatDateRange(one.startDate, one.endDate)})` : `${inPayroll.length} requests`
    useDecisionPrompt.getState().show({ leaveStatus, ids: inPayroll.map((draft) => draft.id), what })
  }

  const nameOf = async (draft: DraftRecord) => {
    const employee = draft.employeeId === undefined ? undefined : await repo.getEmployee(draft.fileId, draft.employeeId)
    return employee?.displayName ?? 'an employee not in the list'
  }

  return {
    async reject() {
      const id = openDraftId()
      if (!id) return
      const draft = await repo.getDraft(id)
      if (draft?.serverId === undefined) return info('This request is not in payroll yet: Refresh, Edit, Approve and Reject are for requests payroll already has.')
      if (draft.status === 'synced' && draft.leaveStatus === 'Rejected') return info('Already rejected in payroll.')
      await askAbout('Rejected', [id])
    },
    approveSelected: () => askAbout('Approved', useSelection.getState().ticked),
    rejectSelected: () => askAbout('Rejected', useSelection.getState().ticked),
    async decideConfirmed(ids, leaveStatus, reason) {
      const before: DraftRecord[] = []
      const refused: string[] = []
      // One grace for all, in the repository's clock: the first decision's hold-until is every later
      // one's and the toast's, so none leaves while the one Undo is still offered.
      let holdUntil: number | undefined
      for (const id of ids) {
        const draft = await repo.getDraft(id)
        if (!draft) continue
        const days = leaveStatus === 'Approved' && draft.items.length === 0 ? await daysForApproval(repo.db, draft, hoursPerDay()) : undefined
        const hold = holdUntil === undefined ? { holdMs: UNDO_GRACE_MS } : { holdUntil }
        const decided = await repo.inPayroll.decide(id, leaveStatus, undefined, { reason, ...hold, ...(days ? { days } : {}) })
        if (!decided.ok) {
          refused.push(`#${draft.serverId}: ${decided.error.message}`)
          continue
        }
        before.push(draft)
        holdUntil ??= decided.value.nextAttemptAt
      }
      if (before.length > 0) useSelection.getState().clear()
      if (refused.length > 0) {
        return problem(`${before.length} ${DECIDED[leaveStatus].toLowerCase()}; ${refused.length} could not be: ${refused.join(' ')}`)
      }
      if (holdUntil === undefined) return
      const count = before.length === 1 ? 'It goes' : `${before.length} requests go`
      store().showToast({
        tone: 'info',
        message: `${DECIDED[leaveStatus]}. ${count} to payroll in ${UNDO_GRACE_MS / 1000} seconds; Undo keeps ${before.length === 1 ? 'it' : 'them'} as ${before.length === 1 ? 'it was' : 'they were'}.`,
        undo: () => undoAll(before),
        undoUntil: holdUntil
      })
    },
    async openPayrollRequest(payrollId) {
      const fileId = store().openFileId
      if (fileId === null) return
      const read = await api.getLeaveRequest(fileId, payrollId)
      if (!read.ok) return problem(whyNotOpened(read.error, payrollId))
      const like = await repo.inPayroll.uncertainLike(fileId, read.value)
      if (like) {
        const what = `${await nameOf(like)}, ${formatDateRange(like.startDate, like.endDate)}`
        return useLinkOffer.getState().setOffer({ fileId, record: read.value, draftId: like.id, what })
      }
      await keepOpened(fileId, read.value)
    },
    async linkToUncertain(offer) {
      const linked = await repo.inPayroll.linkUncertain(offer.draftId, offer.record)
      if (!linked.ok) return problem(linked.error.message)
      showInList(linked.value)
      info(`Linked: your request is request #${offer.record.Id} in payroll. Nothing was sent again.`)
    },
    openAsAnother: (offer) => keepOpened(offer.fileId, offer.record)
  }

  /** Payroll's request kept here as its own request, and shown. */
  async function keepOpened(fileId: number, record: LeaveRequestRecord) {
    const opened = await repo.inPayroll.openFromPayroll(fileId, record)
    if (!opened.ok) return problem(opened.error.message)
    showInList(opened.value.draft)
    info(opened.value.alreadyHere ? `Request #${record.Id} was already here: it is open.` : `Opened request #${record.Id} from payroll.`)
  }

  function showInList(draft: DraftRecord) {
    const { setStatusFilter, setSearch, selectDraft } = store()
    setSearch('')
    setStatusFilter(draft.status === 'synced' ? 'synced' : 'working')
    selectDraft(draft.id)
  }

  async function undoAll(before: readonly DraftRecord[]) {
    const tooLate: number[] = []
    // Last decided first, so a lane's earlier request is never left queued behind one put back.
    for (const draft of [...before].reverse()) {
      const undone = await repo.inPayroll.undoDecision(draft.id, draft)
      if (!undone.ok && draft.serverId !== undefined) tooLate.push(draft.serverId)
    }
    if (tooLate.length === 0) return info(before.length === 1 ? 'Undone: nothing was sent to payroll.' : `Undone: none of the ${before.length} requests was sent to payroll.`)
    problem(`Too late to undo ${tooLate.map((id) => `#${id}`).join(', ')}: already on its way to payroll. The others were undone.`)
  }
}

/** Why "Open payroll request #…" could not read it, in plain words. */
function whyNotOpened(error: ApiError, payrollId: number): string {
  switch (error.code) {
    case 'not-found':
      return `Payroll has no request #${payrollId} in this business. Check the number.`
    case 'signed-out':
    case 'unauthorized':
      return 'You are signed out of payroll. Sign in again, then open the request.'
    case 'network':
    case 'unavailable':
    case 'rate-limited':
    case 'server':
    case 'unknown-outcome':
      return 'Payroll can’t be reached right now, so the request could not be read. Try again when payroll is back.'
    default:
      return `Payroll did not let Leave Desk read request #${payrollId}: ${error.message}`
  }
}
