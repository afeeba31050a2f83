import { IDBObjectStore, IDBTransaction } from 'fake-indexeddb'
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { DraftStatus } from '../drafts/draftStatus'
import { draftInStatus } from './testSupport/draftInStatus'
import type { DraftsRepository } from './draftsRepository'
import type { DraftRecord } from './records'
import { FILE_ID, openTestRepository, validContent } from './testSupport/openTestDb'

describe('editing a draft', () => {
  it.each<DraftStatus>(['queued', 'sending', 'synced', 'uncertain'])(
    'refuses to change a %s request and leaves it exactly as it was',
    async (status) => {
      const { repo } = await openTestRepository()
      const draft = await draftInStatus(repo, status)
      const result = await repo.updateDraft(draft.id, { notes: 'changed' })
      expect(result).toMatchObject({ ok: false, error: { reason: 'not-editable', status } })
      expect(await repo.getDraft(draft.id)).toEqual(draft)
    }
  )

  it('lets the clerk fix a needs-attention request, which keeps the server’s message until queued again', async () => {
    const { repo } = await openTestRepository()
    const draft = await draftInStatus(repo, 'needs-attention')
    const result = await repo.updateDraft(draft.id, { notes: 'fixed' })
    expect(result.ok).toBe(true)
    const stored = await repo.getDraft(draft.id)
    expect(stored).toMatchObject({ status: 'needs-attention', notes: 'fixed', lastError: { message: 'Refused.' } })
  })

  it('cannot touch the status or the queue’s bookkeeping through a content patch', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID)
    const sneaky = { notes: 'ok', status: 'synced', serverId: 5, seq: 0 } as Parameters<typeof repo.updateDraft>[1]
    await repo.updateDraft(draft.id, sneaky)
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'draft', seq: draft.seq, notes: 'ok' })
    expect(await repo.getDraft(draft.id)).not.toHaveProperty('serverId')
  })

  it('clears a chosen employee when the clerk empties the field', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID, { employeeId: 11 })
    await repo.updateDraft(draft.id, { employeeId: undefined })
    expect(await repo.getDraft(draft.id)).not.toHaveProperty('employeeId')
  })

  it('says so when the draft does not exist', async () => {
    const { repo } = await openTestRepository()
    expect(await repo.updateDraft('no-such-id', { notes: 'x' })).toMatchObject({ ok: false, error: { reason: 'not-found' } })
  })
})

describe('saving a keystroke on top of the last save (one round trip)', () => {
  afterEach(() => vi.restoreAllMocks())

  /** The order in which the drafts store was asked to read and write, and when its reads answered. */
  function recordStoreCalls(options: { writeAnswers?: boolean } = {}): string[] {
    const calls: string[] = []
    const { get, put } = IDBObjectStore.prototype
    vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (this: IDBObjectStore, key) {
      calls.push('read')
      const request = get.call(this, key)
      request.addEventListener('success', () => calls.push('read answered'))
      return request
    })
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (this: IDBObjectStore, value, key) {
      calls.push('write')
      const request = put.call(this, value, key)
      if (options.writeAnswers) request.addEventListener('success', () => calls.push('write answered'))
      return request
    })
    const { commit } = IDBTransaction.prototype
    vi.spyOn(IDBTransaction.prototype, 'commit').mockImplementation(function (this: IDBTransaction) {
      calls.push('commit')
      commit.call(this)
    })
    return calls
  }

  it('sends the write with its confirming read, not after its answer', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID)
    const first = await repo.updateDraft(draft.id, { notes: 'B' })
    if (!first.ok) throw new Error(first.error.message)

    const calls = recordStoreCalls()
    const second = await repo.updateDraft(draft.id, { notes: 'Ba' }, first.value)
    expect(calls).toEqual(['read', 'write', 'read answered', 'commit'])
    expect(second).toMatchObject({ ok: true, value: { notes: 'Ba' } })
    expect(await repo.getDraft(draft.id)).toEqual(second.ok && second.value)
  })

  it('commits once its read confirms, not once the page has taken the write’s answer', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID)
    const first = await repo.updateDraft(draft.id, { notes: 'B' })
    if (!first.ok) throw new Error(first.error.message)

    const calls = recordStoreCalls({ writeAnswers: true })
    expect(await repo.updateDraft(draft.id, { notes: 'Ba' }, first.value)).toMatchObject({ ok: true })
    expect(calls).toEqual(['read', 'write', 'read answered', 'commit', 'write answered'])
    expect(await repo.getDraft(draft.id)).toMatchObject({ notes: 'Ba' })
  })

  it('a write IndexedDB refuses after the commit was asked for: the save fails, and says so', async () => {
    const { repo } = await openTestRepository()
    const other = await repo.createDraft(FILE_ID)
    const draft = await repo.createDraft(FILE_ID)
    const first = await repo.updateDraft(draft.id, { notes: 'B' })
    if (!first.ok) throw new Error(first.error.message)
    // The same place in line as another draft: the store's unique index refuses the write itself.
    const { put } = IDBObjectStore.prototype
    vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementationOnce(function (this: IDBObjectStore, value: DraftRecord, key) {
      return put.call(this, { ...value, seq: other.seq }, key)
    })
    await expect(repo.updateDraft(draft.id, { notes: 'Ba' }, first.value)).rejects.toThrow()
    expect(await repo.getDraft(draft.id)).toMatchObject({ notes: 'B' })
  })

  it('without the last save, reads first and writes after (the first keystroke in a draft)', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID)
    const calls = recordStoreCalls()
    await repo.updateDraft(draft.id, { notes: 'B' })
    expect(calls).toEqual(['read', 'read answered', 'write'])
  })

  it('writes on top of the stored draft when it changed since the last save, keeping that change', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID)
    const mine = await repo.updateDraft(draft.id, { notes: 'Back Monday' })
    if (!mine.ok) throw new Error(mine.error.message)
    await repo.updateDraft(draft.id, { employeeId: 12 })

    const result = await repo.updateDraft(draft.id, { notes: 'Back Monday.' }, mine.value)
    expect(result).toMatchObject({ ok: true, value: { notes: 'Back Monday.', employeeId: 12 } })
    expect(await repo.getDraft(draft.id)).toMatchObject({ notes: 'Back Monday.', employeeId: 12 })
  })

  it.each([
    ['queued', (repo: DraftsRepository, id: string) => repo.queueDraft(id), { status: 'queued' }, 'not-editable'],
    ['deleted', (repo: DraftsRepository, id: string) => repo.deleteDraft(id), { status: 'draft' }, 'deleted']
  ] as const)('refuses a save when the draft was %s since the last save, and writes nothing', async (_, change, still, reason) => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID, validContent())
    const mine = await repo.updateDraft(draft.id, { notes: 'Back Monday' })
    if (!mine.ok) throw new Error(mine.error.message)
    await change(repo, draft.id)
    const before = await repo.db.drafts.get(draft.id)

    expect(await repo.updateDraft(draft.id, { notes: 'Back Monday.' }, mine.value)).toMatchObject({ ok: false, error: { reason } })
    expect(await repo.db.drafts.get(draft.id)).toEqual(before)
    expect(before).toMatchObject({ ...still, notes: 'Back Monday' })
  })
})

describe('duplicating a draft', () => {
  it('copies the content into a new plain draft with its own id and place in line, queue fields cleared', async () => {
    const { repo } = await openTestRepository()
    const original = await draftInStatus(repo, 'needs-attention')
    const result = await repo.duplicateDraft(original.id)
    if (!result.ok) throw new Error(result.error.message)
    const copy = result.value
    expect(copy.id).not.toBe(original.id)
    expect(copy.seq).toBeGreaterThan(original.seq)
    expect(copy).toMatchObject({ ...validContent(), fileId: FILE_ID, status: 'draft', attempts: 0 })
    for (const field of ['lastError', 'nextAttemptAt', 'queuedAt', 'sentAt', 'serverId', 'syncedAt', 'deletedAt']) {
      expect(copy).not.toHaveProperty(field)
    }
    expect(await repo.getDraft(original.id)).toEqual(original)
  })

  it('copies the items, not a shared list: editing the copy leaves the original alone', async () => {
    const { repo } = await openTestRepository()
    const original = await repo.createDraft(FILE_ID, validContent())
    const copy = await repo.duplicateDraft(original.id)
    if (!copy.ok) throw new Error(copy.error.message)
    await repo.updateDraft(copy.value.id, { items: [] })
    expect((await repo.getDraft(original.id))?.items).toHaveLength(3)
  })
})

describe('deleting a draft', () => {
  it('hides it from lists and counts, and undo brings it back exactly as it was', async () => {
    const { repo } = await openTestRepository()
    const kept = await repo.createDraft(FILE_ID, { notes: 'kept' })
    const draft = await draftInStatus(repo, 'queued')

    await repo.deleteDraft(draft.id)
    expect((await repo.listDrafts(FILE_ID)).map((d) => d.id)).toEqual([kept.id])
    expect((await repo.countByStatus(FILE_ID)).queued).toBe(0)
    expect(await repo.getDraft(draft.id)).toBeUndefined()
    expect((await repo.listDeletedDrafts(FILE_ID)).map((d) => d.id)).toEqual([draft.id])
    expect(await repo.queue.readyToSend(Number.MAX_SAFE_INTEGER)).toEqual([])

    const undone = await repo.undoDelete(draft.id)
    expect(undone).toEqual({ ok: true, value: draft })
    expect(await repo.getDraft(draft.id)).toEqual(draft)
    expect(await repo.listDeletedDrafts(FILE_ID)).toEqual([])
  })

  it('refuses edits to a deleted draft', async () => {
    const { repo } = await openTestRepository()
    const draft = await repo.createDraft(FILE_ID)
    await repo.deleteDraft(draft.id)
    expect(await repo.updateDraft(draft.id, { notes: 'x' })).toMatchObject({ ok: false, error: { reason: 'deleted' } })
  })

  it.each<DraftStatus>(['sending', 'synced'])('refuses to delete a %s request', async (status) => {
    const { repo } = await openTestRepository()
    const draft = await draftInStatus(repo, status)
    expect(await repo.deleteDraft(draft.id)).toMatchObject({ ok: false, error: { reason: 'not-deletable', status } })
    expect(await repo.getDraft(draft.id)).toEqual(draft)
  })
})
