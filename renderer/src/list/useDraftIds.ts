import { liveQuery } from 'dexie'
import { useEffect, useState } from 'react'
import type { LeaveDeskDb } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import { draftsChangeSignal, listDraftIds, type DraftIdsQuery } from './listDraftIds'

/**
 * The ids the drafts list shows, kept current. A live query over 10,000 keys makes Dexie record every
 * key it returned (to know which writes concern it), and that bookkeeping, repeated on each autosave,
 * is what made typing stutter. So the live query here only counts (one range, no keys) to learn that
 * something changed, and the ids are then read outside it: one read at a time, the newest request wins.
 */
export function useDraftIds(db: LeaveDeskDb, fileId: number, query: DraftIdsQuery): readonly string[] | undefined {
  const statuses = query.statuses.join(' ')
  const { search } = query
  const key = `${fileId}|${statuses}|${search}`
  const [loaded, setLoaded] = useState<{ key: string; ids: string[] } | null>(null)

  useEffect(() => {
    const wanted: DraftIdsQuery = { statuses: statuses.split(' ') as DraftStatus[], search }
    let stopped = false
    let running = false
    let again = false
    const load = async () => {
      if (running) {
        again = true
        return
      }
      running = true
      try {
        do {
          again = false
          const ids = await listDraftIds(db, fileId, wanted)
          if (!stopped) setLoaded({ key: `${fileId}|${statuses}|${search}`, ids })
        } while (again && !stopped)
      } finally {
        running = false
      }
    }
    const changes = liveQuery(() => draftsChangeSignal(db, fileId)).subscribe({
      next: () => void load(),
      error: (error: unknown) => console.warn('The drafts list stopped updating:', error)
    })
    return () => {
      stopped = true
      changes.unsubscribe()
    }
  }, [db, fileId, statuses, search])

  return loaded?.key === key ? loaded.ids : undefined
}
