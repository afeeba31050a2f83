import type { DraftContent } from '../drafts/draftContent'
import type { DraftsRepository } from '../db'
import type { Autosaver } from '../autosave/createAutosaver'
import { sequential } from '../../../shared/primitives'
import { duplicatesToLeaveOut, mayQueue } from '../safeguards/duplicateGate'
import { useDuplicatePrompt } from '../safeguards/duplicatePromptStore'
import { info, openDraftId, problem, queuedToast, store } from './actionToasts'
import { createPayrollActions, type PayrollActions, type PayrollApi } from '../inPayroll/payrollActions'
import { createDecisionActions, type DecisionActions } from '../inPayroll/decisionActions'

/**
 * What the clerk can do to drafts, from a button or a shortcut alike. Each action reads the current
 * selection when it runs, and waits for pending autosaves first so it acts on what is on screen.
 */
export interface DraftActions extends PayrollActions, DecisionActions {
  newDraft(): Promise<void>
  duplicate(): Promise<void>
  remove(): Promise<void>
  undoDelete(): Promise<void>
  queue(): Promise<void>
  queueAllValid(): Promise<void>
  unqueue(): Promise<void>
}

export interface DraftActionDeps {
  repo: DraftsRepository
  fileId: number
  autosaver: Autosaver<DraftContent>
  /** Main's payroll calls the In payroll actions make (Refresh reads the request by its Id). */
  api: PayrollApi
  /** Puts the keyboard focus on the drafts list (after a delete, the open draft is gone). */
  focusList: () => void
  /** The duplicate checks before queueing (safeguards/duplicateGate.ts unless a test stands in). */
  duplicates?: DuplicateChecks
}

export interface DuplicateChecks {
  mayQueue(draftId: string): Promise<boolean>
  toLeaveOut(): Promise<{ ids: ReadonlySet<string>; lines: { draftId: string; words: string }[] }>
}


export function createDraftActions(deps: DraftActionDeps): DraftActions {
  return oneAfterAnother({ ...unorderedDraftActions(deps), ...createPayrollActions(deps), ...createDecisionActions(deps) })
}

/** How long an action waits for the one before it: a hung storage call must not freeze every key. */
const MAX_WAIT_FOR_PREVIOUS_MS = 5_000

/**
 * Runs actions in the order the clerk asked for them, each after the previous one has finished. At
 * typing speed Ctrl+N then Ctrl+Enter must queue the NEW draft, not whatever was open while the new one
 * was still being written. A failure is told to the clerk in plain words (buttons and shortcuts fire and
 * forget, so nobody else would), and never stops the actions behind it.
 */
function oneAfterAnother(actions: DraftActions): DraftActions {
  const inOrder = sequential((run: () => Promise<void>) => run().catch(tellClerk), { maxWaitMs: MAX_WAIT_FOR_PREVIOUS_MS })
  return Object.fromEntries(
    Object.entries(actions).map(([name, run]) => [name, (...args: unknown[]) => inOrder(() => (run as (...a: unknown[]) => Promise<void>)(...args))])
  ) as unknown as DraftActions
}

function tellClerk(error: unknown): void {
  const reason = error instanceof Error && error.message ? ` (${error.message})` : ''
  problem(`That did not work: saving on this computer failed${reason}. Try again; if it keeps failing, restart Leave Desk.`)
}

function unorderedDraftActions({ repo, fileId, autosaver, focusList, duplicates: checks }: DraftActionDeps): Omit<DraftActions, keyof PayrollActions | keyof DecisionActions> {
  const duplicateChecks: DuplicateChecks = checks ?? {
    mayQueue: (draftId) => mayQueue(repo, draftId),
    toLeaveOut: () => duplicatesToLeaveOut(repo, fileId)
  }
  /** A draft the clerk has just made must be visible in the list, whatever filter was on. */
  const showInList = () => {
    const { statusFilter, search, setStatusFilter, setSearch } = store()
    if (statusFilter !== 'working' && statusFilter !== 'draft') setStatusFilter('working')
    if (search !== '') setSearch('')
  }

  return {
    async newDraft() {
      const draft = await repo.createDraft(fileId)
      showInList()
      store().selectDraft(draft.id, { focusEditor: true })
    },
    async duplicate() {
      const id = openDraftId()
      if (!id) return
      await autosaver.whenIdle()
      const copy = await repo.duplicateDraft(id)
      if (!copy.ok) return problem(copy.error.message)
      showInList()
      store().selectDraft(copy.value.id, { focusEditor: true })
      info('Duplicated. You are now editing the copy.')
    },
    async remove() {
      const id = openDraftId()
      if (!id) return
      await autosaver.whenIdle()
      const removed = await repo.deleteDraft(id)
      if (!removed.ok) return problem(removed.error.message)
      store().selectDraft(null)
      focusList()
      store().showToast({ message: 'Draft deleted.', tone: 'info', undoDraftId: id })
    },
    async undoDelete() {
      const undo = store().toast?.undo
      if (undo) return undo()
      const id = store().toast?.undoDraftId
      if (!id) return info('There is no delete to undo.')
      const restored = await repo.undoDelete(id)
      if (!restored.ok) return problem(restored.error.message)
      store().selectDraft(id)
      info('Draft restored.')
    },
    async queue() {
      const id = openDraftId()
      if (!id) return
      await autosaver.whenIdle()
      // An exact duplicate waits for the clerk's "Queue anyway" in a dialog, which queues it again.
      if (!(await duplicateChecks.mayQueue(id))) return
      const queued = await repo.queueDraft(id)
      if (queued.ok) return queuedToast(id, QUEUED_WORDS)
      if (queued.error.reason === 'invalid') store().revealIssues(id)
      store().showToast({ tone: 'error', message: queued.error.message, forDraftId: id })
    },
    async queueAllValid() {
      await autosaver.whenIdle()
      const duplicates = await duplicateChecks.toLeaveOut()
      const summary = await repo.queueAllValid(fileId, undefined, duplicates.ids)
      const firstToFix = summary.idsWithIssues[0]
      if (firstToFix) {
        store().selectDraft(firstToFix)
        store().revealIssues(firstToFix)
      }
      info(queueAllMessage(summary.queued, summary.leftWithIssues, summary.heldBack))
      if (duplicates.lines.length > 0) useDuplicatePrompt.getState().show({ kind: 'held-back', held: duplicates.lines })
    },
    async unqueue() {
      const id = openDraftId()
      if (!id) return
      const back = await repo.unqueueDraft(id)
      if (!back.ok) return problem(back.error.message)
      info('Taken out of the queue. You can change it again.')
    }
  }
}

const QUEUED_WORDS = {
  reachable: 'Queued. It is being sent to payroll.',
  unreachable: 'Queued. It will be sent when payroll can be reached.'
}

/** "Queued 3 drafts. 2 need fixing first; the first of them is open." */
export function queueAllMessage(queued: number, leftWithIssues: number, heldBack = 0): string {
  const drafts = (n: number) => `${n} draft${n === 1 ? '' : 's'}`
  if (queued === 0 && leftWithIssues === 0 && heldBack === 0) return 'There are no drafts to queue.'
  const queuedPart =
    (queued === 0 ? 'No drafts queued.' : `Queued ${drafts(queued)}.`) +
    (heldBack === 0 ? '' : ` Held back ${heldBack} possible duplicate${heldBack === 1 ? '' : 's'} or overlap${heldBack === 1 ? '' : 's'}.`)
  if (leftWithIssues === 0) return queuedPart
  const need = leftWithIssues === 1 ? '1 needs fixing first; it is open.' : `${leftWithIssues} need fixing first; the first of them is open.`
  return `${queuedPart} ${need}`
}
