import { format, parseISO } from 'date-fns'
import { useLiveQuery } from 'dexie-react-hooks'
import { useEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react'
import { publicHolidayMap } from '../../../shared/holidays'
import { useAppServices } from '../app/AppServicesContext'
import type { ReferenceData } from '../reference/useReferenceData'
import { holidayRegionOf } from '../safeguards/holidayRegionStore'
import { useModalDialog } from '../ui/useModalDialog'
import { fileLeaveBetween } from '../safeguards/leaveNearby'
import { useUiStore } from '../state/uiStore'
import { awayByDay, type AwayEntry } from './awayByDay'
import { useCalendar } from './calendarStore'
import { CalendarFilters } from './CalendarFilters'
import { keepFor, SHOW_EVERYONE_AWAY, type CalendarFilter } from './calendarFilter'
import { downloadTextFile, exportFileName } from '../export/downloadFile'
import { monthCsv } from '../export/monthCsv'
import { DayRequests } from './DayRequests'
import { useColleagueCalendarRequests } from '../team/colleagueCalendar'
import { TeamFreshnessNote } from '../team/TeamFreshnessNote'
import { MonthCell } from './MonthCell'
import { addMonths, monthGrid, moveByKey } from './monthGrid'
import './calendar.css'

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun']
const NOBODY: readonly AwayEntry[] = []

/**
 * The leave calendar: a month of who is away in the open file, from drafts, queued, sent and synced
 * requests, each with its approval (colour and words) and leave type, overlaps marked; filtered by leave
 * type, approval and (when payroll gives it) pay group; the month as shown exports to CSV or prints. Arrows move a day (up and down a
 * week), PageUp/PageDown a month, Enter opens the day's requests; Escape closes.
 */
export function LeaveCalendar(props: { fileId: number; reference: ReferenceData }) {
  const openOn = useCalendar((s) => s.prompt)
  const close = useCalendar((s) => s.close)
  // showModal focuses the first button; the grid starts on the day it was opened on.
  const dialogRef = useModalDialog(openOn !== null, () => document.getElementById(`calendar-day-${openOn}`)?.focus())

  return (
    <dialog ref={dialogRef} className="help-dialog calendar-dialog" aria-labelledby="calendar-title" onClose={close}>
      {openOn && <MonthView key={props.fileId} fileId={props.fileId} reference={props.reference} start={openOn} onClose={close} />}
    </dialog>
  )
}

function MonthView(props: { fileId: number; reference: ReferenceData; start: string; onClose(): void }) {
  const { repo } = useAppServices()
  const [focused, setFocused] = useState(props.start)
  const [openDay, setOpenDay] = useState<string | null>(null)
  const grid = useMemo(() => monthGrid(focused), [focused])
  const viewFirst = grid.weeks[0]![0]!
  const viewLast = grid.weeks.at(-1)!.at(-1)!
  const requests = useLiveQuery(() => fileLeaveBetween(repo.db, props.fileId, viewFirst, viewLast), [repo, props.fileId, viewFirst, viewLast])
  const region = useLiveQuery(() => holidayRegionOf(repo.db, props.fileId), [repo, props.fileId])
  const [filter, setFilter] = useState<CalendarFilter>(SHOW_EVERYONE_AWAY)
  const { employeesById, leaveTypesById } = props.reference
  // Colleagues' requests from the team ledger, beside this computer's own (none without a team server).
  const colleagues = useColleagueCalendarRequests(viewFirst, viewLast)
  const days = useMemo(
    () => awayByDay([...(requests ?? []), ...colleagues], viewFirst, viewLast, keepFor(filter, employeesById)),
    [requests, colleagues, viewFirst, viewLast, filter, employeesById]
  )
  const drafts = useMemo(() => new Map((requests ?? []).map((draft) => [draft.id, draft])), [requests])
  const holidays = useMemo(() => (region ? publicHolidayMap(region, viewFirst, viewLast) : new Map<string, string>()), [region, viewFirst, viewLast])
  // Set by a key in the grid: the focus follows the day (a new month's cells are new elements).
  const keyMoved = useRef(false)

  useEffect(() => {
    if (!keyMoved.current) return
    keyMoved.current = false
    document.getElementById(`calendar-day-${focused}`)?.focus()
  }, [focused])

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === ' ') {
      event.preventDefault()
      setOpenDay(focused)
      return
    }
    const next = moveByKey(focused, event.key)
    if (!next) return
    event.preventDefault()
    keyMoved.current = true
    setFocused(next)
  }
  const openDraft = (draftId: string) => {
    useUiStore.getState().selectDraft(draftId)
    props.onClose()
  }
  const monthTitle = format(parseISO(grid.first), 'MMMM yyyy')
  const exportMonth = () => {
    const business = useUiStore.getState().openFileId
    void repo.db.referenceMeta.get([props.fileId, 'fileIdentity']).then((identity) => {
      const name = exportFileName(`leave calendar ${format(parseISO(grid.first), 'yyyy-MM')}`, { fileId: business ?? props.fileId, name: identity?.name }, Date.now())
      downloadTextFile(name, monthCsv(days, grid.first, grid.last, drafts, employeesById, leaveTypesById))
    })
  }

  return (
    <div className="month-view">
      <div className="calendar-heading">
        <button type="button" className="button quiet" onClick={() => setFocused(addMonths(focused, -1))} aria-label="Previous month" aria-keyshortcuts="PageUp">
          ‹
        </button>
        <h2 id="calendar-title" aria-live="polite">
          Leave calendar: {monthTitle}
        </h2>
        <button type="button" className="button quiet" onClick={() => setFocused(addMonths(focused, 1))} aria-label="Next month" aria-keyshortcuts="PageDown">
          ›
        </button>
        <button type="button" className="button quiet calendar-close" onClick={props.onClose}>
          Close
        </button>
      </div>
      <CalendarFilters filter={filter} onChange={setFilter} reference={props.reference} onExport={exportMonth} />
      <p className="field-hint calendar-keys">Arrows move a day, PageUp and PageDown a month; Enter lists the day’s requests.</p>
      <TeamFreshnessNote />
      <div role="grid" aria-labelledby="calendar-title" className="month-grid" onKeyDown={onKeyDown} data-testid="month-grid">
        <div role="row" className="month-row weekday-row">
          {WEEKDAYS.map((name) => (
            <div key={name} role="columnheader" className="weekday-name">
              {name}
            </div>
          ))}
        </div>
        {grid.weeks.map((week) => (
          <div key={week[0]} role="row" className="month-row">
            {week.map((date) => (
              <MonthCell
                key={date}
                date={date}
                inMonth={date >= grid.first && date <= grid.last}
                focused={date === focused}
                entries={days.get(date) ?? NOBODY}
                holiday={holidays.get(date)}
                reference={props.reference}
                onFocusDay={() => {
                  setFocused(date)
                  setOpenDay(date)
                }}
              />
            ))}
          </div>
        ))}
      </div>
      {openDay && <DayRequests date={openDay} entries={days.get(openDay) ?? NOBODY} drafts={drafts} reference={props.reference} onOpen={openDraft} />}
    </div>
  )
}
