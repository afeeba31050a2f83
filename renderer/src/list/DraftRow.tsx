import { useLiveQuery } from 'dexie-react-hooks'
import type { CSSProperties, MouseEvent } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import type { DraftRecord } from '../db'
import type { ReferenceData } from '../reference/useReferenceData'
import { DraftSummary } from './DraftSummary'

export const draftRowId = (draftId: string) => `draft-row-${draftId}`

/**
 * One line of the drafts list: who, what, when, how long, and where it is on its way to payroll. Reads
 * its own draft, so an autosave re-reads one row, not the whole list.
 */
export function DraftRow(props: {
  draftId: string
  /** The draft as the list's first read found it, shown until the row's own read answers. */
  firstRead?: DraftRecord | undefined
  reference: ReferenceData
  selected: boolean
  /** Ticked for a bulk Approve / Reject (selectionStore.ts). */
  ticked?: boolean
  position: number
  total: number
  style: CSSProperties
  onSelect: (event: MouseEvent) => void
}) {
  const { repo } = useAppServices()
  const draft = useLiveQuery(() => repo.getDraft(props.draftId), [repo, props.draftId], props.firstRead)
  const { reference } = props
  const rowProps = {
    id: draftRowId(props.draftId),
    role: 'option',
    'aria-selected': props.selected,
    'aria-checked': props.ticked ?? false,
    'aria-posinset': props.position,
    'aria-setsize': props.total,
    className: `draft-row${props.selected ? ' selected' : ''}${props.ticked ? ' ticked' : ''}`,
    style: props.style,
    onClick: props.onSelect
  }
  if (!draft) {
    return (
      <div {...rowProps}>
        <span className="draft-row-loading">Loading…</span>
      </div>
    )
  }
  return (
    <div {...rowProps}>
      {props.ticked && (
        <span className="draft-row-tick" aria-hidden="true">
          ✓
        </span>
      )}
      <DraftSummary draft={draft} reference={reference} />
    </div>
  )
}
