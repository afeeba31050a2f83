import { describe, expect, it } from 'vitest'
import { WORKING_STATUSES } from '../db'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, OTHER_FILE_ID, openTestDb, SICK_LEAVE, testRepository, validContent } from '../db/testSupport/openTestDb'
import { draftIdsAffectingList, listDraftIds, listFirstDrafts, type DraftIdsQuery } from './listDraftIds'

/** The list's cheap query must show exactly what repo.listDrafts would, only as ids. */
async function withDrafts() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  const aroha = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
  const bruno = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
  const empty = await repo.createDraft(FILE_ID)
  const gone = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
  await repo.createDraft(OTHER_FILE_ID, validContent({ employeeId: 11 }))
  await repo.queueDraft(bruno.id)
  await repo.deleteDraft(gone.id)
  return { db, repo, ids: { aroha: aroha.id, bruno: bruno.id, empty: empty.id } }
}

describe('listDraftIds', () => {
  it('gives the file’s live drafts newest first, as listDrafts does', async () => {
    const { db, repo, ids } = await withDrafts()
    const shown = await listDraftIds(db, FILE_ID, { statuses: WORKING_STATUSES, search: '' })
    expect(shown).toEqual([ids.empty, ids.bruno, ids.aroha])
    const full = await repo.listDrafts(FILE_ID, { order: 'created' })
    expect(shown).toEqual(full.map((draft) => draft.id).reverse())
  })

  it('keeps only the chosen statuses', async () => {
    const { db, ids } = await withDrafts()
    expect(await listDraftIds(db, FILE_ID, { statuses: ['queued'], search: '' })).toEqual([ids.bruno])
    expect(await listDraftIds(db, FILE_ID, { statuses: ['synced'], search: '' })).toEqual([])
  })

  it('finds drafts by part of the employee’s name, in any case', async () => {
    const { db, ids } = await withDrafts()
    expect(await listDraftIds(db, FILE_ID, { statuses: WORKING_STATUSES, search: ' ARO ' })).toEqual([ids.aroha])
    expect(await listDraftIds(db, FILE_ID, { statuses: WORKING_STATUSES, search: 'nobody' })).toEqual([])
  })

  it('finds drafts by leave type, notes and dates, every word somewhere', async () => {
    const { db, repo, ids } = await withDrafts()
    await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE, SICK_LEAVE], 1)
    await repo.updateDraft(ids.aroha, { notes: 'Christmas with family', startDate: '2026-12-21', endDate: '2026-12-24', items: [] })
    await repo.updateDraft(ids.empty, { leaveTypePayItemId: SICK_LEAVE.Id })
    const find = (search: string) => listDraftIds(db, FILE_ID, { statuses: WORKING_STATUSES, search })
    expect(await find('annual')).toEqual([ids.bruno, ids.aroha])
    expect(await find('carer')).toEqual([ids.empty])
    expect(await find('dec')).toEqual([ids.aroha])
    expect(await find('annual dec')).toEqual([ids.aroha])
    expect(await find('CHRISTMAS')).toEqual([ids.aroha])
    expect(await find('2026-12-24')).toEqual([ids.aroha])
    expect(await find('annual december')).toEqual([ids.aroha])
    expect(await find('carer dec')).toEqual([])
  })
})

const listFirstDraftIds = async (...args: [Parameters<typeof listFirstDrafts>[0], number, DraftIdsQuery, number?]) =>
  (await listFirstDrafts(...args)).map((draft) => draft.id)

describe('listFirstDrafts, as ids', () => {
  it('gives a prefix of listDraftIds, for every filter and search', async () => {
    const { db } = await withDrafts()
    const queries = [
      { statuses: WORKING_STATUSES, search: '' },
      { statuses: ['queued' as const], search: '' },
      { statuses: WORKING_STATUSES, search: 'aro' },
      { statuses: ['synced' as const], search: '' }
    ]
    for (const query of queries) {
      const all = await listDraftIds(db, FILE_ID, query)
      expect(await listFirstDraftIds(db, FILE_ID, query)).toEqual(all)
      const first = await listFirstDraftIds(db, FILE_ID, query, 2)
      expect(all.slice(0, first.length)).toEqual(first)
    }
  })
})

describe('a request possibly in payroll twice', () => {
  it('is listed under Needs attention and All open as well as Synced, in creation order, and the first screenful stays a prefix', async () => {
    const { db, repo, ids } = await withDrafts()
    const newest = await db.drafts.orderBy('seq').last()
    const flagged = { ...newest!, fileId: FILE_ID, id: 'twice', seq: newest!.seq + 1, status: 'synced' as const, serverId: 815, possiblyTwice: { otherServerId: 816, clerkName: 'Ben', foundAt: 1 } }
    const quiet = { ...flagged, id: 'synced-quiet', seq: newest!.seq + 2, possiblyTwice: undefined }
    await db.drafts.bulkAdd([flagged, quiet])
    const later = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    const queries = [
      { statuses: WORKING_STATUSES, search: '' },
      { statuses: ['needs-attention' as const], search: '' },
      { statuses: ['synced' as const], search: '' },
      { statuses: WORKING_STATUSES, search: 'aro' }
    ]
    const expected = [[later.id, 'twice', ids.empty, ids.bruno, ids.aroha], ['twice'], ['synced-quiet', 'twice'], ['twice', ids.aroha]]
    for (const [index, query] of queries.entries()) {
      const all = await listDraftIds(db, FILE_ID, query)
      expect(all).toEqual(expected[index])
      for (const scan of [1, 2, 3, 60]) {
        const first = await listFirstDraftIds(db, FILE_ID, query, scan)
        expect(all.slice(0, first.length)).toEqual(first)
      }
    }
    // Rejected, it is done with: under Synced only.
    await db.drafts.update('twice', { leaveStatus: 'Rejected' })
    expect(await listDraftIds(db, FILE_ID, { statuses: ['needs-attention'], search: '' })).toEqual([])
    expect(await listDraftIds(db, FILE_ID, { statuses: ['synced'], search: '' })).toEqual(['synced-quiet', 'twice'])
  })
})

describe('listFirstDrafts', () => {
  it('finds the open drafts behind a run of newer synced ones, whole, in the list’s order', async () => {
    const { db, ids } = await withDrafts()
    const newest = await db.drafts.orderBy('seq').last()
    const synced = Array.from({ length: 80 }, (_, i) => ({ ...newest!, fileId: FILE_ID, id: `synced-${i}`, seq: newest!.seq + 1 + i, status: 'synced' as const }))
    await db.drafts.bulkAdd(synced)
    const first = await listFirstDrafts(db, FILE_ID, { statuses: WORKING_STATUSES, search: '' })
    expect(first.map((draft) => draft.id)).toEqual([ids.empty, ids.bruno, ids.aroha])
    expect(first[1]).toMatchObject({ id: ids.bruno, status: 'queued', employeeId: 12 })
    expect((await listFirstDrafts(db, FILE_ID, { statuses: ['synced'], search: '' }, 3)).map((draft) => draft.id)).toEqual(['synced-79', 'synced-78', 'synced-77'])
  })
})

describe('draftIdsAffectingList', () => {
  it('tells the writes that add a draft to the list or take one out from those that leave it as it is', async () => {
    const { db, repo, ids } = await withDrafts()
    const working = { statuses: WORKING_STATUSES, search: '' }
    const affects = async (query: typeof working, id: string) => {
      const shown = new Set(await listDraftIds(db, FILE_ID, query))
      return (change: () => Promise<unknown>) =>
        change().then(() => draftIdsAffectingList(db, FILE_ID, query, [id], (shownId) => shown.has(shownId)))
    }
    // Notes, items, dates, even a status within the filter: same list.
    expect(await (await affects(working, ids.aroha))(() => repo.updateDraft(ids.aroha, { notes: 'only the notes' }))).toBe(false)
    expect(await (await affects(working, ids.bruno))(() => repo.unqueueDraft(ids.bruno))).toBe(false)
    // Leaving or entering the filter, deleting, restoring, a new draft: the list changes.
    expect(await (await affects({ statuses: ['draft'], search: '' }, ids.aroha))(() => repo.queueDraft(ids.aroha))).toBe(true)
    expect(await (await affects(working, ids.empty))(() => repo.deleteDraft(ids.empty))).toBe(true)
    expect(await (await affects(working, ids.empty))(() => repo.undoDelete(ids.empty))).toBe(true)
    const fresh = await repo.createDraft(FILE_ID)
    expect(await draftIdsAffectingList(db, FILE_ID, working, [fresh.id], () => false)).toBe(true)
    // A draft of another file never concerns this list; choosing an employee does while searching.
    const elsewhere = await repo.createDraft(OTHER_FILE_ID)
    expect(await draftIdsAffectingList(db, FILE_ID, working, [elsewhere.id], () => false)).toBe(false)
    const searching = { statuses: WORKING_STATUSES, search: 'bru' }
    expect(await (await affects(searching, ids.empty))(() => repo.updateDraft(ids.empty, { employeeId: 12 }))).toBe(true)
    // While searching, the notes count too.
    const byNotes = { statuses: WORKING_STATUSES, search: 'dentist' }
    expect(await (await affects(byNotes, ids.empty))(() => repo.updateDraft(ids.empty, { notes: 'Dentist, then home' }))).toBe(true)
  })
})
