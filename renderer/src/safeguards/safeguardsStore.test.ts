import { describe, expect, it } from 'vitest'
import { projectBalance } from '../../../shared/safeguards'
import type { DraftsRepository } from '../db/draftsRepository'
import { draftInStatus } from '../db/testSupport/draftInStatus'
import { EMPLOYEES, FILE_ID, SICK_LEAVE, openTestDb, testRepository, validContent } from '../db/testSupport/openTestDb'
import { balanceDrawsOf } from './balanceDraws'
import { clashesOf, confirmDuplicate, duplicatesToHoldBack, unconfirmedDuplicatesOf } from './draftClashes'
import { chooseHolidayRegion, holidayRegionOf } from './holidayRegionStore'
import { fileLeaveBetween } from './leaveNearby'
import { forgetWorkPattern, saveWorkPattern, workPatternOf } from './workPatterns'

async function setUp() {
  const { db, reopen } = await openTestDb()
  const repo = testRepository(db)
  return { db, repo, reopen }
}

const content = (startDate: string, endDate: string, more: object = {}) =>
  validContent({ startDate, endDate, items: [{ date: startDate, hours: 7.6, isPaid: true }], ...more })

async function synced(repo: DraftsRepository) {
  return draftInStatus(repo, 'synced')
}

describe('overlaps and duplicates from the database', () => {
  it('finds the same employee’s synced request sharing days, not other employees or deleted requests', async () => {
    const { db, repo } = await setUp()
    const other = await synced(repo) // Aroha, 2–4 March
    await repo.createDraft(FILE_ID, content('2026-03-03', '2026-03-03', { employeeId: 12 }))
    const gone = await repo.createDraft(FILE_ID, content('2026-03-04', '2026-03-04'))
    await repo.deleteDraft(gone.id)
    const mine = await repo.createDraft(FILE_ID, content('2026-03-04', '2026-03-06', { leaveTypePayItemId: SICK_LEAVE.Id }))
    const clashes = await clashesOf(db, mine)
    expect(clashes.map((c) => [c.other.id, c.other.status, c.from, c.to, c.exact])).toEqual([[other.id, 'synced', '2026-03-04', '2026-03-04', false]])
  })

  it('a request that started up to 63 days earlier is still found (the index range reaches back)', async () => {
    const { db, repo } = await setUp()
    const long = await repo.createDraft(FILE_ID, content('2026-01-01', '2026-03-04'))
    const mine = await repo.createDraft(FILE_ID, content('2026-03-04', '2026-03-04'))
    expect((await clashesOf(db, mine)).map((c) => c.other.id)).toEqual([long.id])
  })

  it('an exact duplicate asks until confirmed; the confirmation lasts until its dates change', async () => {
    const { db, repo } = await setUp()
    const queued = await draftInStatus(repo, 'queued')
    const copy = await repo.createDraft(FILE_ID, validContent())
    expect((await unconfirmedDuplicatesOf(db, copy)).map((c) => c.other.id)).toEqual([queued.id])
    await confirmDuplicate(db, copy, 5)
    expect(await unconfirmedDuplicatesOf(db, copy)).toEqual([])
    const moved = await repo.updateDraft(copy.id, { endDate: '2026-03-05' })
    expect(moved.ok).toBe(true)
    const back = await repo.updateDraft(copy.id, { endDate: '2026-03-04' })
    expect(back.ok && (await unconfirmedDuplicatesOf(db, back.value)).length).toBe(0)
  })

  it('Queue all ready holds back unconfirmed exact duplicates only', async () => {
    const { db, repo } = await setUp()
    const sent = await synced(repo)
    const dup = await repo.createDraft(FILE_ID, validContent())
    const confirmed = await repo.createDraft(FILE_ID, validContent({ endDate: '2026-03-03', items: [{ date: '2026-03-02', hours: 7.6, isPaid: true }] }))
    await repo.createDraft(FILE_ID, validContent({ startDate: '2026-04-06', endDate: '2026-04-06', items: [{ date: '2026-04-06', hours: 7.6, isPaid: true }] }))
    await confirmDuplicate(db, confirmed, 5)
    // `confirmed` duplicates nothing stored exactly (other end date), so only `dup` is held
    const held = await duplicatesToHoldBack(db, FILE_ID)
    expect(held.map((h) => [h.draft.id, h.duplicateOf.id])).toEqual([[dup.id, sent.id]])
  })

  it('the calendar month read includes a request that started in the month before', async () => {
    const { db, repo } = await setUp()
    const spanning = await repo.createDraft(FILE_ID, content('2026-02-25', '2026-03-02'))
    await repo.createDraft(FILE_ID, content('2026-04-01', '2026-04-01'))
    expect((await fileLeaveBetween(db, FILE_ID, '2026-03-01', '2026-03-31')).map((d) => d.id)).toEqual([spanning.id])
  })
})

describe('work patterns', () => {
  it('the standard week until one is kept; kept per employee and file across a restart; refused when nonsense', async () => {
    const { db, reopen } = await setUp()
    expect(await workPatternOf(db, FILE_ID, 11, 7.6)).toEqual({ hours: [0, 7.6, 7.6, 7.6, 7.6, 7.6, 0], own: false })
    expect((await saveWorkPattern(db, FILE_ID, 11, [0, 7.6, 7.6, 7.6, 4, 0, 0], 1)).ok).toBe(true)
    const refused = await saveWorkPattern(db, FILE_ID, 11, [0, 30, 7.6, 7.6, 4, 0, 0], 2)
    expect(refused).toEqual({ ok: false, error: { code: 'invalid-pattern', message: 'Hours on Monday cannot be more than 24.' } })
    const again = await reopen()
    expect((await workPatternOf(again, FILE_ID, 11, 7.6)).hours).toEqual([0, 7.6, 7.6, 7.6, 4, 0, 0])
    expect((await workPatternOf(again, FILE_ID, 12, 7.6)).own).toBe(false)
    await forgetWorkPattern(again, FILE_ID, 11)
    expect((await workPatternOf(again, FILE_ID, 11, 8)).hours).toEqual([0, 8, 8, 8, 8, 8, 0])
  })
})

describe('holiday region per file', () => {
  it('is unset until chosen, kept per file, and an unknown region is refused', async () => {
    const { db } = await setUp()
    expect(await holidayRegionOf(db, FILE_ID)).toBeUndefined()
    expect((await chooseHolidayRegion(db, FILE_ID, 'AU-QLD', 1)).ok).toBe(true)
    expect((await chooseHolidayRegion(db, FILE_ID, 'AU-XYZ', 1)).ok).toBe(false)
    expect(await holidayRegionOf(db, FILE_ID)).toBe('AU-QLD')
    expect(await holidayRegionOf(db, FILE_ID + 1)).toBeUndefined()
  })
})

describe('projected balance from the database', () => {
  it('76 h less two queued requests (22.8 h each) and this one (7.6 h) leaves 22.8 h', async () => {
    const { db, repo } = await setUp()
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1000)
    await draftInStatus(repo, 'queued')
    await draftInStatus(repo, 'queued')
    await draftInStatus(repo, 'draft') // not on its way: not counted
    const mine = await repo.createDraft(FILE_ID, content('2026-05-04', '2026-05-04'))
    const draws = await balanceDrawsOf(db, FILE_ID, 11, await repo.referenceAsOf(FILE_ID, 'employees'))
    const result = projectBalance({
      balance: { name: 'Annual Leave', hours: 76 },
      balanceAsOf: 1000,
      thisRequest: { id: mine.id, employeeId: 11, leaveTypePayItemId: 501, leaveStatus: 'Approved', paidHours: 7.6 },
      others: draws
    })
    expect(result).toMatchObject({ committedCount: 2, committedHours: 45.6, afterHours: 22.8 })
  })

  it('counts a request synced after the balance was fetched', async () => {
    const { db, repo } = await setUp()
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1000)
    await synced(repo)
    const draws = await balanceDrawsOf(db, FILE_ID, 11, 1000)
    expect(draws.map((d) => [d.status, d.paidHours])).toEqual([['synced', 22.8]])
    expect(await balanceDrawsOf(db, FILE_ID, 11, Date.UTC(2030, 0, 1))).toEqual([])
  })
})
