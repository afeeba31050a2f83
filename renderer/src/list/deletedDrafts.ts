import { format, isSameDay } from 'date-fns'
import type { DraftRecord } from '../db'
import { draftMatchesSearch, searchWords, type SearchNames } from './draftSearch'

/** The Deleted view's rules, apart from the screen so they can be tested without one. */

/** The deleted drafts the view shows for `search`: found as the drafts list finds them (draftMatchesSearch). */
export function deletedDraftsMatching(deleted: readonly DraftRecord[], search: string, names: SearchNames): DraftRecord[] {
  const words = searchWords(search)
  return deleted.filter((draft) => draftMatchesSearch(draft, words, names))
}

/** "today at 14:05", "yesterday at 09:30", "on 2 Mar 2026 at 14:05": when a draft was deleted. */
export function deletedWhen(at: number, now: number): string {
  const when = new Date(at)
  const time = format(when, 'HH:mm')
  if (isSameDay(when, new Date(now))) return `today at ${time}`
  if (isSameDay(when, new Date(now - 24 * 60 * 60 * 1000))) return `yesterday at ${time}`
  return `on ${format(when, 'd MMM yyyy')} at ${time}`
}
