import { useLiveQuery } from 'dexie-react-hooks'
import { useAppServices } from '../app/AppServicesContext'
import { WORKING_STATUSES } from '../db'
import { draftStatusLabels } from '../drafts/draftStatus'
import { useUiStore, type StatusFilter as Filter } from '../state/uiStore'

/** The order a clerk reads them in: what needs them first, what is done last. */
const ORDER: readonly Filter[] = ['working', 'draft', 'needs-attention', 'uncertain', 'queued', 'sending', 'synced']

const LABELS: Readonly<Record<Filter, string>> = { working: 'All open', ...draftStatusLabels }

/** Toggle buttons, one per status, each with its count; the pressed one filters the list. */
export function StatusFilter(props: { fileId: number }) {
  const { repo } = useAppServices()
  const selected = useUiStore((s) => s.statusFilter)
  const setFilter = useUiStore((s) => s.setStatusFilter)
  const counts = useLiveQuery(() => repo.countByStatus(props.fileId), [props.fileId])
  const countOf = (filter: Filter): number | undefined => {
    if (!counts) return undefined
    if (filter === 'working') return WORKING_STATUSES.reduce((sum, status) => sum + counts[status], 0)
    return counts[filter]
  }

  return (
    <div className="status-filter" role="group" aria-label="Show drafts by status">
      {ORDER.map((filter) => {
        const count = countOf(filter)
        return (
          <button
            key={filter}
            type="button"
            className={`filter-chip filter-${filter}`}
            aria-pressed={selected === filter}
            onClick={() => setFilter(filter)}
          >
            {LABELS[filter]}
            <span className="filter-count">{count ?? '…'}</span>
          </button>
        )
      })}
    </div>
  )
}
