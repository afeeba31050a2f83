import { Dexie } from 'dexie'
import { describe, expect, it, vi } from 'vitest'
import { EMPLOYEES, FILE_ID, openTestDb, OTHER_FILE_ID, testRepository, validContent } from '../db/testSupport/openTestDb'
import { countSearchMatches, watchSearchCounts, type FoundCounts } from './searchCounts'
import { sharedSearchMatches } from './sharedSearch'

/** Checks run on the next turn instead of when the page is idle (there is no page here). */
const soon = (run: () => void) => {
  const handle = setTimeout(run, 0)
  return () => clearTimeout(handle)
}

async function withDrafts() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  const first = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
  const second = await repo.createDraft(FILE_ID, validContent({ employeeId: 11, notes: 'School holidays' }))
  await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
  await repo.createDraft(OTHER_FILE_ID, validContent({ employeeId: 11 }))
  return { db, repo, first: first.id, second: second.id }
}

/** Watches the counts for `search` and answers the newest, waiting (boundedly) for the one wanted. */
function watch(db: Parameters<typeof watchSearchCounts>[0], search: string) {
  let newest: FoundCounts | undefined
  let answers = 0
  const stop = watchSearchCounts(db, FILE_ID, search, (found) => {
    newest = found
    answers += 1
  }, soon)
  return {
    stop,
    answers: () => answers,
    async until(wanted: (found: FoundCounts) => boolean): Promise<FoundCounts> {
      for (let turn = 0; turn < 600; turn += 1) {
        if (newest && wanted(newest)) return newest
        await new Promise((resolve) => setTimeout(resolve, 5))
      }
      throw new Error(`the counts never came to what was wanted; last: ${JSON.stringify(newest)}`)
    }
  }
}

describe('the status chips’ counts while searching', () => {
  it('count what the search finds, and follow each write: queued, edited out of the search, deleted, new', async () => {
    const { repo, db, first, second } = await withDrafts()
    const chips = watch(db, 'aroha')
    expect((await chips.until((found) => found.counts.draft === 2)).deleted).toBe(0)

    await repo.queueDraft(first)
    await chips.until((found) => found.counts.draft === 1 && found.counts.queued === 1)

    // Another employee: the search no longer finds it.
    await repo.updateDraft(second, { employeeId: 12 })
    await chips.until((found) => found.counts.draft === 0 && found.counts.queued === 1)

    await repo.unqueueDraft(first)
    await repo.deleteDraft(first)
    const afterDelete = await chips.until((found) => found.deleted === 1)
    expect(afterDelete.counts.draft).toBe(0)

    await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
    await repo.createDraft(OTHER_FILE_ID, validContent({ employeeId: 11 }))
    const settled = await chips.until((found) => found.counts.draft === 1)
    expect(settled).toEqual(await countSearchMatches(db, FILE_ID, 'aroha'))
    chips.stop()
  })

  it('count a request possibly in payroll twice under Needs attention as well as Synced, until its mark is cleared', async () => {
    const { repo, db, first } = await withDrafts()
    const sent = (await db.drafts.get(first))!
    await db.drafts.put({ ...sent, status: 'synced', serverId: 815, possiblyTwice: { otherServerId: 816, clerkName: 'Ben', foundAt: 1 } })
    const chips = watch(db, 'aroha')
    const flagged = await chips.until((found) => found.counts.synced === 1)
    expect(flagged.twice).toBe(1)
    expect(flagged).toEqual(await countSearchMatches(db, FILE_ID, 'aroha'))

    // Ben's copy was rejected: the mark comes off, the request stays synced.
    expect(await repo.markPossiblyTwice([{ draftId: first, mark: null }])).toBe(1)
    const cleared = await chips.until((found) => found.twice === 0)
    expect(cleared.counts.synced).toBe(1)
    chips.stop()
  })

  it('search again when the names change: a renamed employee is found by the new name', async () => {
    const { repo, db } = await withDrafts()
    const chips = watch(db, 'costa')
    await chips.until((found) => found.counts.draft === 1)
    await repo.replaceEmployees(
      FILE_ID,
      EMPLOYEES.map((employee) => (employee.Id === 11 ? { ...employee, DisplayName: 'Aroha Costa' } : employee)),
      2
    )
    await chips.until((found) => found.counts.draft === 3)
    chips.stop()
  })

  it('a write no draft of the search is touched by changes no number and tells the chips nothing', async () => {
    const { repo, db } = await withDrafts()
    const chips = watch(db, 'school')
    await chips.until((found) => found.counts.draft === 1)
    const bruno = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    await repo.updateDraft(bruno.id, { notes: 'Dentist' })
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(chips.answers()).toBe(1)
    chips.stop()
  })
})

describe('the status chips’ counts after a failed read', () => {
  it('come by themselves a moment later, with no write to prompt them', async () => {
    const { db } = await withDrafts()
    let failures = 1
    db.employees.hook('reading', (employee) => {
      if (failures > 0) {
        failures -= 1
        throw new Error('The database is reopening.')
      }
      return employee
    })
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    const chips = watch(db, 'aroha')
    await chips.until((found) => found.counts.draft === 2)
    expect(failures).toBe(0)
    expect(warn).toHaveBeenCalledWith('The status counts could not be read:', expect.any(Error))
    warn.mockRestore()
    chips.stop()
  })
})

describe('one search read shared by the list and the chips', () => {
  it('gives both readers of a keystroke the same read, and a reader after a write a new one that sees it', async () => {
    const { repo, db } = await withDrafts()
    const list = sharedSearchMatches(db, FILE_ID, ['aroha'])
    expect(sharedSearchMatches(db, FILE_ID, ['aroha'])).toBe(list)
    expect(await list).toHaveLength(2)

    const heard = new Promise<void>((resolve) => {
      const onMutated = () => {
        Dexie.on.storagemutated.unsubscribe(onMutated)
        resolve()
      }
      Dexie.on('storagemutated', onMutated)
    })
    const added = await repo.createDraft(FILE_ID, validContent({ employeeId: 11 }))
    await heard
    const after = await sharedSearchMatches(db, FILE_ID, ['aroha'])
    expect(after.map((match) => match.id)).toContain(added.id)
  })
})
