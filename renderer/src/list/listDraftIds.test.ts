// Dexie's live queries read the IndexedDB globals when Dexie loads: install fake-indexeddb's first.
import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { describe, expect, it } from 'vitest'
import { WORKING_STATUSES } from '../db'
import { EMPLOYEES, FILE_ID, OTHER_FILE_ID, openTestDb, testRepository, validContent } from '../db/testing/openTestDb'
import { draftsChangeSignal, listDraftIds } from './listDraftIds'

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

  it('finds drafts by part of the employee’s name, in any case, and leaves out drafts with no employee', async () => {
    const { db, ids } = await withDrafts()
    expect(await listDraftIds(db, FILE_ID, { statuses: WORKING_STATUSES, search: ' ARO ' })).toEqual([ids.aroha])
    expect(await listDraftIds(db, FILE_ID, { statuses: WORKING_STATUSES, search: 'nobody' })).toEqual([])
  })
})

describe('draftsChangeSignal', () => {
  it('wakes its live query on every kind of change the list shows, even a notes-only autosave', async () => {
    const { db, repo, ids } = await withDrafts()
    let wakes = 0
    let woken: () => void = () => {}
    const subscription = liveQuery(() => draftsChangeSignal(db, FILE_ID)).subscribe(() => {
      wakes += 1
      woken()
    })
    const nextWake = () => new Promise<void>((resolve) => (woken = resolve))
    await nextWake()
    const changes = [
      () => repo.updateDraft(ids.aroha, { notes: 'changed only the notes' }),
      () => repo.updateDraft(ids.empty, { employeeId: 12 }),
      () => repo.unqueueDraft(ids.bruno),
      () => repo.deleteDraft(ids.aroha),
      () => repo.createDraft(FILE_ID),
      () => repo.replaceEmployees(FILE_ID, EMPLOYEES.slice(0, 1), 2)
    ]
    for (const change of changes) {
      const wake = nextWake()
      await change()
      await wake
    }
    subscription.unsubscribe()
    expect(wakes).toBe(changes.length + 1)
  })
})
