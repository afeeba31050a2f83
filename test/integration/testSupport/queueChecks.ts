import { expect } from 'vitest'
import type { DraftsRepository } from '../../../renderer/src/db/draftsRepository'
import type { DraftRecord } from '../../../renderer/src/db/records'
import type { DraftStatus } from '../../../renderer/src/drafts/draftStatus'
import { pickDraftContent } from '../../../renderer/src/drafts/draftContent'
import { MAX_BACKOFF_MS } from '../../../renderer/src/sync/retryBackoff'
import type { SyncRunner, SyncSummary } from '../../../renderer/src/sync/syncTypes'
import type { LeaveRequestRecord } from '../../../shared/leaveRequestSchema'
import type { Sandbox } from '../../../main/sandbox'
import { markerIn, type DemoDraft } from './demoDrafts'
import type { ManualClock } from '../../../main/auth/testSupport/manualClock'
import type { SyncTestbed } from './syncTestbed'
import type { PostLog } from './windowApi'

/** Driving the queue until it has nothing left to do by itself, and the promises it must keep. */

/** True when no draft is in flight and none the queue could send by itself is left (held ones may wait). */
export async function isSettled(repo: DraftsRepository): Promise<boolean> {
  const sending = await repo.db.drafts.where('status').equals('sending').count()
  const sendable = await repo.queue.readyToSend(Number.MAX_SAFE_INTEGER)
  return sending === 0 && sendable.length === 0
}

/**
 * "Sync now" until settled, moving the runner's clock past the longest backoff between runs. Bounded:
 * fails the test rather than looping when the queue does not settle.
 */
export async function syncUntilSettled(
  runner: SyncRunner,
  repo: DraftsRepository,
  clock: ManualClock,
  options: { maxRuns?: number; beforeRun?: () => Promise<void> } = {}
): Promise<SyncSummary[]> {
  const summaries: SyncSummary[] = []
  for (let run = 0; run < (options.maxRuns ?? 12); run += 1) {
    await options.beforeRun?.()
    summaries.push(await runner.syncNow())
    if (await isSettled(repo)) return summaries
    clock.skip(MAX_BACKOFF_MS + 1_000)
  }
  throw new Error(`The queue did not settle: ${JSON.stringify(summaries.at(-1))}`)
}

/** The records payroll holds for a draft, found by its marker. */
export function recordsFor(sandbox: Sandbox, draft: DemoDraft): LeaveRequestRecord[] {
  return sandbox.store.leaveRequests(draft.fileId).filter((record) => markerIn(record.Notes ?? '') === draft.marker)
}

export interface InvariantInput {
  repo: DraftsRepository
  sandbox: Sandbox
  log: PostLog
  drafts: readonly DemoDraft[]
  /** What the (simulated) clerk chose for uncertain drafts: only "Send again" allows another post. */
  clerkChoices?: ReadonlyMap<string, 'send-again' | 'mark-as-sent'>
}

/**
 * The queue's promises, checked draft by draft: nothing lost or altered; exactly one payroll record
 * for each synced draft and none for a draft never sent; a draft whose request went unanswered is
 * uncertain and was not posted again behind the clerk's back. Answers the drafts by status.
 */
export async function expectQueueInvariants(input: InvariantInput): Promise<Record<DraftStatus, DraftRecord[]>> {
  const byStatus: Record<DraftStatus, DraftRecord[]> = { draft: [], queued: [], sending: [], synced: [], 'needs-attention': [], uncertain: [], conflict: [] }
  for (const demo of input.drafts) {
    const stored = await input.repo.getDraft(demo.id)
    expect(stored, `draft ${demo.marker} is lost`).toBeDefined()
    if (!stored) continue
    byStatus[stored.status].push(stored)
    expect(stored.deletedAt, `draft ${demo.marker} was deleted`).toBeUndefined()
    expect(pickDraftContent(stored), `content of ${demo.marker}`).toEqual(pickDraftContent(demo.content))

    const records = recordsFor(input.sandbox, demo)
    const posts = input.log.postsFor(demo.marker)
    expect(records.length, `payroll records for ${demo.marker} (duplicates)`).toBeLessThanOrEqual(1)
    if (posts.length === 0) expect(records, `${demo.marker} was never sent but payroll has it`).toEqual([])
    if (stored.status === 'synced') {
      expect(records.length, `synced ${demo.marker} must be in payroll once`).toBe(1)
      if (stored.serverId !== undefined) expect(records[0]?.Id).toBe(stored.serverId)
      expect(records[0]).toMatchObject({ EmployeeId: demo.employeeId, Notes: demo.content.notes })
    }
    if (stored.status === 'queued' || stored.status === 'needs-attention') {
      expect(records, `${demo.marker} is ${stored.status} but payroll has it`).toEqual([])
    }
    expect(stored.status, `${demo.marker} was left sending`).not.toBe('sending')

    const unanswered = posts.findIndex((post) => post.outcome === 'unknown-outcome')
    const choice = input.clerkChoices?.get(demo.id)
    if (unanswered >= 0 && choice !== 'send-again') {
      expect(posts.length, `${demo.marker} was posted again after an unanswered request`).toBe(unanswered + 1)
      expect(stored.status, `${demo.marker}: its request went unanswered`).toBe(choice === 'mark-as-sent' ? 'synced' : 'uncertain')
    }
    if (stored.status === 'uncertain') expect(posts.at(-1)?.outcome ?? 'interrupted').not.toBe('ok')
  }
  return byStatus
}

/** One employee's records in payroll, in the order of the drafts' creation: their Ids must increase. */
export function expectCreationOrderKept(sandbox: Sandbox, drafts: readonly DemoDraft[]): void {
  const employees = new Set(drafts.map((draft) => `${draft.fileId}/${draft.employeeId}`))
  for (const employee of employees) {
    const ids = drafts
      .filter((draft) => `${draft.fileId}/${draft.employeeId}` === employee)
      .sort((a, b) => a.seq - b.seq)
      .flatMap((draft) => recordsFor(sandbox, draft).map((record) => record.Id))
    expect(ids, `records of employee ${employee} in creation order`).toEqual([...ids].sort((a, b) => a - b))
  }
}

/**
 * After the clerk chose "Send again" for `sentAgainId`: the queue's promises hold with that choice,
 * `synced` drafts are synced, and each employee's requests reached payroll in creation order.
 */
export async function expectSyncedAfterSendAgain(t: SyncTestbed, drafts: readonly DemoDraft[], sentAgainId: string, synced: number): Promise<void> {
  const byStatus = await expectQueueInvariants({
    repo: t.repo,
    sandbox: t.stack.sandbox,
    log: t.bridge.log,
    drafts,
    clerkChoices: new Map([[sentAgainId, 'send-again' as const]])
  })
  expect(byStatus.synced).toHaveLength(synced)
  expectCreationOrderKept(t.stack.sandbox, drafts)
}
