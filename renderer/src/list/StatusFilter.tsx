import { useAppServices } from '../app/AppServicesContext'
import { WORKING_STATUSES } from '../db'
import { countDeletedDrafts, countPossiblyTwice } from '../db/draftQueries'
import { useThrottledLiveQuery } from '../db/throttledLiveQuery'
import { draftStatusLabels } from '../drafts/draftStatus'
import { useUiStore, type StatusFilter as Filter } from '../state/uiStore'
import { searchWords } from './draftSearch'
import { useSearchCounts } from './useSearchCounts'

type ByStatus = Exclude<Filter, 'deleted'>

/** The order a clerk reads them in: what needs them first, what is done last. */
const ORDER: readonly ByStatus[] = ['working', 'draft', 'needs-attention', 'conflict', 'uncertain', 'queued', 'sending', 'synced']

const LABELS: Readonly<Record<ByStatus, string>> = { working: 'All open', ...draftStatusLabels }

/**
 * Toggle buttons, one per status, each with its count; the pressed one filters the list. After them,
 * "Deleted": the drafts the clerk deleted, to restore any of them.
 */
export function StatusFilter(props: { fileId: number }) {
  const { repo } = useAppServices()
  const selected = useUiStore((s) => s.statusFilter)
  const setFilter = useUiStore((s) => s.setStatusFilter)
  const search = useUiStore((s) => s.search)
  const searching = searchWords(search).length > 0
  // With a search on, the counts are of what it finds: the number on a chip is what choosing it shows.
  // Re-read at most twice a second while a batch changes statuses (throttledLiveQuery.ts says why).
  const allCounts = useThrottledLiveQuery(() => (searching ? undefined : repo.countByStatus(props.fileId)), [repo, props.fileId, searching])
  const allDeleted = useThrottledLiveQuery(() => (searching ? undefined : countDeletedDrafts(repo.db, props.fileId)), [repo, props.fileId, searching])
  // Requests possibly in payroll twice are Synced, and listed under Needs attention too (listDraftIds.ts).
  const allTwice = useThrottledLiveQuery(() => (searching ? undefined : countPossiblyTwice(repo.db, props.fileId)), [repo, props.fileId, searching])
  const found = useSearchCounts(repo.db, props.fileId, searching ? search : '')
  const counts = searching ? found?.counts : allCounts
  const deleted = searching ? found?.deleted : allDeleted
  const twice = (searching ? found?.twice : allTwice) ?? 0
  const countOf = (filter: ByStatus): number | undefined => {
    if (!counts) return undefined
    if (filter === 'working') return WORKING_STATUSES.reduce((sum, status) => sum + counts[status], 0) + twice
    return counts[filter] + (filter === 'needs-attention' ? twice : 0)
  }

  const chip = (filter: Filter, label: string, count: number | undefined) => (
    <button
      key={filter}
      type="button"
      className={`filter-chip filter-${filter}`}
      aria-pressed={selected === filter}
      onClick={() => setFilter(filter)}
    >
      {label}
      <span className="filter-count">{count ?? '…'}</span>
    </button>
  )

  return (
    <div className="status-filter" role="group" aria-label="Show drafts by status">
      {ORDER.map((filter) => chip(filter, LABELS[filter], countOf(filter)))}
      {chip('deleted', 'Deleted', deleted)}
    </div>
  )
}
