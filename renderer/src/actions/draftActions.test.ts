import { describe, expect, it } from 'vitest'
import type { DraftsRepository } from '../db'
import type { Autosaver } from '../autosave/createAutosaver'
import type { DraftContent } from '../drafts/draftContent'
import { useUiStore } from '../state/uiStore'
import { createDraftActions } from './draftActions'

describe('draft actions', () => {
  it('run in the order asked: Ctrl+N then Ctrl+Enter queues the new draft, even while it is still being written', async () => {
    useUiStore.getState().selectDraft('the-old-draft')
    let finishCreate: () => void = () => undefined
    const queued: string[] = []
    const repo = {
      createDraft: () => new Promise((resolve) => (finishCreate = () => resolve({ id: 'the-new-draft' }))),
      queueDraft: async (id: string) => {
        queued.push(id)
        return { ok: true, value: { id } }
      }
    } as unknown as DraftsRepository
    const autosaver = { whenIdle: async () => undefined } as unknown as Autosaver<DraftContent>
    const actions = createDraftActions({ repo, fileId: 1001, autosaver })

    const creating = actions.newDraft()
    const queueing = actions.queue()
    await Promise.resolve()
    expect(queued).toEqual([])
    finishCreate()
    await Promise.all([creating, queueing])
    expect(queued).toEqual(['the-new-draft'])
  })

  it('keep going after an action fails', async () => {
    const repo = {
      createDraft: async () => {
        throw new Error('disk full')
      },
      queueAllValid: async () => ({ queued: 0, leftWithIssues: 0, idsWithIssues: [] })
    } as unknown as DraftsRepository
    const autosaver = { whenIdle: async () => undefined } as unknown as Autosaver<DraftContent>
    const actions = createDraftActions({ repo, fileId: 1001, autosaver })
    await expect(actions.newDraft()).rejects.toThrow('disk full')
    await actions.queueAllValid()
    expect(useUiStore.getState().toast?.message).toBe('There are no drafts to queue.')
  })
})
