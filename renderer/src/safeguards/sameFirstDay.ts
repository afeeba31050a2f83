import { addDays } from '../../../shared/calendarDate'
import type { LeaveDeskDb } from '../db/leaveDeskDb'
import type { DraftRecord } from '../db/records'

/** Requests of one employee starting on one day, and every stored request of the file that does too. */
export interface SameFirstDay {
  drafts: readonly DraftRecord[]
  /** Every row of the file with this employee and first day (the drafts themselves included), any status. */
  rows: readonly DraftRecord[]
}

/**
 * For groups of drafts sharing an employee and first day, every stored request sharing them, handed to
 * `visit` a slice of dates at a time (a group never spans two slices: its rows all start the same day),
 * so a long history is never held at once.
 *
 * Two ways to read a slice of at most SLICE_DAYS days, chosen by its ids in the [fileId+startDate]
 * index (no record read): when the slice holds few rows for each group asking, its rows at once (one
 * request instead of one per group: Queue all over thousands of recent drafts), the drafts in hand not
 * read again;
 * otherwise the ids of each group's key of [fileId+employeeId+startDate] only, and records only for the
 * keys someone else holds too (a few drafts scattered over years of history).
 */
export async function visitSameFirstDay(
  db: LeaveDeskDb,
  fileId: number,
  groups: readonly (readonly DraftRecord[])[],
  inHand: ReadonlyMap<string, DraftRecord>,
  visit: (found: SameFirstDay[]) => void,
  tuning: SameFirstDayTuning = SAME_FIRST_DAY_TUNING
): Promise<void> {
  for (const slice of slicesByFirstDay(groups)) {
    const first = slice[0]![0]!.startDate
    const last = slice.at(-1)![0]!.startDate
    const sliceRange = db.drafts.where('[fileId+startDate]').between([fileId, first], [fileId, last], true, true)
    const sliceIds = await sliceRange.primaryKeys()
    if (sliceIds.length <= Math.min(tuning.rowsPerGroupForOneRead * slice.length, tuning.rowsAtOnce * 10)) {
      // The drafts in hand are not read again: only the others, by id when they are few.
      const toRead = sliceIds.filter((id) => !inHand.has(id))
      const rows =
        toRead.length * tuning.requestCostInRows < sliceIds.length
          ? await readByIdAlongside(db, sliceIds, toRead, inHand)
          : await sliceRange.toArray()
      const byKey = new Map<string, DraftRecord[]>()
      for (const row of rows) {
        const key = firstDayKey(row)
        const sharing = byKey.get(key)
        if (sharing) sharing.push(row)
        else byKey.set(key, [row])
      }
      visit(slice.map((drafts) => ({ drafts, rows: byKey.get(firstDayKey(drafts[0]!)) ?? [] })))
      continue
    }
    const ids = await Promise.all(
      slice.map(([first]) => db.drafts.where('[fileId+employeeId+startDate]').equals([fileId, first!.employeeId!, first!.startDate]).primaryKeys())
    )
    // A key only its own drafts hold needs no record read: most groups end here.
    const contested = slice.flatMap((drafts, i) => ((ids[i]?.length ?? 0) > 1 ? [{ drafts, ids: ids[i]! }] : []))
    for (const chunk of chunksOfAboutRows(contested, tuning.rowsAtOnce)) {
      const toRead = [...new Set(chunk.flatMap((group) => group.ids.filter((id) => !inHand.has(id))))]
      const read = new Map((await db.drafts.bulkGet(toRead)).flatMap((row) => (row ? [[row.id, row] as const] : [])))
      visit(chunk.map(({ drafts, ids: groupIds }) => ({ drafts, rows: groupIds.flatMap((id) => inHand.get(id) ?? read.get(id) ?? []) })))
    }
  }
}

/** The rows of `ids`: those in hand as they are, `toRead` read by id. */
async function readByIdAlongside(db: LeaveDeskDb, ids: readonly string[], toRead: readonly string[], inHand: ReadonlyMap<string, DraftRecord>): Promise<DraftRecord[]> {
  const read = new Map((await db.drafts.bulkGet([...toRead])).flatMap((row) => (row ? [[row.id, row] as const] : [])))
  return ids.flatMap((id) => inHand.get(id) ?? read.get(id) ?? [])
}

/** A slice's calendar days at most (about a month's rows are read at once). */
const SLICE_DAYS = 31
export interface SameFirstDayTuning {
  /** A single read of a slice is cheaper than one key read per group while the slice holds up to this many rows a group. */
  rowsPerGroupForOneRead: number
  /** About how many records the key path reads in one go (bounds what is held at once); ten times that for a slice read. */
  rowsAtOnce: number
  /** What one read by id costs, in records of a range read: the slice's other rows are read by id while fewer. */
  requestCostInRows: number
}

/** Measured in Chromium: one index request costs about what reading ten records does. */
export const SAME_FIRST_DAY_TUNING: SameFirstDayTuning = { rowsPerGroupForOneRead: 12, rowsAtOnce: 2_000, requestCostInRows: 10 }

function firstDayKey(draft: DraftRecord): string {
  return `${draft.employeeId}|${draft.startDate}`
}

/** The groups in first-day order, cut into runs whose first days lie within SLICE_DAYS of each other. */
function slicesByFirstDay(groups: readonly (readonly DraftRecord[])[]): (readonly DraftRecord[])[][] {
  const ordered = [...groups].sort((a, b) => (a[0]!.startDate < b[0]!.startDate ? -1 : a[0]!.startDate > b[0]!.startDate ? 1 : 0))
  const slices: (readonly DraftRecord[])[][] = []
  let sliceEnds = ''
  for (const group of ordered) {
    const start = group[0]!.startDate
    if (slices.length === 0 || start > sliceEnds) {
      slices.push([group])
      sliceEnds = addDays(start, SLICE_DAYS - 1)
    } else slices.at(-1)!.push(group)
  }
  return slices
}

/** Consecutive runs of groups holding about `rows` ids each (a group is never split). */
function* chunksOfAboutRows<G extends { ids: readonly unknown[] }>(groups: readonly G[], rows: number): Generator<G[]> {
  let chunk: G[] = []
  let size = 0
  for (const group of groups) {
    chunk.push(group)
    size += group.ids.length
    if (size >= rows) {
      yield chunk
      chunk = []
      size = 0
    }
  }
  if (chunk.length > 0) yield chunk
}
