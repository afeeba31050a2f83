import type { LeaveDeskDb } from '../leaveDeskDb'
import type { DraftRecord, EpochMs, UnconfirmedUpdate } from '../records'
import type { RepositoryDeps } from '../repositoryDeps'
import type { RepoResult } from '../repositoryResult'
import type { SyncedResult } from '../syncHistory'
import { markUpdateLeaving } from './claimUpdate'
import { claimDraft, type ClaimOptions, type ClaimResult } from './queueClaim'
import { forgetRecordedAnswer, markSent, recordLateAnswer, recordSendOutcome, settleUnrecorded, type Acceptance, type SendOutcome, type StillOut, type UnrecordedOutcomes } from './queueOutcomes'
import * as reads from './queueReads'

/**
 * The one owner of the queue's persistence: what may go now and what waits behind what (one lane key,
 * queueLanes.ts), the claim, the outcomes, the recovery of interrupted sends, and payroll's acceptances
 * the database refused to record (kept here, per store, until they are recorded).
 *
 * Two connections: `db`, shared with the screens, and `claimDb`, the connection claims go through. In the
 * app that is a second connection with strict durability: if a power cut lost a claim after its request
 * went out, the draft would be queued again and posted twice.
 */
export interface QueueStore {
  readonly claimDb: LeaveDeskDb
  dueDrafts(now: EpochMs): Promise<DraftRecord[]>
  readyToSend(now?: EpochMs): Promise<DraftRecord[]>
  /** The earlier requests of the same lane that hold `draft` back, oldest first. */
  requestsAhead(draft: DraftRecord): Promise<DraftRecord[]>
  countWaiting(): Promise<number>
  countHeld(): Promise<number>
  signal(): Promise<{ waiting: number; changes: number[] }>
  nextWakeAt(): Promise<EpochMs | undefined>
  /** Queued → sending with the body built and checked, committed before this resolves (queueClaim.ts). */
  claim(id: string, options?: ClaimOptions): Promise<ClaimResult>
  recordOutcome(id: string, outcome: SendOutcome): Promise<RepoResult<DraftRecord>>
  /** An update about to be PUT after a check: written as unconfirmed first (claimUpdate.ts); false → send nothing. */
  markUpdateLeaving(id: string, update: UnconfirmedUpdate): Promise<boolean>
  /**
   * Payroll answered but the database refused to record it: kept here until the next recovery (or the next send, for
   * an acceptance) records it: a request payroll accepted is never posted again, nor left 'sending' for want of its answer.
   */
  rememberOutcome(id: string, outcome: SendOutcome): void
  /** How many answers wait to be recorded (more than none: this computer's storage is failing). */
  unrecordedCount(): number
  /** Tries to record those answers now (no lock needed: it touches only drafts this page was sending). */
  recordUnrecorded(): Promise<number>
  /** At start-up and before each run, under the runner's lock: drafts still 'sending' become uncertain, bar inserts main has out (`stillOut`). */
  recoverInterruptedSends(stillOut?: StillOut): Promise<number>
  /** Payroll's late answer to an attempt recovered as interrupted (queueOutcomes.ts); true when applied. */
  recordLateAnswer(id: string, attempt: number, outcome: SendOutcome): Promise<boolean>
  /** The clerk's "Mark as sent" for an uncertain draft. */
  markSent(id: string, result?: SyncedResult): Promise<RepoResult<DraftRecord>>
}

export function createQueueStore(db: LeaveDeskDb, claimDb: LeaveDeskDb, deps: Pick<RepositoryDeps, 'now'>): QueueStore {
  const unrecorded: UnrecordedOutcomes = new Map()
  let claimsUnderWay: Promise<unknown> = Promise.resolve()
  const acceptanceOf = (id: string): Acceptance | undefined => {
    const held = unrecorded.get(id)
    return held?.kind === 'synced' ? held : undefined
  }
  return {
    claimDb,
    dueDrafts: (now) => reads.dueDrafts(db, now),
    readyToSend: (now = deps.now()) => reads.readyToSend(db, now),
    requestsAhead: (draft) => reads.requestsAhead(db, draft),
    countWaiting: () => reads.countWaiting(db),
    countHeld: () => reads.countHeld(db),
    signal: () => reads.queueSignal(db),
    nextWakeAt: () => reads.nextWakeAt(db),
    async claim(id, options = {}) {
      // One at a time, as the database runs them anyway: a keystroke's save waits behind one claim, not every lane's.
      const claiming = claimsUnderWay.then(() => claimDraft(claimDb, { now: deps.now, acceptanceOf }, id, options))
      claimsUnderWay = claiming.catch(() => undefined)
      const claimed = await claiming
      if (options.recordFirst) forgetRecordedAnswer(unrecorded, options.recordFirst.sent.id, options.recordFirst.outcome)
      return claimed
    },
    recordOutcome: (id, outcome) => recordSendOutcome(db, deps, unrecorded, id, outcome),
    markUpdateLeaving: (id, update) => markUpdateLeaving(claimDb, id, update),
    rememberOutcome: (id, outcome) => void unrecorded.set(id, outcome),
    unrecordedCount: () => unrecorded.size,
    recordUnrecorded: () => settleUnrecorded(db, deps, unrecorded),
    recoverInterruptedSends: (stillOut = () => false) => settleUnrecorded(db, deps, unrecorded, stillOut),
    recordLateAnswer: (id, attempt, outcome) => recordLateAnswer(db, deps, id, attempt, outcome),
    markSent: (id, result) => markSent(db, deps, unrecorded, id, result)
  }
}
