import { describe, expect, it } from 'vitest'
import type { DraftsRepository } from '../draftsRepository'
import type { DraftRecord } from '../records'
import { draftInStatus } from '../testSupport/draftInStatus'
import { FILE_ID, openTestDb, testRepository, validContent } from '../testSupport/openTestDb'
import { queuedChange } from '../testSupport/queuedChange'
import type { RenounceableClaim } from './queueRenounce'

/**
 * Giving back the claims main renounced (it never received them, and never will send them): queued as if
 * never claimed, and the rest of recovery (uncertain / update checked) never sees them. Real Dexie on
 * fake-indexeddb.
 */
const BOOT = 'boot-1'
const LATER = Number.MAX_SAFE_INTEGER

async function claimedUnderBoot(repo: DraftsRepository, id: string, now?: number): Promise<RenounceableClaim> {
  const claim = await repo.queue.claim(id, { offsetMinutesOf: () => 600, claimedUnder: BOOT, ...(now === undefined ? {} : { now }) })
  if (!claim.ok) throw new Error(`Not claimed: ${JSON.stringify(claim.error)}`)
  const [claimed] = await repo.queue.claimsUnder(BOOT)
  if (!claimed) throw new Error('The claim recorded no boot.')
  return claimed
}

describe('giving back renounced claims', () => {
  it('puts the draft back as before the claim: queued, attempt uncounted, due and last sent as they were', async () => {
    const repo = testRepository((await openTestDb()).db)
    const draft = await draftInStatus(repo, 'queued')
    // A first try that failed for a reason that passes: due again later, attempt 1 counted.
    await claimedUnderBoot(repo, draft.id)
    const retryAt = Date.UTC(2026, 2, 2, 10)
    expect(await repo.queue.recordOutcome(draft.id, { kind: 'retry', error: { code: 'unavailable', message: 'Busy.' }, nextAttemptAt: retryAt })).toMatchObject({ ok: true })
    const before = (await repo.getDraft(draft.id)) as DraftRecord

    const claim = await claimedUnderBoot(repo, draft.id, LATER)
    expect(claim).toMatchObject({ status: 'sending', attempts: 2, claimedUnder: { boot: BOOT, nextAttemptAt: retryAt, sentAt: before.sentAt } })
    expect(await repo.queue.giveBackRenounced([claim])).toBe(1)

    const after = await repo.getDraft(draft.id)
    expect(after).toMatchObject({ status: 'queued', attempts: 1, nextAttemptAt: retryAt, sentAt: before.sentAt })
    expect(after?.claimedUnder).toBeUndefined()
    // Nothing for the clerk: no "interrupted" line, and recovery finds nothing 'sending' to make uncertain.
    expect((await repo.listAttempts(draft.id)).map((attempt) => attempt.outcome)).toEqual(['unavailable'])
    expect(await repo.queue.recoverInterruptedSends()).toBe(0)
  })

  it('leaves alone a draft claimed again since (another tag), or not sending any more', async () => {
    const repo = testRepository((await openTestDb()).db)
    const draft = await draftInStatus(repo, 'queued')
    const claim = await claimedUnderBoot(repo, draft.id)
    expect(await repo.queue.recordOutcome(draft.id, { kind: 'synced', serverId: 77 })).toMatchObject({ ok: true })
    expect(await repo.queue.giveBackRenounced([claim])).toBe(0)
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'synced', attempts: 1 })

    const other = await draftInStatus(repo, 'queued')
    const first = await claimedUnderBoot(repo, other.id)
    await repo.queue.giveBackRenounced([first])
    const second = await claimedUnderBoot(repo, other.id, LATER)
    // Same attempt number, another claim: its key differs, and the first one's renouncement does not touch it.
    expect(second.attempts).toBe(first.attempts)
    expect(second.claimedUnder.tag).not.toBe(first.claimedUnder.tag)
    expect(await repo.queue.giveBackRenounced([first])).toBe(0)
    expect(await repo.getDraft(other.id)).toMatchObject({ status: 'sending' })
  })

  it('lists only the claims made under the given run of main', async () => {
    const repo = testRepository((await openTestDb()).db)
    const underBoot = await draftInStatus(repo, 'queued')
    // Another employee's, so it is not held behind the first.
    const noBoot = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    expect(await repo.queueDraft(noBoot.id)).toMatchObject({ ok: true })
    await claimedUnderBoot(repo, underBoot.id)
    expect(await repo.queue.claim(noBoot.id, { offsetMinutesOf: () => 600 })).toMatchObject({ ok: true })
    expect((await repo.queue.claimsUnder(BOOT)).map((d) => d.id)).toEqual([underBoot.id])
    expect(await repo.queue.claimsUnder('boot-0')).toEqual([])
  })

  it("an update's PUT that never left: queued without its “may be in payroll” mark, so the next claim PUTs", async () => {
    const { repo, synced: { id } } = await queuedChange()
    const claim = await claimedUnderBoot(repo, id)
    expect(claim.unconfirmedUpdate).toMatchObject({ attempt: claim.attempts })
    expect(await repo.queue.giveBackRenounced([claim])).toBe(1)
    const after = await repo.getDraft(id)
    expect(after).toMatchObject({ status: 'queued', attempts: claim.attempts - 1 })
    expect(after?.unconfirmedUpdate).toBeUndefined()
    expect(await repo.queue.claim(id, { offsetMinutesOf: () => 600, now: LATER })).toMatchObject({ ok: true, value: { kind: 'put' } })
  })

  it('an update whose EARLIER PUT may be in payroll keeps that mark: the next claim still reads payroll first', async () => {
    const { repo, synced: { id } } = await queuedChange()
    // The first PUT's answer was lost: back in the queue, marked as possibly in payroll.
    const first = await claimedUnderBoot(repo, id)
    const lost = { code: 'unknown-outcome' as const, message: 'No answer.' }
    const earlier = first.unconfirmedUpdate
    if (!earlier) throw new Error('The PUT was not marked as leaving.')
    expect(await repo.queue.recordOutcome(id, { kind: 'retry', error: lost, nextAttemptAt: 0, unconfirmedUpdate: earlier })).toMatchObject({ ok: true })

    // The check's claim, renounced before the check (a GET, no key) or its PUT left.
    const check = await claimedUnderBoot(repo, id, LATER)
    expect(await repo.queue.giveBackRenounced([check])).toBe(1)
    expect(await repo.getDraft(id)).toMatchObject({ status: 'queued', attempts: first.attempts, unconfirmedUpdate: earlier })
    expect(await repo.queue.claim(id, { offsetMinutesOf: () => 600, now: LATER })).toMatchObject({ ok: true, value: { kind: 'check' } })
  })
})
