import { Dexie, type ObservabilitySet } from 'dexie'
import { startTransition, useEffect, useState } from 'react'
import type { DraftRecord, LeaveDeskDb } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import { draftsWritten } from './draftWrites'
import { SCREEN_REFRESH_MS } from '../db/throttledLiveQuery'
import { whenIdle, whenIdleAfter } from './whenIdle'
import { draftIdsAffectingList, listDraftIds, listFirstDrafts, type DraftIdsQuery } from './listDraftIds'

export interface DraftIds {
  /** What the list shows, newest first; undefined until the first read ends. */
  ids: readonly string[] | undefined
  /** False while `ids` is only the first screenful (the rest is being read). */
  complete: boolean
  /** While only the first screenful is shown: its drafts as read, so its rows paint without reading them again. */
  firstDrafts?: ReadonlyMap<string, DraftRecord>
}

/** How long a reload may wait for the page to be idle (no keystroke, no save, no render in progress). */
const RELOAD_WITHIN_MS = 300

/**
 * The ids the drafts list shows, kept current, without standing in the autosave's way.
 *
 * The list used to reload all 10,000 ids after every write, autosaves included; under load that read
 * was still running when the next keystroke's save began, and IndexedDB made the save wait for it. Now
 * the hook listens to Dexie's own record of what each committed transaction changed (storagemutated,
 * the same signal live queries use): the ids of the drafts written. Once the page is idle it reads just
 * those drafts and reloads the id list only when one of them entered or left what the list shows (new,
 * deleted or restored, status changed, a searched-for word added or removed, another file's draft moved
 * here). An edit to a shown draft's notes, dates or items changes nothing the order (creation order) or
 * the filter depends on, so the list is left alone and the edited row's own live query shows the edit.
 * Anything it cannot narrow down (a bulk write, a range delete, a cached employee changing while
 * searching, a write while a reload is reading) reloads the list. One reload at a time; when it finds
 * the same ids the list is not re-rendered.
 *
 * While drafts keep changing (a batch: each claim and outcome is a write), it checks at most once per
 * SCREEN_REFRESH_MS: the first write after a quiet spell is checked at once, the next ones together a
 * moment later. A synced draft leaves the list within that moment instead of costing a reload each.
 *
 * First render: the first screenful comes from a short read of the newest drafts, and the whole list is
 * read once that has painted.
 */
export function useDraftIds(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery): DraftIds {
  const statuses = query.statuses.join(' ')
  const { search } = query
  const key = `${fileId}|${statuses}|${search}`
  const [loaded, setLoaded] = useState<{ key: string; ids: readonly string[]; complete: boolean; firstDrafts?: ReadonlyMap<string, DraftRecord> } | null>(null)

  useEffect(() => {
    const wanted: DraftIdsQuery = { statuses: statuses.split(' ').filter(Boolean) as DraftStatus[], search }
    const shownKey = `${fileId}|${statuses}|${search}`
    let stopped = false
    let running = false
    let again = false
    let cancelScheduled: (() => void) | null = null
    let current: readonly string[] | null = null
    let complete = false

    const publish = (ids: readonly string[], isComplete: boolean, firstDrafts?: ReadonlyMap<string, DraftRecord>) => {
      if (stopped) return
      const same = current !== null && sameIds(current, ids)
      if (same && complete === isComplete) return
      const shown = same && current ? current : ids
      current = shown
      complete = isComplete
      if (isComplete && !same) startTransition(() => setLoaded({ key: shownKey, ids: shown, complete: true }))
      else setLoaded({ key: shownKey, ids: shown, complete: isComplete, ...(firstDrafts ? { firstDrafts } : {}) })
    }

    const load = async () => {
      if (running) {
        again = true
        return
      }
      running = true
      try {
        do {
          again = false
          publish(await listDraftIds(db, fileId, wanted), true)
        } while (again && !stopped)
      } catch (error: unknown) {
        console.warn('The drafts list could not be read:', error)
      } finally {
        running = false
      }
    }
    const scheduleLoad = () => {
      if (stopped || cancelScheduled) return
      cancelScheduled = whenIdle(() => {
        cancelScheduled = null
        if (!stopped) void load()
      }, RELOAD_WITHIN_MS)
    }

    // Drafts written since the last check, or 'all' when the list must be read again whatever they are.
    let written: Set<string> | 'all' = new Set()
    let checking = false
    let lastCheckAt = Number.NEGATIVE_INFINITY
    const check = async () => {
      if (stopped || checking) return
      const ids = written
      written = new Set()
      if (ids !== 'all' && ids.size === 0) return
      lastCheckAt = Date.now()
      if (ids === 'all' || running || !complete || current === null) {
        if (running) again = true
        scheduleLoad()
        return
      }
      checking = true
      try {
        const shown = shownSet(current)
        if (await draftIdsAffectingList(db, fileId, wanted, [...ids], (id) => shown.has(id))) scheduleLoad()
      } catch {
        scheduleLoad()
      } finally {
        checking = false
      }
      const pending = written as Set<string> | 'all' // the listener may have written meanwhile
      if (pending === 'all' || pending.size > 0) scheduleCheck()
    }
    let cancelCheck: (() => void) | null = null
    const scheduleCheck = () => {
      if (stopped || cancelCheck) return
      cancelCheck = whenIdleAfter(
        () => {
          cancelCheck = null
          void check()
        },
        lastCheckAt + SCREEN_REFRESH_MS - Date.now(),
        RELOAD_WITHIN_MS
      )
    }
    const onMutated = (parts: ObservabilitySet) => {
      if (written === 'all') return scheduleCheck()
      const ids = draftsWritten(parts, db.name, wanted.search.trim() !== '')
      if (ids === 'all') written = 'all'
      else for (const id of ids) written.add(id)
      scheduleCheck()
    }

    // The first screenful, then everything: the whole read starts once that screenful has painted, so
    // that its rows' own reads of their drafts reach IndexedDB ahead of it.
    let cancelFirstPaint: (() => void) | null = null
    listFirstDrafts(db, fileId, wanted).then(
      (drafts) => {
        const first = drafts.map((draft) => draft.id)
        if (stopped || complete || current !== null || first.length === 0) return scheduleLoad()
        publish(first, false, new Map(drafts.map((draft) => [draft.id, draft])))
        cancelFirstPaint = afterPaint(scheduleLoad)
      },
      () => scheduleLoad()
    )
    Dexie.on('storagemutated', onMutated)
    return () => {
      stopped = true
      cancelScheduled?.()
      cancelCheck?.()
      cancelFirstPaint?.()
      Dexie.on.storagemutated.unsubscribe(onMutated)
    }
  }, [db, fileId, statuses, search])

  if (loaded?.key !== key) return { ids: undefined, complete: false }
  return loaded.firstDrafts ? { ids: loaded.ids, complete: loaded.complete, firstDrafts: loaded.firstDrafts } : { ids: loaded.ids, complete: loaded.complete }
}

const shownSets = new WeakMap<readonly string[], Set<string>>()

function shownSet(ids: readonly string[]): Set<string> {
  let set = shownSets.get(ids)
  if (!set) {
    set = new Set(ids)
    shownSets.set(ids, set)
  }
  return set
}

function sameIds(a: readonly string[], b: readonly string[]): boolean {
  if (a.length !== b.length) return false
  for (let i = 0; i < a.length; i += 1) if (a[i] !== b[i]) return false
  return true
}

/** Runs `run` once the browser has painted what React is about to commit (a task queued from the next frame). */
function afterPaint(run: () => void): () => void {
  if (typeof requestAnimationFrame !== 'function') {
    const handle = setTimeout(run, 0)
    return () => clearTimeout(handle)
  }
  let timeout: ReturnType<typeof setTimeout> | undefined
  const frame = requestAnimationFrame(() => {
    timeout = setTimeout(run, 0)
  })
  return () => {
    cancelAnimationFrame(frame)
    if (timeout !== undefined) clearTimeout(timeout)
  }
}
