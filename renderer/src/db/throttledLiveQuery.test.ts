// Dexie's live queries read the page's IndexedDB globals when Dexie loads (a browser always has them), so
// this file installs fake-indexeddb's globals before Dexie; the database itself still uses its own factory.
import 'fake-indexeddb/auto'
import { liveQuery } from 'dexie'
import { describe, expect, it } from 'vitest'
import { addDays, calendarDateOf } from '../../../shared/calendarDate'
import { fullPaidDay } from '../drafts/testSupport/sampleDraft'
import type { StatusCounts } from './draftQueries'
import type { DraftsRepository } from './draftsRepository'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, openTestRepository, validContent } from './testSupport/openTestDb'
import { throttledLiveQuery, type ThrottleClock } from './throttledLiveQuery'

const QUIET_MS = 500

/** A clock the test moves by hand; a pause's end runs only when the test says the moment has passed. */
function handClock(): ThrottleClock & { at: number; pendingResumes: (() => void)[]; passTheMoment(): void } {
  const clock = {
    at: 0,
    pendingResumes: [] as (() => void)[],
    now: () => clock.at,
    later: (resume: () => void) => {
      clock.pendingResumes.push(resume)
      return () => {
        clock.pendingResumes = clock.pendingResumes.filter((pending) => pending !== resume)
      }
    },
    passTheMoment: () => {
      clock.at += QUIET_MS
      for (const resume of clock.pendingResumes.splice(0)) resume()
    }
  }
  return clock
}

/** The chips' counts as a throttled live query, with every read it makes counted. */
function watchedCounts(repo: DraftsRepository, clock: ThrottleClock) {
  const seen: StatusCounts[] = []
  let reads = 0
  const waiters: { accept: (counts: StatusCounts) => boolean; resolve: (counts: StatusCounts) => void }[] = []
  const subscription = throttledLiveQuery(
    () => {
      reads += 1
      return repo.countByStatus(FILE_ID)
    },
    QUIET_MS,
    clock
  ).subscribe((counts) => {
    seen.push(counts)
    for (const waiter of waiters.filter((w) => w.accept(counts))) {
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.resolve(counts)
    }
  })
  return {
    reads: () => reads,
    seen,
    showing: (accept: (counts: StatusCounts) => boolean) =>
      new Promise<StatusCounts>((resolve) => {
        const last = seen.at(-1)
        if (last && accept(last)) resolve(last)
        else waiters.push({ accept, resolve })
      }),
    stop: () => subscription.unsubscribe()
  }
}

/** Bounded: a condition that the database's own events make true, checked between macrotasks. */
async function until(condition: () => boolean): Promise<void> {
  for (let turn = 0; turn < 1_000 && !condition(); turn += 1) await new Promise((resolve) => setTimeout(resolve, 0))
  expect(condition()).toBe(true)
}

async function queuedDrafts(repo: DraftsRepository, count: number): Promise<string[]> {
  await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
  await repo.replaceLeaveTypes(FILE_ID, [ANNUAL_LEAVE], 1)
  const ids: string[] = []
  const firstMonday = calendarDateOf('2026-03-02')
  if (!firstMonday) throw new Error('bad date')
  for (let week = 0; week < count; week += 1) {
    const day = addDays(firstMonday, week * 7)
    const draft = await repo.createDraft(FILE_ID, validContent({ startDate: day, endDate: day, items: [fullPaidDay(day)] }))
    expect((await repo.queueDraft(draft.id)).ok).toBe(true)
    ids.push(draft.id)
  }
  return ids
}

describe('the status chips’ counts while a batch goes out (throttledLiveQuery)', () => {
  it('show a single change at once when nothing else has changed for a moment', async () => {
    const { repo } = await openTestRepository()
    const clock = handClock()
    const counts = watchedCounts(repo, clock)
    await counts.showing((c) => c.draft === 0)

    clock.at += 10 * QUIET_MS
    await repo.createDraft(FILE_ID, validContent())

    expect(await counts.showing((c) => c.draft === 1)).toMatchObject({ draft: 1 })
    expect(clock.pendingResumes).toHaveLength(0)
    counts.stop()
  })

  it('re-read a few times, not once per claim and outcome, and are right once the moment has passed', async () => {
    const { repo } = await openTestRepository()
    const ids = await queuedDrafts(repo, 20)
    const clock = handClock()
    const counts = watchedCounts(repo, clock)
    await counts.showing((c) => c.queued === 20)
    const readsBefore = counts.reads()

    clock.at += 10 * QUIET_MS
    // The batch runs within one moment: 40 changes, each a wake-up for a plain live query.
    for (const [n, id] of ids.entries()) {
      expect((await repo.queue.claim(id, { now: Number.MAX_SAFE_INTEGER })).ok).toBe(true)
      expect((await repo.queue.recordOutcome(id, { kind: 'synced', serverId: 7000 + n })).ok).toBe(true)
    }
    const readsDuringBatch = counts.reads() - readsBefore
    expect(readsDuringBatch).toBeLessThanOrEqual(2)
    // Not yet the truth, or already it: either way the clerk sees the truth once the moment passes.
    clock.passTheMoment()

    expect(await counts.showing((c) => c.synced === 20)).toMatchObject({ queued: 0, sending: 0, synced: 20 })
    expect(counts.reads() - readsBefore).toBeLessThanOrEqual(3)
    counts.stop()
  })

  it('stop reading and cancel a pending re-read when the screen goes away', async () => {
    const { repo } = await openTestRepository()
    const [id] = await queuedDrafts(repo, 1)
    const clock = handClock()
    const counts = watchedCounts(repo, clock)
    await counts.showing((c) => c.queued === 1)
    expect((await repo.queue.claim(id ?? '', { now: Number.MAX_SAFE_INTEGER })).ok).toBe(true)
    // The claim woke it within the moment of its first read: paused, a re-read waiting.
    await until(() => clock.pendingResumes.length === 1)
    const readsWhenClosed = counts.reads()

    counts.stop()

    expect(clock.pendingResumes).toHaveLength(0)
    const plain = liveQuery(() => repo.countByStatus(FILE_ID))
    const outcomeSeen = new Promise<void>((resolve) => {
      const subscription = plain.subscribe((c) => {
        if (c.synced !== 1) return
        subscription.unsubscribe()
        resolve()
      })
    })
    expect((await repo.queue.recordOutcome(id ?? '', { kind: 'synced', serverId: 7100 })).ok).toBe(true)
    await outcomeSeen
    expect(counts.reads()).toBe(readsWhenClosed)
  })
})
