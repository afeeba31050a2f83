import { describe, expect, it } from 'vitest'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import { canMove } from './draftTransitions'
import { draftInStatus } from './testSupport/draftInStatus'
import { openTestDb, testRepository } from './testSupport/openTestDb'

describe('the transitions table', () => {
  it('allows exactly the moves of docs/architecture.md "Draft states"', () => {
    const allowed = DRAFT_STATUSES.flatMap((from) =>
      DRAFT_STATUSES.filter((to) => canMove(from, to)).map((to) => `${from} → ${to}`)
    )
    expect(allowed.sort()).toEqual(
      [
        'draft → queued',
        'queued → draft',
        'queued → sending',
        'queued → needs-attention',
        'sending → synced',
        'sending → queued',
        'sending → needs-attention',
        'sending → uncertain',
        'needs-attention → queued',
        'uncertain → queued',
        'uncertain → synced',
        // Requests already in payroll: edit, conflict, keepMine, usePayroll
        'synced → draft',
        'sending → conflict',
        'draft → conflict',
        'queued → conflict',
        'needs-attention → conflict',
        'conflict → queued',
        'conflict → synced',
        'draft → synced',
        'queued → synced',
        'needs-attention → synced'
      ].sort()
    )
  })
})

describe('illegal moves through the repository', () => {
  async function attempt(status: DraftStatus, move: (repo: ReturnType<typeof testRepository>, id: string) => Promise<unknown>) {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    const draft = await draftInStatus(repo, status)
    const attemptsBefore = await db.attempts.toArray()
    const result = await move(repo, draft.id)
    return { result, unchanged: (await repo.getDraft(draft.id)) ?? null, draft, attemptsBefore, db }
  }

  it.each<[string, DraftStatus, (repo: ReturnType<typeof testRepository>, id: string) => Promise<unknown>]>([
    ['queue a synced request', 'synced', (repo, id) => repo.queueDraft(id)],
    ['queue a request being sent (only the runner puts it back)', 'sending', (repo, id) => repo.queueDraft(id)],
    ['queue an uncertain request (only "Send again" may)', 'uncertain', (repo, id) => repo.queueDraft(id)],
    ['unqueue a request being sent', 'sending', (repo, id) => repo.unqueueDraft(id)],
    ['unqueue a synced request', 'synced', (repo, id) => repo.unqueueDraft(id)],
    ['claim a plain draft for sending', 'draft', (repo, id) => repo.queue.claim(id)],
    ['claim an uncertain request for sending (never re-sent by itself)', 'uncertain', (repo, id) => repo.queue.claim(id)],
    [
      'record a success for a request that was never sent',
      'queued',
      (repo, id) => repo.queue.recordOutcome(id, { kind: 'synced', serverId: 1 })
    ],
    [
      'record an uncertain outcome for a synced request',
      'synced',
      (repo, id) => repo.queue.recordOutcome(id, { kind: 'uncertain', error: { code: 'unknown-outcome', message: '?' } })
    ],
    ['send again a request that is not uncertain', 'needs-attention', (repo, id) => repo.sendAgain(id)],
    ['mark as sent a request that is still being sent', 'sending', (repo, id) => repo.queue.markSent(id, { serverId: 1 })]
  ])('refuses to %s and changes nothing', async (_label, status, move) => {
    const { result, unchanged, draft, attemptsBefore, db } = await attempt(status, move)
    expect(result).toMatchObject({ ok: false, error: { reason: 'illegal-transition', from: status } })
    expect(unchanged).toEqual(draft)
    expect(await db.attempts.toArray()).toEqual(attemptsBefore)
  })
})
