import { describe, expect, it } from 'vitest'
import { countDeletedDrafts } from '../db/draftQueries'
import { EMPLOYEES, FILE_ID, OTHER_FILE_ID, openTestRepository, validContent } from '../db/testSupport/openTestDb'
import { deletedDraftsMatching, deletedWhen } from './deletedDrafts'

/** The Deleted view's rules: what it counts, lists and finds, and how it says when. */
describe('the Deleted view', () => {
  it('counts and lists the file’s deleted drafts, most recently deleted first, and a restored one leaves it', async () => {
    const { db, repo } = await openTestRepository()
    const first = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
    const second = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    const kept = await repo.createDraft(FILE_ID)
    const elsewhere = await repo.createDraft(OTHER_FILE_ID)
    for (const draft of [first, second, elsewhere]) await repo.deleteDraft(draft.id)

    expect(await countDeletedDrafts(db, FILE_ID)).toBe(2)
    expect((await repo.listDeletedDrafts(FILE_ID)).map((draft) => draft.id)).toEqual([second.id, first.id])

    await repo.undoDelete(second.id)
    expect(await countDeletedDrafts(db, FILE_ID)).toBe(1)
    expect(await repo.getDraft(second.id)).toMatchObject({ status: 'draft' })
    expect(await repo.getDraft(kept.id)).toBeDefined()
  })

  it('finds deleted drafts by part of the employee’s name, as the list’s search does', async () => {
    const { repo } = await openTestRepository()
    const aroha = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
    const bruno = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    const nobody = await repo.createDraft(FILE_ID)
    for (const draft of [aroha, bruno, nobody]) await repo.deleteDraft(draft.id)
    const deleted = await repo.listDeletedDrafts(FILE_ID)
    const names = { employeesById: new Map(EMPLOYEES.map((e) => [e.Id, { displayName: e.DisplayName }])), leaveTypesById: new Map() }

    expect(deletedDraftsMatching(deleted, '', names).map((d) => d.id)).toEqual([nobody.id, bruno.id, aroha.id])
    expect(deletedDraftsMatching(deleted, ' ARO ', names).map((d) => d.id)).toEqual([aroha.id])
    expect(deletedDraftsMatching(deleted, 'nobody', names)).toEqual([])
  })

  it('says when each was deleted in plain words', () => {
    const now = new Date(2026, 2, 4, 16, 0).getTime()
    expect(deletedWhen(new Date(2026, 2, 4, 14, 5).getTime(), now)).toBe('today at 14:05')
    expect(deletedWhen(new Date(2026, 2, 3, 9, 30).getTime(), now)).toBe('yesterday at 09:30')
    expect(deletedWhen(new Date(2025, 11, 24, 8, 0).getTime(), now)).toBe('on 24 Dec 2025 at 08:00')
  })
})
