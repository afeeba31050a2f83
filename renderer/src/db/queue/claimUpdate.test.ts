import { describe, expect, it } from 'vitest'
import { queuedChange } from '../testSupport/queuedChange'
import { INTERRUPTED_UPDATE_MESSAGE } from './queueOutcomes'

describe('claiming a change to a request in payroll', () => {
  it('builds a PUT carrying the version read, and writes it as unconfirmed before it leaves', async () => {
    const { repo, synced } = await queuedChange()
    const claim = await repo.queue.claim(synced.id, { offsetMinutesOf: () => 600 })
    if (!claim.ok || claim.value.kind !== 'put') throw new Error(`expected a PUT, got ${JSON.stringify(claim)}`)
    expect(claim.value.serverId).toBe(synced.serverId)
    expect(claim.value.body).toMatchObject({ Status: 'Rejected', StartDate: '2026-03-02T00:00:00+10:00', LastModifiedDateUtc: synced.lastModifiedDateUtc })
    expect(await repo.getDraft(synced.id)).toMatchObject({ status: 'sending', unconfirmedUpdate: { body: claim.value.body, attempt: 2 } })
  })

  it('after the app closed mid-PUT: back in the queue, never uncertain, and the next claim reads payroll before sending', async () => {
    const { repo, synced } = await queuedChange()
    const first = await repo.queue.claim(synced.id, { offsetMinutesOf: () => 600 })
    if (!first.ok || first.value.kind !== 'put') throw new Error('expected a PUT')

    expect(await repo.queue.recoverInterruptedSends()).toBe(1)
    const recovered = await repo.getDraft(synced.id)
    expect(recovered).toMatchObject({ status: 'queued', unconfirmedUpdate: { body: first.value.body }, lastError: { code: 'unknown-outcome', message: INTERRUPTED_UPDATE_MESSAGE } })
    expect((await repo.listAttempts(synced.id)).map((a) => a.outcome)).toEqual(['ok', 'decided', 'interrupted'])

    const second = await repo.queue.claim(synced.id, { offsetMinutesOf: () => 600, now: Number.MAX_SAFE_INTEGER })
    expect(second).toMatchObject({ ok: true, value: { kind: 'check', sent: first.value.body, body: first.value.body } })
  })

  it('forgets the unconfirmed PUT once payroll turned it away before acting on it (503)', async () => {
    const { repo, synced } = await queuedChange()
    await repo.queue.claim(synced.id)
    await repo.queue.recordOutcome(synced.id, { kind: 'retry', error: { code: 'unavailable', message: 'Busy', status: 503 }, nextAttemptAt: 0 })
    const back = await repo.getDraft(synced.id)
    expect(back?.status).toBe('queued')
    expect(back?.unconfirmedUpdate).toBeUndefined()
  })
})
