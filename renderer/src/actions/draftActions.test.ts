import { describe, expect, it, vi } from 'vitest'
import type { DraftsRepository } from '../db'
import type { Autosaver } from '../autosave/createAutosaver'
import type { DraftContent } from '../drafts/draftContent'
import { useUiStore } from '../state/uiStore'
import { noPayrollReads } from '../inPayroll/testSupport/noPayrollReads'
import { createDraftActions, type DuplicateChecks } from './draftActions'

/** These tests are about ordering and failures, not duplicates (safeguards tests cover those). */
const duplicates: DuplicateChecks = { mayQueue: async () => true, toLeaveOut: async () => ({ ids: new Set(), lines: [] }) }

describe('draft actions', () => {
  it('do not wait for ever behind an action that hangs', async () => {
    vi.useFakeTimers()
    try {
      const repo = {
        createDraft: () => new Promise(() => undefined),
        queueAllValid: async () => ({ queued: 2, leftWithIssues: 0, idsWithIssues: [] })
      } as unknown as DraftsRepository
      const autosaver = { whenIdle: async () => undefined } as unknown as Autosaver<DraftContent>
      const actions = createDraftActions({ repo, api: noPayrollReads, fileId: 1001, autosaver, focusList: () => {}, duplicates })
      void actions.newDraft()
      const queueing = actions.queueAllValid()
      await vi.advanceTimersByTimeAsync(5_000)
      await queueing
      expect(useUiStore.getState().toast?.message).toBe('Queued 2 drafts.')
    } finally {
      vi.useRealTimers()
    }
  })

  it('run in the order asked: Ctrl+N then Ctrl+Enter queues the new draft, even while it is still being written', async () => {
    useUiStore.getState().selectDraft('the-old-draft')
    let finishCreate: () => void = () => undefined
    let createStarted: () => void = () => undefined
    const creatingStarted = new Promise<void>((resolve) => (createStarted = resolve))
    const queued: string[] = []
    const repo = {
      createDraft: () =>
        new Promise((resolve) => {
          finishCreate = () => resolve({ id: 'the-new-draft' })
          createStarted()
        }),
      queueDraft: async (id: string) => {
        queued.push(id)
        return { ok: true, value: { id } }
      }
    } as unknown as DraftsRepository
    const autosaver = { whenIdle: async () => undefined } as unknown as Autosaver<DraftContent>
    const actions = createDraftActions({ repo, api: noPayrollReads, fileId: 1001, autosaver, focusList: () => {}, duplicates })

    const creating = actions.newDraft()
    const queueing = actions.queue()
    await creatingStarted
    expect(queued).toEqual([])
    finishCreate()
    await Promise.all([creating, queueing])
    expect(queued).toEqual(['the-new-draft'])
  })

  it('tell the clerk when an action fails, and keep going after it', async () => {
    const repo = {
      createDraft: async () => {
        throw new Error('disk full')
      },
      queueAllValid: async () => ({ queued: 0, leftWithIssues: 0, idsWithIssues: [] })
    } as unknown as DraftsRepository
    const autosaver = { whenIdle: async () => undefined } as unknown as Autosaver<DraftContent>
    const actions = createDraftActions({ repo, api: noPayrollReads, fileId: 1001, autosaver, focusList: () => {}, duplicates })
    await actions.newDraft()
    expect(useUiStore.getState().toast?.message).toBe(
      'That did not work: saving on this computer failed (disk full). Try again; if it keeps failing, restart Leave Desk.'
    )
    await actions.queueAllValid()
    expect(useUiStore.getState().toast?.message).toBe('There are no drafts to queue.')
  })
})
