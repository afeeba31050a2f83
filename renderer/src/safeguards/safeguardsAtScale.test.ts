import { describe, expect, it } from 'vitest'
import { addDays } from '../../../shared/calendarDate'
import { isExactDuplicate } from '../../../shared/safeguards'
import { FILE_ID, openTestDb, testRepository, validContent } from '../db/testSupport/openTestDb'
import type { DraftRecord } from '../db/records'
import { confirmDuplicate, duplicatesToHoldBack } from './draftClashes'
import { fileLeaveBetween } from './leaveNearby'

/**
 * The safeguards' index reads over a history of many drafts, checked against the plain definition
 * worked out over every row: the key-only reads must find exactly what reading everything finds.
 */
const COUNT = 600
const EMPLOYEE_IDS = Array.from({ length: 24 }, (_, i) => 100 + i)

/** Draft n: one- to three-day requests, one employee's a week apart; every 25th and 40th repeat an earlier one exactly, every 35th starts with the one before but ends later. */
function historyContent(n: number) {
  const base = n % 25 === 24 ? n - 3 : n % 40 === 39 || n % 35 === 34 ? n - 1 : n
  const startDate = addDays('2025-01-06', Math.floor(base / EMPLOYEE_IDS.length) * 7 + (base % 5))
  const endDate = addDays(startDate, (base % 3) + (n % 35 === 34 ? 1 : 0))
  return validContent({
    employeeId: EMPLOYEE_IDS[base % EMPLOYEE_IDS.length],
    leaveTypePayItemId: base % 4 === 0 ? 502 : 501,
    startDate,
    endDate,
    items: [{ date: startDate, hours: 7.6, isPaid: true }]
  })
}

async function storedHistory() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  const drafts: DraftRecord[] = []
  await db.transaction('rw', db.tables, async () => {
    for (let n = 0; n < COUNT; n += 1) drafts.push(await repo.createDraft(FILE_ID, historyContent(n)))
  })
  // Years of sending: two in three long synced; a few deleted; a few duplicates the clerk confirmed.
  await db.drafts.where('seq').above(0).modify((draft) => {
    if (draft.seq % 3 !== 0) draft.status = 'synced'
  })
  for (const draft of drafts.filter((_, n) => n % 97 === 24)) await repo.deleteDraft(draft.id)
  for (const draft of drafts.filter((_, n) => n % 150 === 49)) await confirmDuplicate(db, draft, 5)
  return { db }
}

/** What "Queue all ready" must hold back, by definition: every live, unconfirmed plain draft with an exact duplicate among all live rows. */
async function heldBackByDefinition(db: Awaited<ReturnType<typeof storedHistory>>['db']) {
  const all = (await db.drafts.toArray()).filter((draft) => draft.fileId === FILE_ID && draft.deletedAt === undefined).sort((a, b) => a.seq - b.seq)
  const confirmed = new Set((await db.confirmedDuplicates.toArray()).map((row) => row.draftId))
  return all
    .filter((draft) => draft.status === 'draft' && !confirmed.has(draft.id))
    .flatMap((draft) => {
      const duplicateOf = all.find((other) => other.id !== draft.id && isExactDuplicate(draft, other))
      return duplicateOf ? [[draft.id, duplicateOf.id]] : []
    })
}

describe('safeguards over a long history', () => {
  it('Queue all ready holds back exactly the unconfirmed plain duplicates, whatever they duplicate', async () => {
    const { db } = await storedHistory()
    const expected = await heldBackByDefinition(db)
    const held = await duplicatesToHoldBack(db, FILE_ID)
    expect(held.map((entry) => [entry.draft.id, entry.duplicateOf.id])).toEqual(expected)
    // Each way of reading, and a few rows at a time (as a history of 100,000 is read), gives the same answer.
    for (const tuning of [
      { rowsPerGroupForOneRead: 0, rowsAtOnce: 3, requestCostInRows: 10 },
      { rowsPerGroupForOneRead: 0, rowsAtOnce: 2_000, requestCostInRows: 10 },
      { rowsPerGroupForOneRead: 1_000, rowsAtOnce: 2_000, requestCostInRows: 1 },
      { rowsPerGroupForOneRead: 1_000, rowsAtOnce: 2_000, requestCostInRows: 1_000 }
    ]) {
      const read = await duplicatesToHoldBack(db, FILE_ID, tuning)
      expect(read.map((entry) => [entry.draft.id, entry.duplicateOf.id]), JSON.stringify(tuning)).toEqual(expected)
    }
    // The history really has both kinds: plain duplicating synced, and plain duplicating plain.
    expect(held.some((entry) => entry.duplicateOf.status === 'synced')).toBe(true)
    expect(held.some((entry) => entry.duplicateOf.status === 'draft')).toBe(true)
  })

  it('the calendar month finds every request sharing a day with it, long ones from before it and drafts with odd dates alike', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await db.transaction('rw', db.tables, async () => {
      for (let n = 0; n < 400; n += 1) {
        const startDate = addDays('2026-01-05', (n * 3) % 150)
        // Mostly short; one in six long, up to the 64-day limit.
        const span = n % 6 === 0 ? 20 + ((n * 7) % 44) : n % 4
        await repo.createDraft(FILE_ID, validContent({ employeeId: EMPLOYEE_IDS[n % EMPLOYEE_IDS.length], startDate, endDate: addDays(startDate, span), items: [] }))
      }
      // Drafts still being typed: no end yet, dates the wrong way round, longer than the rule allows.
      await repo.createDraft(FILE_ID, validContent({ startDate: '2026-03-10', endDate: '', items: [] }))
      await repo.createDraft(FILE_ID, validContent({ startDate: '2026-03-20', endDate: '2026-01-02', items: [] }))
      await repo.createDraft(FILE_ID, validContent({ startDate: '2026-03-01', endDate: '2026-07-30', items: [] }))
    })
    const gone = await db.drafts.where('seq').equals(7).first()
    await repo.deleteDraft(gone!.id)
    const all = await db.drafts.toArray()
    for (const [first, last] of [
      ['2026-03-30', '2026-05-10'],
      ['2026-04-27', '2026-06-07'],
      ['2026-01-26', '2026-03-08']
    ] as const) {
      const expected = all
        .filter((draft) => draft.deletedAt === undefined && draft.startDate !== '' && draft.endDate !== '')
        .filter((draft) => draft.startDate <= last && draft.endDate >= first && draft.startDate >= addDays(first, -63))
        .sort((a, b) => (a.startDate < b.startDate ? -1 : a.startDate > b.startDate ? 1 : a.id < b.id ? -1 : 1))
      const found = await fileLeaveBetween(db, FILE_ID, first, last)
      expect(found.map((draft) => draft.id), first).toEqual(expected.map((draft) => draft.id))
      expect(found.some((draft) => draft.startDate < first)).toBe(true)
    }
  })
})
