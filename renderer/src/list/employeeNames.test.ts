import { describe, expect, it } from 'vitest'
import { EMPLOYEES, FILE_ID, openTestDb, testRepository, validContent } from '../db/testSupport/openTestDb'
import { DRAFT_STATUSES } from '../drafts/draftStatus'
import { employeeNames } from './employeeNames'
import { listDraftIds } from './listDraftIds'

describe("the employees' names a search keeps between keystrokes", () => {
  it('follow a refresh of the employees: a renamed person is found by the new name, not the old', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
    const draft = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
    const find = (search: string) => listDraftIds(db, FILE_ID, { statuses: DRAFT_STATUSES, search })
    expect(await find('aroha')).toEqual([draft.id])
    expect(await employeeNames(db, FILE_ID)).toContainEqual({ id: 11, name: 'aroha ngata' })

    const renamed = EMPLOYEES.map((employee) => (employee.Id === 11 ? { ...employee, FirstName: 'Mere', DisplayName: 'Mere Ngata' } : employee))
    await repo.replaceEmployees(FILE_ID, renamed, 2)
    expect(await find('aroha')).toEqual([])
    expect(await find('mere')).toEqual([draft.id])
  })

  it('are read in the caller’s transaction when there is one, so it cannot commit while they are read', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
    const draft = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
    const [first, again] = await db.transaction('r', db.drafts, db.employees, db.leaveTypes, async () => [
      await listDraftIds(db, FILE_ID, { statuses: DRAFT_STATUSES, search: 'aroha' }),
      await listDraftIds(db, FILE_ID, { statuses: DRAFT_STATUSES, search: 'ngata' })
    ])
    expect({ first, again }).toEqual({ first: [draft.id], again: [draft.id] })
  })
})
