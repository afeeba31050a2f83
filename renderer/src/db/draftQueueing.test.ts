import { describe, expect, it } from 'vitest'
import { draftInStatus } from './testSupport/draftInStatus'
import { FILE_ID, OTHER_FILE_ID, openTestRepository, validContent } from './testSupport/openTestDb'

describe('queueing one draft', () => {
  it('refuses a draft that breaks the rules, returns the issues on the editor’s fields, and keeps it a draft', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID, validContent({ endDate: '2026-03-01', employeeId: undefined }))
    const result = await repo.queueDraft(draft.id)
    expect(result).toMatchObject({
      ok: false,
      error: {
        reason: 'invalid',
        issues: expect.arrayContaining([
          { field: 'employeeId', message: 'Choose an employee.' },
          { field: 'endDate', message: 'End date must be on or after the start date.' }
        ])
      }
    })
    expect(await repo.getDraft(draft.id)).toEqual(draft)
  })

  it('queues a valid draft, due for sending right away', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID, validContent())
    const result = await repo.queueDraft(draft.id)
    if (!result.ok) throw new Error(result.error.message)
    expect(result.value.status).toBe('queued')
    expect(result.value.nextAttemptAt).toBe(result.value.queuedAt)
    expect((await repo.queue.readyToSend()).map((d) => d.id)).toEqual([draft.id])
  })

  it('uses the check it is given (the runner may pass a stricter one)', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID, validContent())
    const strict = () => [{ field: 'notes', message: 'Notes must mention the manager.' }]
    expect(await repo.queueDraft(draft.id, strict)).toMatchObject({ ok: false, error: { reason: 'invalid' } })
    expect((await repo.getDraft(draft.id))?.status).toBe('draft')
  })

  it('re-queues a fixed needs-attention request and clears the server’s old message', async () => {
    const { repo } = await openTestRepository()
    const draft = await draftInStatus(repo, 'needs-attention')
    const result = await repo.queueDraft(draft.id)
    expect(result.ok).toBe(true)
    const stored = await repo.getDraft(draft.id)
    expect(stored?.status).toBe('queued')
    expect(stored).not.toHaveProperty('lastError')
    expect(stored?.attempts).toBe(1)
  })

  it('takes a queued draft back to draft, out of the runner’s pick', async () => {
    const { repo } = await openTestRepository()
    const draft = await draftInStatus(repo, 'queued')
    const result = await repo.unqueueDraft(draft.id)
    expect(result).toMatchObject({ ok: true, value: { status: 'draft' } })
    const stored = await repo.getDraft(draft.id)
    expect(stored).not.toHaveProperty('nextAttemptAt')
    expect(await repo.queue.readyToSend(Number.MAX_SAFE_INTEGER)).toEqual([])
    expect((await repo.updateDraft(draft.id, { notes: 'now editable' })).ok).toBe(true)
  })
})

describe('queue all', () => {
  it('queues every valid plain draft of the file and counts those left with issues', async () => {
    const { repo } = await openTestRepository()
    const good1 = await repo.createDraft(FILE_ID, validContent())
    const bad = await repo.createDraft(FILE_ID, validContent({ leaveTypePayItemId: undefined }))
    const good2 = await repo.createDraft(FILE_ID, validContent({ employeeId: 12 }))
    const empty = await repo.createDraft(FILE_ID)
    const deleted = await repo.createDraft(FILE_ID, validContent())
    await repo.deleteDraft(deleted.id)
    const needsAttention = await draftInStatus(repo, 'needs-attention')
    const otherFile = await repo.createDraft(OTHER_FILE_ID, validContent())

    const summary = await repo.queueAllValid(FILE_ID)

    expect(summary).toEqual({ queued: 2, heldBack: 0, leftWithIssues: 2, idsWithIssues: [bad.id, empty.id] })
    const statusOf = async (id: string) => (await repo.db.drafts.get(id))?.status
    expect(await statusOf(good1.id)).toBe('queued')
    expect(await statusOf(good2.id)).toBe('queued')
    expect(await statusOf(bad.id)).toBe('draft')
    expect(await statusOf(deleted.id)).toBe('draft')
    expect(await statusOf(needsAttention.id)).toBe('needs-attention')
    expect(await statusOf(otherFile.id)).toBe('draft')
  })

  it('reports zero of each for a file with nothing to queue', async () => {
    const { repo } = await openTestRepository()
    expect(await repo.queueAllValid(FILE_ID)).toEqual({ queued: 0, heldBack: 0, leftWithIssues: 0, idsWithIssues: [] })
  })
})
