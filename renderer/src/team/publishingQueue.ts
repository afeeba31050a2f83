import type { DraftsRepository } from '../db'

/**
 * The one place where the queue records what happened to a request that left: its outcome, payroll's
 * late answer after a reload, the clerk's "Mark as sent". Each, once recorded, is told to `onRecorded`
 * (the team ledger's publisher), after the draft's own transaction, so the ledger can never hold a
 * request back or undo what the queue wrote. Approvals, rejections and edits are PUTs whose outcome is
 * recorded here too.
 */
export function observeRecordedOutcomes(repo: DraftsRepository, onRecorded: (draftId: string) => void): void {
  const { queue } = repo
  const recordOutcome = queue.recordOutcome
  const recordLateAnswer = queue.recordLateAnswer
  const markSent = queue.markSent
  const claim = queue.claim
  const tell = (draftId: string) => {
    try {
      onRecorded(draftId)
    } catch (error) {
      console.warn('The team ledger was not told of a recorded outcome:', error)
    }
  }
  queue.recordOutcome = async (id, outcome) => {
    const recorded = await recordOutcome(id, outcome)
    if (recorded.ok) tell(id)
    return recorded
  }
  // A lane's acceptance is written in its next claim's transaction, before the claim (ClaimOptions.recordFirst).
  queue.claim = async (id, options) => {
    const claimed = await claim(id, options)
    if (options?.recordFirst) tell(options.recordFirst.sent.id)
    return claimed
  }
  queue.recordLateAnswer = async (id, attempt, outcome) => {
    const applied = await recordLateAnswer(id, attempt, outcome)
    if (applied) tell(id)
    return applied
  }
  queue.markSent = async (id, result) => {
    const marked = await markSent(id, result)
    if (marked.ok) tell(id)
    return marked
  }
}
