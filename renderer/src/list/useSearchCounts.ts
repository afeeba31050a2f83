import { useEffect, useState } from 'react'
import type { LeaveDeskDb } from '../db'
import { watchSearchCounts, type FoundCounts } from './searchCounts'

/**
 * The status chips' counts of what `search` finds, kept current (watchSearchCounts); undefined while
 * the first answer is read, and always for a blank search (the chips count every draft then).
 */
export function useSearchCounts(db: LeaveDeskDb, fileId: number, search: string): FoundCounts | undefined {
  const key = `${fileId}|${search}`
  const [found, setFound] = useState<{ key: string; counts: FoundCounts } | null>(null)
  useEffect(() => {
    if (search.trim() === '') return undefined
    return watchSearchCounts(db, fileId, search, (counts) => setFound({ key: `${fileId}|${search}`, counts }))
  }, [db, fileId, search])
  return found?.key === key ? found.counts : undefined
}
