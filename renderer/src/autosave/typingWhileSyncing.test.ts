import { describe, expect, it } from 'vitest'
import { FILE_ID, validContent } from '../db/testSupport/openTestDb'
import { emptyDraftContent, pickDraftContent, type DraftContent } from '../drafts/draftContent'
import { runnerFixture } from '../sync/testSupport/runnerFixture'
import { createAutosaver } from './createAutosaver'
import { saveDraftContent } from './useDraftAutosaver'

/**
 * The clerk types into a draft while a batch goes out, the batch's group writer giving way to each
 * keystroke's save (real fake-indexeddb, the real runner, the workspace's save): nothing typed is lost,
 * and the batch still sends every draft once.
 */
describe('typing while a batch syncs', () => {
  it('stores every keystroke’s text, the last one last, and the batch still sends every draft', async () => {
    const f = await runnerFixture()
    const queued = await f.queue([11, 12, 13, 14, 15, 16, 17, 18])
    const typedInto = await f.repo.createDraft(FILE_ID, validContent({ employeeId: 21, notes: '' }))
    const failures: unknown[] = []
    const autosaver = createAutosaver<DraftContent>({ write: saveDraftContent(f.repo), onError: (_id, error) => failures.push(error) })

    const run = f.runner.syncNow()
    let content: DraftContent = { ...emptyDraftContent(), ...pickDraftContent(typedInto) }
    const typed = 'Back on Monday'
    for (const letter of typed) {
      content = { ...content, notes: content.notes + letter }
      autosaver.save(typedInto.id, content)
      await autosaver.whenIdle()
      expect((await f.repo.getDraft(typedInto.id))?.notes).toBe(content.notes) // saved as typed, not after the batch
    }

    expect(await run).toMatchObject({ ran: true, synced: queued.length })
    expect(failures).toEqual([])
    expect((await f.repo.getDraft(typedInto.id))?.notes).toBe(typed)
    expect(f.api.posts).toHaveLength(queued.length)
  })

  it('stores the newest text when keystrokes come faster than the saves', async () => {
    const f = await runnerFixture()
    await f.queue([11, 12, 13, 14])
    const typedInto = await f.repo.createDraft(FILE_ID, validContent({ employeeId: 21, notes: '' }))
    const autosaver = createAutosaver<DraftContent>({ write: saveDraftContent(f.repo), onError: () => undefined })

    const run = f.runner.syncNow()
    let content: DraftContent = { ...emptyDraftContent(), ...pickDraftContent(typedInto) }
    for (const letter of 'handover') {
      content = { ...content, notes: content.notes + letter }
      autosaver.save(typedInto.id, content) // no wait: later ones coalesce behind the one in flight
    }
    await autosaver.whenIdle()
    await run
    expect((await f.repo.getDraft(typedInto.id))?.notes).toBe('handover')
  })
})
