import { useVirtualizer } from '@tanstack/react-virtual'
import { useEffect, useRef, type KeyboardEvent } from 'react'
import { useAppServices } from '../app/AppServicesContext'
import { WORKING_STATUSES } from '../db'
import type { DraftStatus } from '../drafts/draftStatus'
import type { ReferenceData } from '../reference/useReferenceData'
import { useUiStore, type StatusFilter } from '../state/uiStore'
import { isPlainKey } from '../keyboard/plainKey'
import { DraftRow, draftRowId } from './DraftRow'
import { nextIndex } from './listNavigation'
import { useDraftIds } from './useDraftIds'
import { useSelection } from './selectionStore'

/** Two compact lines: the list shows 5 rows at 800×560 and 150 % zoom, 10 at 1366×768 (test/e2e/moneyRight.spec.ts). */
const ROW_HEIGHT = 46
const NO_IDS: readonly string[] = []
const NO_STATUSES: readonly DraftStatus[] = []

/** The live drafts a filter shows; none for 'deleted', which has a view of its own (DeletedDrafts). */
function statusesShown(filter: StatusFilter): readonly DraftStatus[] {
  if (filter === 'working') return WORKING_STATUSES
  return filter === 'deleted' ? NO_STATUSES : [filter]
}
const LIST_ID = 'drafts-list'

/** Where the keyboard goes when the open draft disappears (deleted): back to the list. */
export function focusDraftsList(): void {
  document.getElementById(LIST_ID)?.focus()
}

/**
 * The file's drafts, newest first, virtualized so ten thousand rows scroll as smoothly as ten: the list
 * holds only ids, and each row on screen reads its own draft. A listbox with one tab stop: arrows move
 * the selection (and the editor follows), Enter goes to the editor.
 */
export function DraftsList(props: { fileId: number; reference: ReferenceData }) {
  const { repo } = useAppServices()
  const filter = useUiStore((s) => s.statusFilter)
  const search = useUiStore((s) => s.search)
  const selectedId = useUiStore((s) => s.selectedDraftId)
  const selectDraft = useUiStore((s) => s.selectDraft)
  const ticked = useSelection((s) => s.ticked)
  const toggleTick = useSelection((s) => s.toggle)
  const scrollRef = useRef<HTMLDivElement>(null)

  const { ids, complete, firstDrafts } = useDraftIds(repo.db, props.fileId, { statuses: statusesShown(filter), search })
  const rows: readonly string[] = ids ?? NO_IDS
  const virtualizer = useVirtualizer({
    count: rows.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 8,
    getItemKey: (index) => rows[index] ?? index
  })
  const selectedIndex = selectedId === null ? -1 : rows.indexOf(selectedId)

  useEffect(() => {
    if (selectedIndex >= 0) virtualizer.scrollToIndex(selectedIndex, { align: 'auto' })
  }, [selectedIndex, virtualizer])

  // When the clerk changes the filter or the search, a draft it hides closes: the editor never shows a
  // draft the list does not. Only on such a change — a new draft not yet in a lagging list stays open.
  const query = `${filter}|${search}`
  const settledQuery = useRef(query)
  useEffect(() => {
    if (!complete || ids === undefined || settledQuery.current === query) return
    settledQuery.current = query
    if (selectedId !== null && !ids.includes(selectedId)) selectDraft(null)
  }, [complete, ids, query, selectedId, selectDraft])

  const items = virtualizer.getVirtualItems()
  const selectedIsRendered = items.some((item) => item.index === selectedIndex)

  const onKeyDown = (event: KeyboardEvent) => {
    // Space ticks the request for a bulk Approve / Reject (the arrows still move the open one).
    if (event.key === ' ' && isPlainKey(event) && selectedId) {
      event.preventDefault()
      toggleTick(selectedId)
      return
    }
    if (event.key === 'Enter' && isPlainKey(event) && selectedId) {
      event.preventDefault()
      selectDraft(selectedId, { focusEditor: true })
      return
    }
    const pageSize = Math.max(1, Math.floor((scrollRef.current?.clientHeight ?? ROW_HEIGHT) / ROW_HEIGHT) - 1)
    const index = nextIndex(event.key, selectedIndex, rows.length, pageSize)
    const target = index === null ? undefined : rows[index]
    if (!target) return
    event.preventDefault()
    selectDraft(target)
  }

  if (ids !== undefined && rows.length === 0) return <EmptyList filtered={filter !== 'working' || search.trim() !== ''} />

  return (
    <div
      ref={scrollRef}
      id={LIST_ID}
      className="drafts-scroll"
      role="listbox"
      aria-label="Drafts"
      aria-multiselectable="true"
      aria-describedby="drafts-tick-hint"
      aria-busy={!complete}
      tabIndex={0}
      aria-activedescendant={selectedId && selectedIsRendered ? draftRowId(selectedId) : undefined}
      onKeyDown={onKeyDown}
    >
      <div className="drafts-sizer" style={{ height: virtualizer.getTotalSize() }}>
        {items.map((item) => {
          const id = rows[item.index]
          if (!id) return null
          return (
            <DraftRow
              key={id}
              draftId={id}
              firstRead={firstDrafts?.get(id)}
              reference={props.reference}
              selected={id === selectedId}
              ticked={ticked.includes(id)}
              position={item.index + 1}
              total={rows.length}
              style={{ height: item.size, transform: `translateY(${item.start}px)` }}
              onSelect={(event) => {
                if (event.ctrlKey || event.metaKey) toggleTick(id)
                selectDraft(id)
                scrollRef.current?.focus({ preventScroll: true })
              }}
            />
          )
        })}
      </div>
    </div>
  )
}

function EmptyList(props: { filtered: boolean }) {
  return (
    <div className="drafts-empty">
      {props.filtered ? (
        <p>No drafts match. Clear the search or choose “All open”.</p>
      ) : (
        <p>
          No drafts yet. Choose <strong>New draft</strong> or press <kbd>Ctrl</kbd>+<kbd>N</kbd>.
        </p>
      )}
    </div>
  )
}
