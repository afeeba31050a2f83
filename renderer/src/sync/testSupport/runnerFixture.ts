import { FILE_ID, openTestDb, validContent } from '../../db/testSupport/openTestDb'
import { createDraftsRepository, type DraftsRepository } from '../../db/draftsRepository'
import type { DraftRecord } from '../../db/records'
import { inProcessLocks } from '../syncLocks'
import { createSyncRunner } from '../syncRunner'
import type { SyncRunner, SyncRunnerDeps, TimerHandle } from '../syncTypes'
import { fakeSyncApi, type FakeSyncApi } from './fakeSyncApi'

/** A runner on a fresh fake IndexedDB with a fake API, a hand-moved clock and recorded timers. */
export interface RunnerFixture {
  repo: DraftsRepository
  api: FakeSyncApi
  runner: SyncRunner
  clock: { now: () => number; advance: (ms: number) => void }
  timers: Map<number, { at: number; run: () => void }>
  /** Queued valid drafts, one per employee id given, in that order. */
  queue(employeeIds: readonly number[]): Promise<DraftRecord[]>
}

export async function runnerFixture(overrides: Partial<SyncRunnerDeps> = {}): Promise<RunnerFixture> {
  const { db } = await openTestDb()
  let time = Date.UTC(2026, 2, 2, 9)
  const clock = { now: () => time, advance: (ms: number) => void (time += ms) }
  const repo = createDraftsRepository(db, { now: clock.now })
  const api = fakeSyncApi()
  const timers = new Map<number, { at: number; run: () => void }>()
  let nextTimer = 1
  const runner = createSyncRunner({
    repo,
    api,
    locks: inProcessLocks(),
    clock: {
      now: clock.now,
      setTimer: (run, delayMs): TimerHandle => {
        const id = nextTimer++
        timers.set(id, { at: time + delayMs, run })
        return id
      },
      clearTimer: (handle) => void timers.delete(handle as number)
    },
    random: () => 0.5,
    offsetMinutesOf: () => 600,
    ...overrides
  })
  return {
    repo,
    api,
    runner,
    clock,
    timers,
    async queue(employeeIds) {
      const drafts: DraftRecord[] = []
      for (const employeeId of employeeIds) {
        const draft = await repo.createDraft(FILE_ID, validContent({ employeeId }))
        const queued = await repo.queueDraft(draft.id)
        if (!queued.ok) throw new Error(queued.error.message)
        drafts.push(queued.value)
      }
      return drafts
    }
  }
}
