import { afterEach, describe, expect, it } from 'vitest'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestDb, testRepository } from '../db/testSupport/openTestDb'
import { draftInStatus } from '../db/testSupport/draftInStatus'
import { sendOneDraft, type SendDeps } from './sendOneDraft'
import { accepted, fakeSyncApi } from './testSupport/fakeSyncApi'

/**
 * The queue's steps wait for the page's idle moments (app/backgroundTurn.ts): Chromium runs a task of
 * 'background' priority only when nothing more urgent waits, such as the answers a keystroke's save
 * waits for. Here a stand-in scheduler holds each background turn until the test lets it run.
 */
interface HeldTurn {
  priority: string
  run: () => void
}

function holdBackgroundTurns(): HeldTurn[] {
  const held: HeldTurn[] = []
  const scheduler = {
    postTask: (callback: () => void, options: { priority: string }) =>
      new Promise<void>((resolve) => held.push({ priority: options.priority, run: () => (callback(), resolve()) }))
  }
  Object.assign(globalThis, { scheduler })
  return held
}

/** Resolves once `held` has `count` turns waiting (the queue reached its next step). */
async function untilHeld(held: HeldTurn[], count: number): Promise<void> {
  for (let spins = 0; held.length < count && spins < 1_000; spins += 1) await new Promise((resolve) => setImmediate(resolve))
  expect(held).toHaveLength(count)
}

afterEach(() => {
  delete (globalThis as { scheduler?: unknown }).scheduler
})

async function queuedDraft() {
  const { db } = await openTestDb()
  const repo = testRepository(db)
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
  const draft = await draftInStatus(repo, 'queued')
  const api = fakeSyncApi()
  api.answer = () => accepted()
  const deps: SendDeps = { repo, api, now: () => Date.now() + 60_000, random: () => 0.5, offsetMinutesOf: () => 600 }
  return { repo, api, deps, draft }
}

describe('the queue gives way to the clerk', () => {
  it('takes its claim, then sends, each only in a background turn of the page', async () => {
    const { repo, api, deps, draft } = await queuedDraft()
    const held = holdBackgroundTurns()

    const sent = sendOneDraft(deps, draft.id, draft)
    await untilHeld(held, 1)
    expect(held[0]?.priority).toBe('background')
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'queued', attempts: 0 })

    held[0]?.run()
    await untilHeld(held, 2)
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'sending', attempts: 1 })
    expect(api.posts).toHaveLength(0)

    held[1]?.run()
    expect(await sent).toEqual({ kind: 'synced' })
    expect(api.posts).toHaveLength(1)
  })

  it('sends nothing when the batch was stopped while its request waited for its turn', async () => {
    const { repo, api, deps, draft } = await queuedDraft()
    let stopped = false
    deps.stoppedBy = () => (stopped ? { code: 'network', message: 'Stopped.' } : undefined)
    const held = holdBackgroundTurns()

    const sent = sendOneDraft(deps, draft.id, draft)
    await untilHeld(held, 1)
    held[0]?.run()
    await untilHeld(held, 2)
    stopped = true
    held[1]?.run()

    expect(await sent).toEqual({ kind: 'skipped' })
    expect(api.posts).toHaveLength(0)
    expect(await repo.getDraft(draft.id)).toMatchObject({ status: 'queued', attempts: 0 })
  })
})
