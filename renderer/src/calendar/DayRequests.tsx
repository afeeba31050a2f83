import { useVirtualizer } from '@tanstack/react-virtual'
import { useRef } from 'react'
import type { DraftRecord } from '../db'
import { draftStatusLabels } from '../drafts/draftStatus'
import { formatDate, formatDateRange, formatWeekday } from '../format/formatting'
import type { ReferenceData } from '../reference/useReferenceData'
import type { AwayEntry, ColleagueEntry } from './awayByDay'
import { formatAsOf } from '../format/formatting'

/** "entered by ana at ANA-PC at 10:02 today, #501": a colleague's request, from the team ledger. */
function colleagueWords(colleague: ColleagueEntry): string {
  const number = colleague.serverId === undefined ? ', may be in payroll' : `, #${colleague.serverId}`
  return `entered by ${colleague.clerkName} at ${formatAsOf(colleague.enteredAt, Date.now())}${number}`
}

const ROW_HEIGHT = 40

/** The requests of the opened day, virtualised: a busy day in a large file may have hundreds. */
export function DayRequests(props: {
  date: string
  entries: readonly AwayEntry[]
  drafts: ReadonlyMap<string, DraftRecord>
  reference: ReferenceData
  onOpen(draftId: string): void
}) {
  const scrollRef = useRef<HTMLDivElement>(null)
  const virtualizer = useVirtualizer({
    count: props.entries.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 6
  })
  const { reference } = props
  return (
    <section className="day-requests" aria-labelledby="day-requests-title">
      <h3 id="day-requests-title">
        {formatWeekday(props.date)} {formatDate(props.date)}: {props.entries.length === 0 ? 'nobody away' : `${props.entries.length} away`}
      </h3>
      <div ref={scrollRef} className="day-requests-scroll" role="list" aria-label={`Requests on ${formatDate(props.date)}`}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {virtualizer.getVirtualItems().map((item) => {
            const entry = props.entries[item.index]!
            const draft = props.drafts.get(entry.draftId)
            const name = entry.employeeId === undefined ? 'No employee yet' : (reference.employeesById.get(entry.employeeId)?.displayName ?? `Employee ${entry.employeeId}`)
            const type = entry.leaveTypePayItemId === undefined ? 'Leave' : (reference.leaveTypesById.get(entry.leaveTypePayItemId)?.name ?? 'Leave')
            if (entry.colleague) {
              return (
                <div key={entry.draftId} role="listitem" style={{ position: 'absolute', top: item.start, left: 0, right: 0, height: ROW_HEIGHT }}>
                  <p className={`day-request approval-${entry.leaveStatus.toLowerCase()}`} data-testid="colleague-day-request">
                    <strong>{name}</strong> {type} {formatDateRange(entry.colleague.startDate, entry.colleague.endDate)} · {entry.leaveStatus} · {colleagueWords(entry.colleague)}
                    {entry.overlaps ? ' · overlaps' : ''}
                  </p>
                </div>
              )
            }
            return (
              <div key={entry.draftId} role="listitem" style={{ position: 'absolute', top: item.start, left: 0, right: 0, height: ROW_HEIGHT }}>
                <button type="button" className={`day-request approval-${entry.leaveStatus.toLowerCase()}`} onClick={() => props.onOpen(entry.draftId)}>
                  <strong>{name}</strong> {type} {draft ? formatDateRange(draft.startDate, draft.endDate) : ''} · {entry.leaveStatus}
                  {draft?.serverId !== undefined ? '' : ` (${draftStatusLabels[entry.status].toLowerCase()}, not in payroll yet)`}
                  {entry.overlaps ? ' · overlaps' : ''}
                </button>
              </div>
            )
          })}
        </div>
      </div>
    </section>
  )
}
