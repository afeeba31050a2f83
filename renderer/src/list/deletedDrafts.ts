import { format, isSameDay } from 'date-fns'
import type { CachedEmployee, DraftRecord } from '../db'

/** The Deleted view's rules, apart from the screen so they can be tested without one. */

/**
 * The deleted drafts the view shows for `search`: by part of the employee's name (any case), as the
 * drafts list searches; a draft with no employee yet shows only when there is no search.
 */
export function deletedDraftsMatching(
  deleted: readonly DraftRecord[],
  search: string,
  employeesById: ReadonlyMap<number, CachedEmployee>
): DraftRecord[] {
  const needle = search.trim().toLocaleLowerCase()
  if (needle === '') return [...deleted]
  return deleted.filter((draft) => {
    const name = draft.employeeId === undefined ? undefined : employeesById.get(draft.employeeId)?.displayName
    return name !== undefined && name.toLocaleLowerCase().includes(needle)
  })
}

/** "today at 14:05", "yesterday at 09:30", "on 2 Mar 2026 at 14:05": when a draft was deleted. */
export function deletedWhen(at: number, now: number): string {
  const when = new Date(at)
  const time = format(when, 'HH:mm')
  if (isSameDay(when, new Date(now))) return `today at ${time}`
  if (isSameDay(when, new Date(now - 24 * 60 * 60 * 1000))) return `yesterday at ${time}`
  return `on ${format(when, 'd MMM yyyy')} at ${time}`
}
