import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { ok } from '../../../shared/apiError'
import type { OfficeShare } from '../../../shared/ipc/officeShare'
import { DAILY_QUOTA_ID, SHARE_NOTES_ID } from '../../../shared/team/teamSettingsDoc'
import { teamRequestId } from '../../../shared/team/teamRequestDoc'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestRepository } from '../../../renderer/src/db/testSupport/openTestDb'
import { draftInStatus } from '../../../renderer/src/db/testSupport/draftInStatus'
import { createOfficeBudgetKeeper } from '../../../renderer/src/team/officeBudget'
import { officeDailyQuota, officeSharesNotes, resetOfficeSettings } from '../../../renderer/src/team/officeSettings'
import { createPublisher } from '../../../renderer/src/team/publishRequests'
import { applySharedSetting, loadOfficeSettings, shareDailyQuota, shareNotesSwitch } from '../../../renderer/src/team/sharedSettings'
import type { TeamDatabases } from '../../../renderer/src/team/teamDatabases'
import { teamStatusStore } from '../../../renderer/src/team/teamStatusStore'
import { openTeamDatabases, replicateOnce } from '../../teamServer/teamHandles'
import { startTeamServer, type TeamServer } from '../../teamServer/startTeamServer'

/**
 * The office's shared settings that have no table of their own, through a real team server: the file's
 * daily quota (told to main with the office's share) and the notes switch (off unless the office turns it
 * on; publishing follows it). Each read from the replica is validated; a bad one is set aside, never used.
 */
let server: TeamServer | undefined
beforeEach(() => resetOfficeSettings(FILE_ID))
afterEach(async () => {
  resetOfficeSettings(null)
  await server?.stop()
  server = undefined
})

const MIA = { installId: 'desk-mia', clerkName: 'mia at FRONT-DESK-1' }
const BEN = { installId: 'desk-ben', clerkName: 'ben at FRONT-DESK-2' }

async function twoDesks(): Promise<{ mia: TeamDatabases; ben: TeamDatabases }> {
  server = await startTeamServer()
  const url = `${server.url}/payroll-${FILE_ID}`
  return { mia: openTeamDatabases(url, MIA), ben: openTeamDatabases(url, BEN) }
}

/** Ben's page reading what replication brought, as the ledger does when it opens. */
async function benReads(mia: TeamDatabases, ben: TeamDatabases): Promise<void> {
  await replicateOnce(mia)
  await replicateOnce(ben)
  await loadOfficeSettings(ben.local, FILE_ID)
}

describe('the file’s daily quota, shared by the office', () => {
  it('set by one clerk, reaches a colleague’s main with the office’s share', async () => {
    const { mia, ben } = await twoDesks()
    await shareDailyQuota(mia.local, MIA, 20_000, Date.UTC(2026, 2, 2, 9))
    await benReads(mia, ben)
    expect(officeDailyQuota(FILE_ID)).toBe(20_000)
    expect(officeDailyQuota(FILE_ID + 1)).toBeUndefined()

    const told: OfficeShare[] = []
    const keeper = createOfficeBudgetKeeper({
      team: () => ben,
      fileId: () => FILE_ID,
      share: async (share) => (told.push(share), ok({ day: share.day, spentToday: 0, wantsToSend: false })),
      now: () => Date.UTC(2026, 2, 2, 9),
      teamReachable: () => true,
      dailyQuota: officeDailyQuota
    })
    await keeper.beat(false)
    expect(told.at(-1)).toMatchObject({ fileId: FILE_ID, dailyQuota: 20_000 })
  })

  it('a quota document that is not a usable quota is set aside and never told to main', async () => {
    const { mia, ben } = await twoDesks()
    await shareDailyQuota(mia.local, MIA, 5_000, Date.UTC(2026, 2, 2, 9))
    await benReads(mia, ben)
    const before = teamStatusStore.getState().setAside.length
    const current = await mia.remote.get(DAILY_QUOTA_ID)
    await mia.remote.put({ ...current, dailyQuota: -1 })
    await benReads(mia, ben)
    expect(teamStatusStore.getState().setAside.length).toBe(before + 1)
    expect(teamStatusStore.getState().setAside.at(-1)?.id).toBe(DAILY_QUOTA_ID)
    // What was last read well stays; the bad one is not used.
    expect(officeDailyQuota(FILE_ID)).toBe(5_000)
  })
})

describe('notes in the team ledger: off unless the office turns them on', () => {
  async function publishing(local: TeamDatabases['local'], status: 'synced' | 'uncertain' = 'synced') {
    const { repo } = await openTestRepository()
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, Date.now())
    await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], Date.now())
    const publisher = createPublisher({ repo, local, me: BEN, shareNotes: () => officeSharesNotes(FILE_ID) })
    const draft = await draftInStatus(repo, status)
    return { publisher, draft, repo, copy: () => local.get(teamRequestId(BEN.installId, draft.id)) as Promise<{ notes?: string }> }
  }

  it('a colleague turning notes on puts this install’s notes in; turning them off takes them out again', async () => {
    const { mia, ben } = await twoDesks()
    const { publisher, draft, copy } = await publishing(ben.local)
    expect(draft.notes).not.toBe('')
    await publisher.catchUp(FILE_ID)
    expect(await copy()).not.toHaveProperty('notes')

    await shareNotesSwitch(mia.local, MIA, true, Date.UTC(2026, 2, 2, 9))
    await benReads(mia, ben)
    expect(officeSharesNotes(FILE_ID)).toBe(true)
    expect(await publisher.catchUp(FILE_ID)).toBe(1)
    expect((await copy()).notes).toBe(draft.notes)

    await shareNotesSwitch(mia.local, MIA, false, Date.UTC(2026, 2, 2, 10))
    await benReads(mia, ben)
    expect(officeSharesNotes(FILE_ID)).toBe(false)
    await publisher.catchUp(FILE_ID)
    expect(await copy()).not.toHaveProperty('notes')
  })

  it('turning notes off takes them out of a deleted request’s copy too (an Uncertain one the clerk discarded)', async () => {
    const { mia, ben } = await twoDesks()
    const { publisher, draft, copy, repo } = await publishing(ben.local, 'uncertain')
    await shareNotesSwitch(mia.local, MIA, true, Date.UTC(2026, 2, 2, 9))
    await benReads(mia, ben)
    await publisher.catchUp(FILE_ID)
    expect((await copy()).notes).toBe(draft.notes)
    expect((await repo.deleteDraft(draft.id)).ok).toBe(true)

    await shareNotesSwitch(mia.local, MIA, false, Date.UTC(2026, 2, 2, 10))
    await benReads(mia, ben)
    await publisher.catchUp(FILE_ID)
    expect(await copy()).not.toHaveProperty('notes')
  })

  it('a switch document of the wrong shape, or removed, keeps notes out', async () => {
    const { repo } = await openTestRepository()
    const doc = { _id: SHARE_NOTES_ID, type: 'settings', shareNotes: 'yes', changedBy: MIA, changedAt: 1 }
    await applySharedSetting(repo.db, FILE_ID, { id: SHARE_NOTES_ID, doc })
    expect(officeSharesNotes(FILE_ID)).toBe(false)
    await applySharedSetting(repo.db, FILE_ID, { id: SHARE_NOTES_ID, doc: { ...doc, shareNotes: true } })
    expect(officeSharesNotes(FILE_ID)).toBe(true)
    await applySharedSetting(repo.db, FILE_ID, { id: SHARE_NOTES_ID, deleted: true })
    expect(officeSharesNotes(FILE_ID)).toBe(false)
  })
})
