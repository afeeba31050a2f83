import { describe, expect, it } from 'vitest'
import type { DraftsRepository, SendOutcome } from '../db'
import { acceptedButUnrecordedMessage, INTERRUPTED_MESSAGE } from '../db/queue'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository } from '../db/testSupport/openTestDb'
import { draftInStatus } from '../db/testSupport/draftInStatus'
import { RECORD_TRIES, sendOneDraft, type SendDeps } from './sendOneDraft'
import { fakeSyncApi } from './testSupport/fakeSyncApi'

/**
 * Payroll answers 2xx, but recording that in IndexedDB fails. The draft must not be left to be recovered
 * later as "the app closed while sending" with payroll's Id lost, and it must never be posted again.
 */
const SERVER_ID = 9001
const LAST_MODIFIED = '2026-03-02T09:00:00Z'

async function setup() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
  const api = fakeSyncApi()
  api.answer = () => ({ ok: true, value: { Id: SERVER_ID, LastModifiedDateUtc: LAST_MODIFIED } })
  return { repo, api }
}

/** The same repository, whose next `failures` attempts to record an outcome throw as IndexedDB would. */
function failingWrites(repo: DraftsRepository, failures: number) {
  const seen: SendOutcome['kind'][] = []
  let left = failures
  const failing: DraftsRepository = {
    ...repo,
    queue: {
      ...repo.queue,
      async recordOutcome(id, outcome) {
        seen.push(outcome.kind)
        if (left > 0) {
          left -= 1
          throw new DOMException('The disk is full.', 'QuotaExceededError')
        }
        return repo.queue.recordOutcome(id, outcome)
      }
    }
  }
  return { failing, seen }
}

function depsFor(repo: DraftsRepository, api: SendDeps['api']) {
  const pauses: number[] = []
  const deps: SendDeps = {
    repo,
    api,
    now: () => Date.now(),
    random: () => 0.5,
    offsetMinutesOf: () => 600,
    sleep: async (ms) => void pauses.push(ms)
  }
  return { deps, pauses }
}

describe('recording payroll’s acceptance when the database fails', () => {
  it('tries the write again after short pauses, and the draft is synced with payroll’s Id', async () => {
    const { repo, api } = await setup()
    const draft = await draftInStatus(repo, 'queued')
    const { failing, seen } = failingWrites(repo, 2)
    const { deps, pauses } = depsFor(failing, api)

    expect(await sendOneDraft(deps, draft.id)).toEqual({ kind: 'synced' })

    expect(api.posts).toHaveLength(1)
    expect(seen).toEqual(['synced', 'synced', 'synced'])
    expect(pauses).toHaveLength(2)
    expect(pauses.every((ms) => ms > 0 && ms <= 1000)).toBe(true)
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'synced', serverId: SERVER_ID, lastModifiedDateUtc: LAST_MODIFIED })
  })

  it('when it keeps failing: says payroll has it as #Id, and "Mark as sent" keeps that Id', async () => {
    const { repo, api } = await setup()
    const draft = await draftInStatus(repo, 'queued')
    // Every try of the acceptance fails; the smaller write that follows goes through.
    const { failing, seen } = failingWrites(repo, RECORD_TRIES)

    expect(await sendOneDraft(depsFor(failing, api).deps, draft.id)).toEqual({ kind: 'uncertain' })

    expect(seen).toEqual([...Array.from({ length: RECORD_TRIES }, () => 'synced'), 'uncertain'])
    const stored = await repo.getDraft(draft.id)
    expect(stored).toMatchObject({ status: 'uncertain', lastError: { message: acceptedButUnrecordedMessage(SERVER_ID) } })
    expect(stored?.lastError?.message).toMatch(/Payroll accepted this request as #9001.*safe to choose "Mark as sent"/)

    expect(await repo.queue.markSent(draft.id)).toMatchObject({ ok: true, value: { status: 'synced', serverId: SERVER_ID } })
    expect(await repo.listSyncHistory(FILE_ID)).toMatchObject([{ draftId: draft.id, serverId: SERVER_ID, lastModifiedDateUtc: LAST_MODIFIED }])
    expect(api.posts).toHaveLength(1)
  })

  it('when every write fails, the next run records the acceptance instead of calling the draft interrupted', async () => {
    const { repo, api } = await setup()
    const draft = await draftInStatus(repo, 'queued')
    const { failing } = failingWrites(repo, Number.POSITIVE_INFINITY)

    expect(await sendOneDraft(depsFor(failing, api).deps, draft.id)).toEqual({ kind: 'uncertain' })
    expect((await repo.getDraft(draft.id))?.status).toBe('sending')

    // The next run starts with recovery, the database working again.
    expect(await repo.queue.recoverInterruptedSends()).toBe(1)
    const stored = await repo.getDraft(draft.id)
    expect(stored).toMatchObject({ status: 'synced', serverId: SERVER_ID, lastModifiedDateUtc: LAST_MODIFIED })
    expect(stored?.lastError).toBeUndefined()
    expect((await repo.listAttempts(draft.id)).map((a) => [a.outcome, a.message])).toEqual([['ok', `Accepted by payroll as #${SERVER_ID}.`]])
    expect(await repo.listSyncHistory(FILE_ID)).toMatchObject([{ draftId: draft.id, serverId: SERVER_ID, markedByClerk: false }])
    expect(api.posts).toHaveLength(1)
    // Done with: a later recovery has nothing left to finish.
    expect(await repo.queue.recoverInterruptedSends()).toBe(0)
  })

  it('an uncertain draft payroll accepted is finished by the next run, with its Id', async () => {
    const { repo, api } = await setup()
    const draft = await draftInStatus(repo, 'queued')
    await sendOneDraft(depsFor(failingWrites(repo, RECORD_TRIES).failing, api).deps, draft.id)
    expect((await repo.getDraft(draft.id))?.status).toBe('uncertain')

    expect(await repo.queue.recoverInterruptedSends()).toBe(1)
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'synced', serverId: SERVER_ID })
  })

  it('is never posted again, even if the clerk chooses "Send again"', async () => {
    const { repo, api } = await setup()
    const draft = await draftInStatus(repo, 'queued')
    await sendOneDraft(depsFor(failingWrites(repo, RECORD_TRIES).failing, api).deps, draft.id)
    expect((await repo.sendAgain(draft.id)).ok).toBe(true)

    expect(await sendOneDraft(depsFor(repo, api).deps, draft.id)).toEqual({ kind: 'synced' })
    expect(api.posts).toHaveLength(1)
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'synced', serverId: SERVER_ID, lastModifiedDateUtc: LAST_MODIFIED })
  })

  it('a refusal payroll did answer is kept for the next recovery, which records it as it was (not as interrupted)', async () => {
    const { repo, api } = await setup()
    const draft = await draftInStatus(repo, 'queued')
    api.answer = () => ({ ok: false, error: { code: 'validation', message: 'Payroll refused it.', status: 400 } })
    const { failing } = failingWrites(repo, Number.POSITIVE_INFINITY)

    expect(await sendOneDraft(depsFor(failing, api).deps, draft.id)).toEqual({ kind: 'unrecorded' })
    expect(repo.queue.unrecordedCount()).toBe(1)
    expect(await repo.queue.recoverInterruptedSends()).toBe(1)
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'needs-attention', lastError: { message: 'Payroll refused it.' } })
    expect(repo.queue.unrecordedCount()).toBe(0)
    expect((await repo.listAttempts(draft.id)).map((a) => a.message)).not.toContain(INTERRUPTED_MESSAGE)
  })
})
