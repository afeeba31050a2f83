import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import { useThrottledLiveQuery } from '../db/throttledLiveQuery'
import { clashesOf } from './draftClashes'
import './safeguards.css'

/**
 * In a list row: "Duplicate" or "Overlaps" when the same employee has another live request sharing
 * days. Rows are virtualised, so only the visible ones ask, each with one bounded index read.
 */
export function ClashBadge(props: { draft: DraftRecord }) {
  const { repo } = useAppServices()
  const { draft } = props
  // Asked again only when what a clash depends on changes, not on every save of the row's draft (each
  // keystroke in its notes) nor on its status moving on while the queue sends it. Dexie still wakes it on
  // every change to the same employee's drafts (it cannot tell a status change from a date change), so
  // while a batch runs it re-reads at most twice a second (throttledLiveQuery.ts).
  const clashes = useThrottledLiveQuery(
    () => clashesOf(repo.db, draft),
    [repo, draft.id, draft.fileId, draft.employeeId, draft.leaveTypePayItemId, draft.startDate, draft.endDate, draft.leaveStatus, draft.deletedAt]
  )
  if (!clashes || clashes.length === 0) return null
  const exact = clashes.some((clash) => clash.exact)
  const words = exact ? 'Duplicate' : 'Overlaps'
  return (
    <span className={`clash-badge${exact ? ' exact' : ''}`} title={`${clashes.length} other ${clashes.length === 1 ? 'request shares' : 'requests share'} days`} data-testid="clash-badge">
      {words}
    </span>
  )
}
