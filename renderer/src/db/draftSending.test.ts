import { IDBObjectStore } from 'fake-indexeddb'
import { describe, expect, it, vi } from 'vitest'
import { DRAFT_STATUSES } from '../drafts/draftStatus'
import { INTERRUPTED_MESSAGE } from './queue'
import type { DraftRecord } from './records'
import { draftInStatus } from './testSupport/draftInStatus'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository, validContent } from './testSupport/openTestDb'

async function setup() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
  return { db, repo }
}

describe('start-up recovery', () => {
  it('turns only drafts found sending into uncertain, explaining why, and leaves every other state alone', async () => {
    const { repo } = await setup()
    const drafts = await Promise.all(DRAFT_STATUSES.map((status) => draftInStatus(repo, status)))
    const secondSending = await draftInStatus(repo, 'sending')

    expect(await repo.queue.recoverInterruptedSends()).toBe(2)

    for (const draft of drafts) {
      const stored = await repo.getDraft(draft.id)
      if (draft.status === 'sending') {
        expect(stored).toMatchObject({
          status: 'uncertain',
          lastError: { code: 'unknown-outcome', message: INTERRUPTED_MESSAGE }
        })
      } else {
        expect(stored).toEqual(draft)
      }
    }
    expect((await repo.getDraft(secondSending.id))?.status).toBe('uncertain')
    expect((await repo.listAttempts(secondSending.id)).map((a) => a.outcome)).toEqual(['interrupted'])
    expect(await repo.queue.recoverInterruptedSends()).toBe(0)
  })
})

describe('the clerk’s choices for an uncertain request', () => {
  it('"Mark as sent" makes it synced and writes the sync history with payroll’s Id and display names', async () => {
    const { repo } = await setup()
    const draft = await draftInStatus(repo, 'uncertain')
    const result = await repo.queue.markSent(draft.id, { serverId: 4242, lastModifiedDateUtc: '2026-03-02T10:00:00Z' })
    expect(result).toMatchObject({ ok: true, value: { status: 'synced', serverId: 4242 } })
    expect(await repo.listSyncHistory(FILE_ID)).toEqual([
      {
        draftId: draft.id,
        fileId: FILE_ID,
        serverId: 4242,
        lastModifiedDateUtc: '2026-03-02T10:00:00Z',
        syncedAt: expect.any(Number),
        markedByClerk: true,
        employeeId: 11,
        employeeName: 'Aroha Ngata',
        leaveTypeName: 'Annual Leave',
        leaveStatus: 'Approved',
        startDate: '2026-03-02',
        endDate: '2026-03-04',
        totalHours: 22.8
      }
    ])
    expect(await repo.listDrafts(FILE_ID)).toEqual([])
    expect((await repo.listDrafts(FILE_ID, { status: 'synced' })).map((d) => d.id)).toEqual([draft.id])
  })

  it('"Mark as sent" works without the Id when the clerk does not know it', async () => {
    const { repo } = await setup()
    const draft = await draftInStatus(repo, 'uncertain')
    expect((await repo.queue.markSent(draft.id)).ok).toBe(true)
    const [record] = await repo.listSyncHistory(FILE_ID)
    expect(record).toMatchObject({ draftId: draft.id, markedByClerk: true })
    expect(record).not.toHaveProperty('serverId')
  })

  it('"Send again" queues it afresh, due now, with the old message cleared', async () => {
    const { repo } = await setup()
    const draft = await draftInStatus(repo, 'uncertain')
    const result = await repo.sendAgain(draft.id)
    expect(result).toMatchObject({ ok: true, value: { status: 'queued', attempts: 1 } })
    expect(await repo.getDraft(draft.id)).not.toHaveProperty('lastError')
    expect((await repo.queue.readyToSend()).map((d) => d.id)).toEqual([draft.id])
  })
})

describe('the runner’s outcomes', () => {
  it('on success: synced with the server’s Id, one "ok" attempt, and a sync history record', async () => {
    const { repo } = await setup()
    const draft = await draftInStatus(repo, 'queued')
    const claimed = await repo.queue.claim(draft.id)
    expect(claimed).toMatchObject({ ok: true, value: { draft: { status: 'sending', attempts: 1, sentAt: expect.any(Number) } } })
    await repo.queue.recordOutcome(draft.id, { kind: 'synced', serverId: 77, lastModifiedDateUtc: 'lm' })
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'synced', serverId: 77, lastModifiedDateUtc: 'lm' })
    expect(await repo.listAttempts(draft.id)).toMatchObject([{ outcome: 'ok' }])
    expect(await repo.listSyncHistory(FILE_ID)).toMatchObject([{ draftId: draft.id, serverId: 77, markedByClerk: false }])
  })

  it('on a passing failure: back in the queue, not due until the backoff is over', async () => {
    const { repo } = await setup()
    const draft = await draftInStatus(repo, 'sending')
    const retryAt = draft.sentAt! + 60_000
    await repo.queue.recordOutcome(draft.id, {
      kind: 'retry',
      error: { code: 'unavailable', message: 'Payroll is down for maintenance.', status: 503 },
      nextAttemptAt: retryAt
    })
    expect(await repo.getDraft(draft.id)).toMatchObject({
      status: 'queued',
      nextAttemptAt: retryAt,
      lastError: { code: 'unavailable' }
    })
    expect(await repo.queue.readyToSend(retryAt - 1)).toEqual([])
    expect((await repo.queue.readyToSend(retryAt)).map((d) => d.id)).toEqual([draft.id])
    expect(await repo.listAttempts(draft.id)).toMatchObject([{ outcome: 'unavailable', httpStatus: 503 }])
  })

  it('on a pause (signed out): back in the queue without the attempt counting against the draft', async () => {
    const { repo } = await setup()
    const draft = await draftInStatus(repo, 'sending')
    expect(draft.attempts).toBe(1)
    await repo.queue.recordOutcome(draft.id, {
      kind: 'retry',
      error: { code: 'signed-out', message: 'Your session has ended.' },
      nextAttemptAt: draft.sentAt!,
      countsAsAttempt: false
    })
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'queued', attempts: 0, lastError: { code: 'signed-out' } })
    expect(await repo.listAttempts(draft.id)).toMatchObject([{ outcome: 'signed-out' }])
  })

  it('on a refusal: needs attention, with the server’s messages on the editor’s fields', async () => {
    const { repo } = await setup()
    const draft = await draftInStatus(repo, 'sending')
    await repo.queue.recordOutcome(draft.id, {
      kind: 'needs-attention',
      error: {
        code: 'validation',
        message: 'The request has problems.',
        status: 400,
        fieldIssues: [{ field: 'Items[1].Hours', message: 'Too many hours.' }]
      }
    })
    expect(await repo.getDraft(draft.id)).toMatchObject({
      status: 'needs-attention',
      lastError: { code: 'validation', fieldIssues: [{ field: 'items.1.hours', message: 'Too many hours.' }] }
    })
  })

  it('keeps every attempt of a draft in order', async () => {
    const { repo } = await setup()
    const draft = await draftInStatus(repo, 'sending')
    const error = { code: 'network' as const, message: 'Could not connect.' }
    await repo.queue.recordOutcome(draft.id, { kind: 'retry', error, nextAttemptAt: 0 })
    await repo.queue.claim(draft.id)
    await repo.queue.recordOutcome(draft.id, { kind: 'uncertain', error: { code: 'unknown-outcome', message: 'Reset.' } })
    expect((await repo.listAttempts(draft.id)).map((a) => a.outcome)).toEqual(['network', 'unknown-outcome'])
    expect((await repo.getDraft(draft.id))?.attempts).toBe(2)
  })
})

describe('which queued drafts are ready to send', () => {
  it('sends one employee’s requests strictly in creation order, other employees alongside', async () => {
    const { repo } = await setup()
    const arohaFirst = await repo.createDraft(FILE_ID, validContent())
    const bruno = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    const arohaSecond = await repo.createDraft(FILE_ID, validContent())
    // queued out of order: the second before the first
    await repo.queueDraft(arohaSecond.id)
    await repo.queueDraft(bruno.id)
    await repo.queueDraft(arohaFirst.id)

    expect((await repo.queue.readyToSend()).map((d) => d.id)).toEqual([arohaFirst.id, bruno.id])
    await repo.queue.claim(arohaFirst.id)
    expect((await repo.queue.readyToSend()).map((d) => d.id)).toEqual([bruno.id])
    await repo.queue.recordOutcome(arohaFirst.id, { kind: 'synced', serverId: 1 })
    expect((await repo.queue.readyToSend()).map((d) => d.id)).toEqual([bruno.id, arohaSecond.id])
  })

  it('holds a later request back while an earlier one of the same employee needs attention, unless deleted', async () => {
    const { repo } = await setup()
    const earlier = await draftInStatus(repo, 'needs-attention')
    const later = await draftInStatus(repo, 'queued')
    expect(await repo.queue.readyToSend()).toEqual([])
    expect(await repo.queue.requestsAhead(later)).not.toEqual([])
    await repo.deleteDraft(earlier.id)
    expect((await repo.queue.readyToSend()).map((d) => d.id)).toEqual([later.id])
  })
})

describe('the runner’s claim with its checks, in one transaction', () => {
  const LATER = Number.MAX_SAFE_INTEGER

  it('claims a due draft first in line: sending, the attempt counted, committed, and the body built once', async () => {
    const { db } = await setup()
    let time = 1
    const repo = testRepository(db, () => time)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
    const draft = await draftInStatus(repo, 'queued')
    time = 5
    const claim = await repo.queue.claim(draft.id, { now: LATER, offsetMinutesOf: () => 600 })
    expect(claim).toMatchObject({
      ok: true,
      value: { draft: { status: 'sending', attempts: 1, sentAt: 5 }, body: { EmployeeId: 11, StartDate: '2026-03-02T00:00:00+10:00' } }
    })
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'sending', attempts: 1, sentAt: 5 })
  })

  it('skips, writing nothing, a draft not due, not queued, deleted, or held behind an earlier one', async () => {
    const { repo } = await setup()
    const notDue = await draftInStatus(repo, 'queued')
    expect(await repo.queue.claim(notDue.id, { now: 0 })).toMatchObject({ ok: false, error: { reason: 'not-now' } })
    const sending = await draftInStatus(repo, 'sending')
    const held = await draftInStatus(repo, 'queued')
    const deleted = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    await repo.queueDraft(deleted.id)
    await repo.deleteDraft(deleted.id)
    expect(await repo.queue.claim(held.id, { now: LATER })).toMatchObject({ ok: false, error: { reason: 'not-now' } })
    expect(await repo.queue.claim(sending.id, { now: LATER })).toMatchObject({ ok: false, error: { reason: 'illegal-transition' } })
    expect(await repo.queue.claim(deleted.id, { now: LATER })).toMatchObject({ ok: false, error: { reason: 'deleted' } })
    expect(await repo.queue.claim('no-such-draft', { now: LATER })).toMatchObject({ ok: false, error: { reason: 'not-found' } })
    expect(await repo.getDraft(notDue.id)).toMatchObject({ status: 'queued', attempts: 0 })
    expect(await repo.getDraft(held.id)).toMatchObject({ status: 'queued', attempts: 0 })
    expect(await repo.getDraft(sending.id)).toMatchObject({ status: 'sending', attempts: 1 })
  })

  it('holds a draft moved to another employee since the batch listed it behind that employee’s earlier request', async () => {
    const { repo } = await setup()
    const brunoEarlier = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    const listed = await draftInStatus(repo, 'queued')
    await repo.queueDraft(brunoEarlier.id)
    // The clerk takes the listed draft back, gives it to Bruno and queues it again before its claim.
    await repo.unqueueDraft(listed.id)
    await repo.updateDraft(listed.id, { employeeId: 12 })
    await repo.queueDraft(listed.id)

    expect(await repo.queue.claim(listed.id, { now: LATER, listed })).toMatchObject({ ok: false, error: { reason: 'not-now' } })
    expect(await repo.getDraft(listed.id)).toMatchObject({ status: 'queued', attempts: 0 })
    expect(await repo.queue.claim(brunoEarlier.id, { now: LATER, listed: brunoEarlier })).toMatchObject({ ok: true })
  })

  it('with the lane’s previous acceptance: both or neither — the earlier one synced and not counted ahead, or, refused, nothing kept', async () => {
    const { repo } = await setup()
    const earlier = await draftInStatus(repo, 'sending')
    const later = await draftInStatus(repo, 'queued')
    const names = { employeeName: 'Aroha Ngata (as claimed)', leaveTypeName: 'Annual Leave (as claimed)' }
    const accepted = { sent: earlier, names, outcome: { kind: 'synced', serverId: 61 } } as const
    // Without the names its own claim read, its record would have to read them before writing: not in
    // this one round trip, so the claim keeps nothing and throws, for the runner to write it alone.
    const { names: _none, ...unnamed } = accepted
    await expect(repo.queue.claim(later.id, { now: LATER, listed: later, recordFirst: unnamed })).rejects.toThrow()
    expect(await repo.getDraft(earlier.id)).toMatchObject({ status: 'sending' })

    expect(await repo.queue.claim(later.id, { now: LATER, listed: later, recordFirst: accepted })).toMatchObject({ ok: true })
    expect(await repo.getDraft(earlier.id)).toMatchObject({ status: 'synced', serverId: 61 })
    // Its history names, those its own claim read.
    expect(await repo.listSyncHistory(FILE_ID)).toMatchObject([{ draftId: earlier.id, serverId: 61, ...names }])
    expect(await repo.getDraft(later.id)).toMatchObject({ status: 'sending', attempts: 1 })

    // The earlier request is no longer as sent (already synced): the claim throws, and keeps nothing of
    // either, though its writes were made with its reads; without the listed draft it throws as well.
    const next = await draftInStatus(repo, 'queued')
    await expect(repo.queue.claim(next.id, { now: LATER, listed: next, recordFirst: accepted })).rejects.toThrow()
    await expect(repo.queue.claim(next.id, { now: LATER, recordFirst: accepted })).rejects.toThrow()
    expect(await repo.getDraft(next.id)).toMatchObject({ status: 'queued', attempts: 0 })
    expect((await repo.listAttempts(earlier.id)).map((attempt) => attempt.outcome)).toEqual(['ok'])
  })

  it('holds a listed draft, unchanged, behind an earlier request of its employee queued since the listing', async () => {
    const { repo } = await setup()
    const earlier = await repo.createDraft(FILE_ID, validContent())
    const listed = await draftInStatus(repo, 'queued')
    await repo.queueDraft(earlier.id)

    expect(await repo.queue.claim(listed.id, { now: LATER, listed })).toMatchObject({ ok: false, error: { reason: 'not-now' } })
    expect(await repo.getDraft(listed.id)).toMatchObject({ status: 'queued', attempts: 0 })
  })

  it('claims go one at a time: three lanes claiming together hold the drafts store one claim after another', async () => {
    const { db, repo } = await setup()
    const listed = [await draftInStatus(repo, 'queued')]
    for (const employeeId of [12, 13]) {
      const other = await repo.createDraft(FILE_ID, validContent({ employeeId }))
      await repo.queueDraft(other.id)
      listed.push((await repo.getDraft(other.id))!)
    }
    let open = 0
    let mostOpen = 0
    const transaction = db.transaction.bind(db) as (...args: unknown[]) => Promise<unknown>
    ;(db as unknown as { transaction: (...args: unknown[]) => Promise<unknown> }).transaction = (...args) => {
      open += 1
      mostOpen = Math.max(mostOpen, open)
      return transaction(...args).finally(() => (open -= 1))
    }

    const claims = await Promise.all(listed.map((draft) => repo.queue.claim(draft.id, { now: LATER, listed: draft })))
    expect(claims.map((claim) => claim.ok)).toEqual([true, true, true])
    expect(mostOpen).toBe(1)
  })

  it('a claim whose write IndexedDB refuses after the commit was asked for throws: its request never leaves', async () => {
    const { repo } = await setup()
    const other = await repo.createDraft(FILE_ID, validContent())
    const listed = await draftInStatus(repo, 'queued')
    // The same place in line as another draft: the store's unique index refuses the claim's write itself.
    const { put } = IDBObjectStore.prototype
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(function (this: IDBObjectStore, value: DraftRecord, key) {
      return put.call(this, { ...value, seq: other.seq }, key)
    })
    try {
      await expect(repo.queue.claim(listed.id, { now: LATER, listed })).rejects.toThrow()
    } finally {
      vi.restoreAllMocks()
    }
    expect(await repo.getDraft(listed.id)).toMatchObject({ status: 'queued', attempts: 0 })
  })

  it('a claim that throws does not hold back the claim waiting behind it', async () => {
    const { repo } = await setup()
    const earlier = await draftInStatus(repo, 'sending')
    const [first, second] = [await draftInStatus(repo, 'queued'), await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))]
    await repo.queueDraft(second.id)
    const refused = { sent: { ...earlier, attempts: 9 }, names: { employeeName: 'Aroha Ngata', leaveTypeName: 'Annual Leave' }, outcome: { kind: 'synced', serverId: 62 } } as const
    const claims = [repo.queue.claim(first.id, { now: LATER, listed: first, recordFirst: refused }), repo.queue.claim(second.id, { now: LATER })]
    const [thrown, claimed] = await Promise.allSettled(claims)
    expect(thrown?.status).toBe('rejected')
    expect(claimed).toMatchObject({ status: 'fulfilled', value: { ok: true, value: { draft: { id: second.id, status: 'sending' } } } })
  })

  it('claims a draft changed since the batch listed it as it is stored: the request carries the clerk’s latest words', async () => {
    const { repo } = await setup()
    const listed = await draftInStatus(repo, 'queued')
    await repo.unqueueDraft(listed.id)
    await repo.updateDraft(listed.id, { notes: 'Changed after the batch listed it.' })
    await repo.queueDraft(listed.id)
    const claim = await repo.queue.claim(listed.id, { now: LATER, listed })
    expect(claim).toMatchObject({ ok: true, value: { draft: { attempts: 1 }, body: { Notes: 'Changed after the batch listed it.' } } })
    expect(await repo.getDraft(listed.id)).toMatchObject({ status: 'sending', attempts: 1, notes: 'Changed after the batch listed it.' })
  })

  it('answers invalid with the issues, writing nothing, when the rules refuse the stored draft', async () => {
    const { db, repo } = await setup()
    const draft = await draftInStatus(repo, 'queued')
    // The draft changed under the queue (another window, an older version's data): the end before the start.
    await db.drafts.update(draft.id, { endDate: '2026-03-01' })
    const claim = await repo.queue.claim(draft.id, { now: LATER })
    expect(claim).toMatchObject({ ok: false, error: { reason: 'invalid', issues: expect.arrayContaining([expect.objectContaining({ field: 'endDate' })]) } })
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'queued', attempts: 0 })
  })
})
