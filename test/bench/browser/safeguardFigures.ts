import type { DraftRecord } from '../../../renderer/src/db/records'
import { awayByDay } from '../../../renderer/src/calendar/awayByDay'
import { clashesOf, duplicatesToHoldBack } from '../../../renderer/src/safeguards/draftClashes'
import { fileLeaveBetween } from '../../../renderer/src/safeguards/leaveNearby'
import { addDays } from '../../../shared/calendarDate'
import { MAX_LEAVE_SPAN_DAYS } from '../../../shared/leaveRules'
import { BENCH_FILE_ID } from '../shared/benchDrafts'
import { benchHistoryContent } from '../shared/historyDrafts'
import { session } from './benchSession'

export interface SafeguardTimes {
  clashMs: number[]
  clashesFound: number
  holdBackMs: number
  plainChecked: number
  held: number
  monthMs: number[]
  monthRequests: number
  profile: SafeguardProfile
}

/** The calendar's view when opened on a day in April 2026: six weeks, Monday 30 March to Sunday 10 May. */
const MONTH_VIEW = { first: '2026-03-30', last: '2026-05-10' } as const

/**
 * The safeguards over a large history (after seedHistory of `stored` drafts): the editor's overlap check
 * for one draft (a copy of a stored request of spring 2026, so it finds at least that one), "Queue all
 * ready"'s duplicate check over every plain draft of the file, and the calendar's month: its read and its
 * days laid out, what the clerk waits for before the grid fills. Each run timed on its own, inside the page.
 */
export async function safeguardTimes(runs: number, stored: number): Promise<SafeguardTimes> {
  const { db, repo } = session()
  const probe = await repo.createDraft(BENCH_FILE_ID, benchHistoryContent('safeguard-probe', Math.floor(stored * 0.93), stored))
  const clashMs: number[] = []
  let clashesFound = 0
  for (let run = 0; run < runs; run += 1) {
    const started = performance.now()
    clashesFound = (await clashesOf(db, probe)).length
    clashMs.push(performance.now() - started)
  }
  const plainChecked = await db.drafts.where('[fileId+status]').equals([BENCH_FILE_ID, 'draft']).count()
  const started = performance.now()
  const held = (await duplicatesToHoldBack(db, BENCH_FILE_ID)).length
  const holdBackMs = performance.now() - started
  const monthMs: number[] = []
  let monthRequests = 0
  for (let run = 0; run < runs; run += 1) {
    const monthStarted = performance.now()
    const requests = await fileLeaveBetween(db, BENCH_FILE_ID, MONTH_VIEW.first, MONTH_VIEW.last)
    awayByDay(requests, MONTH_VIEW.first, MONTH_VIEW.last)
    monthMs.push(performance.now() - monthStarted)
    monthRequests = requests.length
  }
  const profile = await whereTheTimeGoes(probe)
  await repo.deleteDraft(probe.id)
  return { clashMs, clashesFound, holdBackMs, plainChecked, held, monthMs, monthRequests, profile }
}

/**
 * A profile in figures: the index ranges each check reads (rows in them against rows it keeps) and the
 * parts of the Queue-all check and the month timed apart, each with the same reads the code makes.
 */
async function whereTheTimeGoes(probe: DraftRecord): Promise<SafeguardProfile> {
  const { db } = session()
  const clashRangeRows = await db.drafts
    .where('[fileId+employeeId+startDate]')
    .between([BENCH_FILE_ID, probe.employeeId!, addDays(probe.startDate, -MAX_LEAVE_SPAN_DAYS)], [BENCH_FILE_ID, probe.employeeId!, probe.endDate], true, true)
    .count()
  let started = performance.now()
  const plain = await db.drafts.where('[fileId+status]').equals([BENCH_FILE_ID, 'draft']).toArray()
  const plainReadMs = performance.now() - started
  const groups = [...new Map(plain.map((draft) => [`${draft.employeeId}|${draft.startDate}`, draft])).values()]
  started = performance.now()
  const sharing = await db.transaction('r', db.drafts, () =>
    Promise.all(groups.map((draft) => db.drafts.where('[fileId+employeeId+startDate]').equals([BENCH_FILE_ID, draft.employeeId!, draft.startDate]).primaryKeys()))
  )
  const keyReadsMs = performance.now() - started
  started = performance.now()
  const requests = await fileLeaveBetween(db, BENCH_FILE_ID, MONTH_VIEW.first, MONTH_VIEW.last)
  const monthReadMs = performance.now() - started
  started = performance.now()
  awayByDay(requests, MONTH_VIEW.first, MONTH_VIEW.last)
  const monthLayoutMs = performance.now() - started
  const monthRangeRows = await db.drafts
    .where('[fileId+startDate]')
    .between([BENCH_FILE_ID, addDays(MONTH_VIEW.first, -MAX_LEAVE_SPAN_DAYS)], [BENCH_FILE_ID, MONTH_VIEW.last], true, true)
    .count()
  const round = (ms: number) => Math.round(ms * 10) / 10
  return {
    clashRangeRows,
    holdBack: { plainReadMs: round(plainReadMs), groups: groups.length, keyReadsMs: round(keyReadsMs), groupsSharedWithOthers: sharing.filter((ids) => ids.length > 1).length },
    month: { readMs: round(monthReadMs), layoutMs: round(monthLayoutMs), rowsInRange: monthRangeRows, shown: requests.length }
  }
}

export interface SafeguardProfile {
  /** Rows of the probe employee's index range (the overlap check reads them all). */
  clashRangeRows: number
  holdBack: { plainReadMs: number; groups: number; keyReadsMs: number; groupsSharedWithOthers: number }
  month: { readMs: number; layoutMs: number; rowsInRange: number; shown: number }
}
