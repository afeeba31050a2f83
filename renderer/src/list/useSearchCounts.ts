import { useEffect, useState } from 'react'
import type { LeaveDeskDb } from '../db'
import { searchWords } from './draftSearch'
import { watchSearchCounts, type FoundCounts } from './searchCounts'

/**
 * The status chips' counts of what `search` finds, kept current (watchSearchCounts); undefined while
 * the first answer is read, and always for a blank search (the chips count every draft then).
 */
export function useSearchCounts(db: LeaveDeskDb, fileId: number, search: string): FoundCounts | undefined {
  // By its words: a space typed after a word is the same search, and the counts stay.
  const words = searchWords(search).join(' ')
  const key = `${fileId}|${words}`
  const [found, setFound] = useState<{ key: string; counts: FoundCounts } | null>(null)
  useEffect(() => {
    if (words === '') return undefined
    return watchSearchCounts(db, fileId, words, (counts) => setFound({ key: `${fileId}|${words}`, counts }))
  }, [db, fileId, words])
  return found?.key === key ? found.counts : undefined
}
