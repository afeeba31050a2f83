import { afterEach, describe, expect, it } from 'vitest'
import { teamRequestId } from '../../../shared/team/teamRequestDoc'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestRepository } from '../../../renderer/src/db/testSupport/openTestDb'
import { draftInStatus } from '../../../renderer/src/db/testSupport/draftInStatus'
import { createPublisher } from '../../../renderer/src/team/publishRequests'
import { observeRecordedOutcomes } from '../../../renderer/src/team/publishingQueue'
import type { TeamDb } from '../../../renderer/src/team/teamDatabases'
import { pouchdbUnderNode } from '../../teamServer/startTeamServer'

const ME = { installId: 'install-a', clerkName: 'ana at FRONT-DESK-1' }
let opened = 0
const closing: TeamDb[] = []
afterEach(async () => {
  for (const db of closing.splice(0)) await db.close()
})

async function setUp(options: { publishOutcomes: boolean }) {
  const { repo } = await openTestRepository()
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, Date.now())
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], Date.now())
  const Pouch = pouchdbUnderNode()
  opened += 1
  const local = new Pouch(`publish-test-${process.pid}-${opened}`) as unknown as TeamDb
  closing.push(local)
  const publisher = createPublisher({ repo, local, me: ME, shareNotes: () => false })
  const published: Promise<void>[] = []
  if (options.publishOutcomes) observeRecordedOutcomes(repo, (id) => void published.push(publisher.publish(id)))
  return { repo, local, publisher, settled: () => Promise.all(published) }
}

const ledgerCopy = (local: TeamDb, draftId: string) => local.get(teamRequestId(ME.installId, draftId))

describe('publishing the requests that left this Leave Desk', () => {
  it('a request payroll accepted goes into the ledger with its number, names and who sent it; its notes stay out', async () => {
    const { repo, local, settled } = await setUp({ publishOutcomes: true })
    const draft = await draftInStatus(repo, 'synced')
    await settled()
    const doc = await ledgerCopy(local, draft.id)
    expect(doc).toMatchObject({
      type: 'request',
      state: 'in-payroll',
      serverId: draft.serverId,
      employeeName: 'Aroha Ngata',
      leaveTypeName: ANNUAL_LEAVE.Name,
      leaveStatus: 'Approved',
      startDate: '2026-03-02',
      endDate: '2026-03-04',
      enteredBy: ME,
      changedBy: ME
    })
    expect(doc).not.toHaveProperty('notes')
    expect(draft.notes).not.toBe('')
  })

  it('an acceptance written with the lane’s next claim is published like any other', async () => {
    const { repo, local, settled } = await setUp({ publishOutcomes: true })
    const accepted = await draftInStatus(repo, 'sending')
    const next = await draftInStatus(repo, 'queued')
    const claimed = await repo.queue.claim(next.id, { now: Number.MAX_SAFE_INTEGER, listed: next, recordFirst: { sent: accepted, names: { employeeName: 'Aroha Ngata', leaveTypeName: 'Annual Leave' }, outcome: { kind: 'synced', serverId: 4242 } } })
    expect(claimed.ok).toBe(true)
    await settled()
    expect(await ledgerCopy(local, accepted.id)).toMatchObject({ state: 'in-payroll', serverId: 4242 })
  })

  it('an Uncertain request is published as such, and becomes "in payroll" when the clerk marks it sent', async () => {
    const { repo, local, settled } = await setUp({ publishOutcomes: true })
    const draft = await draftInStatus(repo, 'uncertain')
    await settled()
    expect(await ledgerCopy(local, draft.id)).toMatchObject({ state: 'uncertain' })
    expect((await repo.queue.markSent(draft.id, { serverId: 9001 })).ok).toBe(true)
    await settled()
    expect(await ledgerCopy(local, draft.id)).toMatchObject({ state: 'in-payroll', serverId: 9001, enteredBy: ME })
  })

  it('a request refused before payroll saw it is not published', async () => {
    const { repo, local, settled } = await setUp({ publishOutcomes: true })
    const draft = await draftInStatus(repo, 'needs-attention')
    await settled()
    await expect(ledgerCopy(local, draft.id)).rejects.toMatchObject({ status: 404 })
  })

  it('what left while the ledger was closed is published when it opens, once', async () => {
    const { repo, local, publisher } = await setUp({ publishOutcomes: false })
    const sent = await Promise.all([draftInStatus(repo, 'synced'), draftInStatus(repo, 'synced'), draftInStatus(repo, 'uncertain')])
    await draftInStatus(repo, 'draft')
    expect(await publisher.catchUp(FILE_ID)).toBe(3)
    for (const draft of sent) expect(await ledgerCopy(local, draft.id)).toMatchObject({ draftId: draft.id })
    expect(await publisher.catchUp(FILE_ID)).toBe(0)
  })
})

