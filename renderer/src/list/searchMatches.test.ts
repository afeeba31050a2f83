import { IDBIndex as FakeIndex } from 'fake-indexeddb'
import { LEAVE_STATUSES } from '../../../shared/leaveRequestSchema'
import { describe, expect, it } from 'vitest'
import { WORKING_STATUSES, type DraftRecord, type LeaveDeskDb } from '../db'
import { startingWith } from '../db/keyRanges'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, OTHER_FILE_ID, openTestDb, SICK_LEAVE, testRepository, validContent } from '../db/testSupport/openTestDb'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import { draftMatchesSearch, searchWords, type SearchNames } from './draftSearch'
import { listDraftIds, listFirstDrafts } from './listDraftIds'
import { countSearchMatches } from './searchCounts'
import { searchMatches } from './searchMatches'

/**
 * The indexed search must find exactly what reading every draft and testing it (draftMatchesSearch, the
 * list's rules before the word index) finds, in the same order, on a real (fake) IndexedDB holding many
 * drafts of every kind: several employees with overlapping names, leave types, notes with punctuation,
 * dates over three years (and none), every status, deleted drafts, another file.
 */
const MORE_EMPLOYEES = [
  { Id: 14, FirstName: 'Olivia', LastName: 'Brown', DisplayName: 'Olivia Brown', IsActive: true },
  { Id: 15, FirstName: 'Oliver', LastName: 'Ngo', DisplayName: 'Oliver Ngo', IsActive: true }
]
const EMPLOYEE_IDS = [11, 12, 13, 14, 15, 99] // 99: not in the cache, so no name to find it by
const NOTES = ['', 'Family visit', 'Dentist, then home', 'family-friendly (school) holiday', 'Christmas with family', 'REF 2026-12-24']
const DRAFTS = 400

/** A small deterministic generator, so a failure can be replayed. */
function sequence(seed: number): () => number {
  let state = seed
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648
    return state / 2_147_483_648
  }
}

/** A stored draft with creation number `seq` and these fields; the rest as every generated draft has them. */
function generatedDraft(
  seq: number,
  fields: Pick<DraftRecord, 'id' | 'fileId' | 'status' | 'employeeId' | 'leaveTypePayItemId' | 'startDate' | 'endDate' | 'notes' | 'deletedAt'> &
    Partial<Pick<DraftRecord, 'leaveStatus'>>
): DraftRecord {
  return { leaveStatus: 'Approved', ...fields, seq, attempts: 0, items: [], createdAt: seq, updatedAt: seq }
}

async function manyDrafts(): Promise<{ db: LeaveDeskDb; names: SearchNames }> {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, [...EMPLOYEES, ...MORE_EMPLOYEES], 1)
  await repo.replaceEmployees(OTHER_FILE_ID, MORE_EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE, SICK_LEAVE], 1)
  const random = sequence(16)
  const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
  const drafts: DraftRecord[] = []
  for (let seq = 1; seq <= DRAFTS; seq += 1) {
    const start = new Date(Date.UTC(2025, 0, 1) + Math.floor(random() * 1_000) * 86_400_000).toISOString().slice(0, 10)
    const end = new Date(Date.parse(start) + Math.floor(random() * 3) * 86_400_000).toISOString().slice(0, 10)
    const dated = random() > 0.1
    drafts.push(
      generatedDraft(seq, {
        id: `d${seq}`,
        fileId: random() > 0.1 ? FILE_ID : OTHER_FILE_ID,
        status: pick(DRAFT_STATUSES),
        employeeId: pick(EMPLOYEE_IDS),
        leaveTypePayItemId: pick([ANNUAL_LEAVE.Id, SICK_LEAVE.Id, 777]),
        startDate: dated ? start : '',
        endDate: dated ? end : '',
        notes: pick(NOTES),
        leaveStatus: pick(LEAVE_STATUSES),
        ...(random() > 0.93 ? { deletedAt: seq + 1 } : {})
      })
    )
  }
  // Written as the app writes: through Dexie, whose middleware derives the index fields.
  await db.drafts.bulkAdd(drafts)
  const [employees, leaveTypes] = await Promise.all([
    db.employees.where('[fileId+id]').between(...startingWith(FILE_ID), true, true).toArray(),
    db.leaveTypes.where('[fileId+id]').between(...startingWith(FILE_ID), true, true).toArray()
  ])
  return {
    db,
    names: { employeesById: new Map(employees.map((e) => [e.id, e])), leaveTypesById: new Map(leaveTypes.map((t) => [t.id, t])) }
  }
}

/** Every draft of the file, read whole and tested one by one, newest first. */
async function readEveryDraft(db: LeaveDeskDb, names: SearchNames, search: string): Promise<DraftRecord[]> {
  const all = await db.drafts.where('[fileId+seq]').between(...startingWith(FILE_ID), true, true).toArray()
  return all.filter((draft) => draftMatchesSearch(draft, searchWords(search), names)).reverse()
}

const SEARCHES = [
  'olivia', 'OLIV', 'aroha', 'ng', 'o', 'annual', 'carer', 'leave', 'dec', 'december', 'ember', '2026', '2026-12', '12-24',
  '24', '-0', 'dent', 'dentist,', 'friendly', 'school', 'school)', 'home', 'family', 'olivia dec', 'annual 2026 home',
  'oliver carer', 'nobody', 'xmas', 'ref', 'pending', 'pend', 'Approved', 'app', 'ap', 'olivia rejected', 'pending dec'
]
const STATUS_FILTERS: readonly (readonly DraftStatus[])[] = [WORKING_STATUSES, DRAFT_STATUSES, ['draft'], ['synced'], ['needs-attention']]

describe('the indexed search', () => {
  it('finds exactly what testing every draft finds, in the same order, for every kind of search and filter', async () => {
    const { db, names } = await manyDrafts()
    let found = 0
    for (const search of SEARCHES) {
      const expected = await readEveryDraft(db, names, search)
      for (const statuses of STATUS_FILTERS) {
        const wanted = expected.filter((draft) => draft.deletedAt === undefined && statuses.includes(draft.status)).map((draft) => draft.id)
        expect({ search, statuses, ids: await listDraftIds(db, FILE_ID, { statuses, search }) }).toEqual({ search, statuses, ids: wanted })
        found += wanted.length
      }
      const counts = Object.fromEntries(DRAFT_STATUSES.map((status) => [status, 0])) as Record<DraftStatus, number>
      for (const draft of expected) if (draft.deletedAt === undefined) counts[draft.status] += 1
      const deleted = expected.filter((draft) => draft.deletedAt !== undefined).length
      expect({ search, ...(await countSearchMatches(db, FILE_ID, search)) }).toEqual({ search, counts, deleted, twice: 0 })
    }
    expect(found).toBeGreaterThan(DRAFTS) // the searches do find drafts, so the comparison means something
  }, 180_000)

  it('orders many matches from the indexes exactly as reading them whole does', async () => {
    const { db, names } = await manyDrafts()
    for (const search of ['o', 'annual', '2026', 'oliv', 'family', 'pending']) {
      const byIndexes = await searchMatches(db, FILE_ID, searchWords(search), { readWholeUpTo: 0 })
      const byReading = await searchMatches(db, FILE_ID, searchWords(search), { readWholeUpTo: Infinity })
      expect(byIndexes).toEqual(byReading)
      expect(byIndexes.map((match) => match.id)).toEqual((await readEveryDraft(db, names, search)).map((draft) => draft.id))
    }
  }, 60_000)

  it('follows an edit of the notes and a change of status', async () => {
    const { db } = await manyDrafts()
    const repo = testRepository(db)
    const fresh = await repo.createDraft(FILE_ID, validContent({ employeeId: 12, notes: 'Wedding in Rotorua' }))
    const find = (search: string, statuses: readonly DraftStatus[] = WORKING_STATUSES) => listDraftIds(db, FILE_ID, { statuses, search })
    expect(await find('rotorua')).toEqual([fresh.id])
    await repo.updateDraft(fresh.id, { notes: 'Wedding in Taupō' })
    expect(await find('rotorua')).toEqual([])
    expect(await find('taupō')).toEqual([fresh.id])
    await repo.queueDraft(fresh.id)
    expect(await find('taupō', ['queued'])).toEqual([fresh.id])
    expect((await listDraftIds(db, FILE_ID, { statuses: ['queued'], search: '' }))[0]).toBe(fresh.id)
    await repo.deleteDraft(fresh.id)
    expect(await find('taupō', DRAFT_STATUSES)).toEqual([])
  }, 60_000)
})

describe('a name several people share', () => {
  // 30 people called Olivia and 2 others, 2,400 drafts: more matches than searchMatches reads whole
  // (2,000), so a slip in merging the people's index keys by creation number would show here.
  const OLIVIAS = Array.from({ length: 30 }, (_, i) => ({ Id: 100 + i, FirstName: 'Olivia', LastName: `Surname${i}`, DisplayName: `Olivia Surname${i}`, IsActive: true }))
  const OTHERS = [
    { Id: 200, FirstName: 'Oliver', LastName: 'Ngo', DisplayName: 'Oliver Ngo', IsActive: true },
    { Id: 201, FirstName: 'Aroha', LastName: 'Ngata', DisplayName: 'Aroha Ngata', IsActive: true }
  ]

  it('is found from those people\'s index keys in the order, statuses and counts that testing every draft gives', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await repo.replaceEmployees(FILE_ID, [...OLIVIAS, ...OTHERS], 1)
    await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE, SICK_LEAVE], 1)
    const random = sequence(30)
    const pick = <T,>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T
    const people = [...OLIVIAS, ...OLIVIAS, ...OLIVIAS, ...OLIVIAS, ...OTHERS].map((employee) => employee.Id)
    const drafts: DraftRecord[] = Array.from({ length: 2_400 }, (_, i) => {
      const seq = i + 1
      const start = new Date(Date.UTC(2024, 0, 1) + Math.floor(random() * 900) * 86_400_000).toISOString().slice(0, 10)
      return generatedDraft(seq, {
        // Ids that sort unlike creation order, so an order taken from the ids would fail.
        id: `${Math.floor(random() * 1e9).toString(36)}-${seq}`,
        fileId: random() > 0.05 ? FILE_ID : OTHER_FILE_ID,
        status: pick(DRAFT_STATUSES),
        employeeId: pick(people),
        leaveTypePayItemId: pick([ANNUAL_LEAVE.Id, SICK_LEAVE.Id]),
        startDate: start,
        endDate: start,
        notes: pick(NOTES),
        ...(random() > 0.95 ? { deletedAt: seq + 1 } : {})
      })
    })
    await db.drafts.bulkAdd(drafts)
    const employees = await db.employees.where('[fileId+id]').between(...startingWith(FILE_ID), true, true).toArray()
    const leaveTypes = await db.leaveTypes.where('[fileId+id]').between(...startingWith(FILE_ID), true, true).toArray()
    const names: SearchNames = { employeesById: new Map(employees.map((e) => [e.id, e])), leaveTypesById: new Map(leaveTypes.map((t) => [t.id, t])) }
    const newestFirst = drafts.filter((draft) => draft.fileId === FILE_ID).reverse()

    for (const search of ['olivia', 'liv', 'family olivia', 'olivia surname1']) {
      const expected = newestFirst.filter((draft) => draftMatchesSearch(draft, searchWords(search), names))
      const matches = await searchMatches(db, FILE_ID, searchWords(search))
      expect({ search, matches }).toEqual({
        search,
        matches: expected.map((draft) => ({ id: draft.id, status: draft.status, deleted: draft.deletedAt !== undefined }))
      })
    }
    for (const statuses of [DRAFT_STATUSES, WORKING_STATUSES]) {
      const wanted = newestFirst.filter((draft) => draft.deletedAt === undefined && statuses.includes(draft.status) && draftMatchesSearch(draft, ['olivia'], names))
      expect({ statuses, ids: await listDraftIds(db, FILE_ID, { statuses, search: 'Olivia' }) }).toEqual({ statuses, ids: wanted.map((draft) => draft.id) })
    }
    const olivias = newestFirst.filter((draft) => draftMatchesSearch(draft, ['olivia'], names))
    expect(olivias.length).toBeGreaterThan(2_000)
    const counts = Object.fromEntries(DRAFT_STATUSES.map((status) => [status, 0])) as Record<DraftStatus, number>
    for (const draft of olivias) if (draft.deletedAt === undefined) counts[draft.status] += 1
    const deleted = olivias.filter((draft) => draft.deletedAt !== undefined).length
    expect(await countSearchMatches(db, FILE_ID, 'Olivia')).toEqual({ counts, deleted, twice: 0 })

    // The list's first screenful: from the named people's own newest drafts, a screenful and more, and
    // always the start of the whole answer (a person read less deep than another would leave a gap).
    for (const search of ['olivia', 'Olivia surname1', 'olivia family', 'family olivia', 'oliv 2024']) {
      for (const statuses of [DRAFT_STATUSES, WORKING_STATUSES, ['draft' as const]]) {
        const all = await listDraftIds(db, FILE_ID, { statuses, search })
        const first = (await listFirstDrafts(db, FILE_ID, { statuses, search })).map((draft) => draft.id)
        expect({ search, statuses, first }).toEqual({ search, statuses, first: all.slice(0, first.length) })
      }
    }
    expect((await listFirstDrafts(db, FILE_ID, { statuses: DRAFT_STATUSES, search: 'olivia' })).length).toBeGreaterThan(100)
  }, 180_000)
})

describe('a name several people share, where IndexedDB has no getAllRecords', () => {
  async function twoOlivers() {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await repo.replaceEmployees(FILE_ID, [...EMPLOYEES, ...MORE_EMPLOYEES], 1)
    const olivia = await repo.createDraft(FILE_ID, validContent({ employeeId: 14 }))
    await repo.createDraft(FILE_ID, validContent({ employeeId: 15 }))
    await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
    return { db, repo, olivia }
  }

  it('is found the same, the drafts then read whole (as in a live query)', async () => {
    const { db, repo, olivia } = await twoOlivers()
    await repo.queueDraft(olivia.id)
    const withRecords = await searchMatches(db, FILE_ID, ['oliv'])
    const saved = Object.getOwnPropertyDescriptor(FakeIndex.prototype, 'getAllRecords')
    delete (FakeIndex.prototype as { getAllRecords?: unknown }).getAllRecords
    try {
      expect(await searchMatches(db, FILE_ID, ['oliv'])).toEqual(withRecords)
    } finally {
      if (saved) Object.defineProperty(FakeIndex.prototype, 'getAllRecords', saved)
    }
    expect(withRecords.map((match) => match.status)).toEqual(['draft', 'queued'])
  })
})

describe('the drafts a read gives back', () => {
  it('never carry the fields the database derives for its indexes', async () => {
    const { db } = await manyDrafts()
    const one = await db.drafts.get('d1')
    const some = await db.drafts.where('[fileId+seq]').between(...startingWith(FILE_ID), true, true).limit(5).toArray()
    const each: DraftRecord[] = []
    await db.drafts.limit(3).each((draft) => void each.push(draft))
    for (const draft of [one, ...some, ...each]) {
      expect(draft).toBeDefined()
      expect(draft).not.toHaveProperty('words')
      expect(draft).not.toHaveProperty('shelf')
    }
  })
})
