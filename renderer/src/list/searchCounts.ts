import { Dexie, type ObservabilitySet } from 'dexie'
import type { LeaveDeskDb } from '../db'
import type { StatusCounts } from '../db/draftQueries'
import { possiblyTwiceIds } from '../db/draftQueries'
import { possiblyTwiceOpen } from '../db/draftSearchFields'
import { startingWith } from '../db/keyRanges'
import { DRAFT_STATUSES, type DraftStatus } from '../drafts/draftStatus'
import { draftMatchesSearch, searchWords } from './draftSearch'
import { draftsWritten } from './draftWrites'
import { employeeNames } from './employeeNames'
import { sharedSearchMatches } from './sharedSearch'
import { whenIdle } from './whenIdle'

/**
 * What a search finds, as the status chips show it: the live drafts of each status, the deleted ones, and
 * of the synced ones those flagged "possibly in payroll twice" (Needs attention and All open list them too).
 */
export interface FoundCounts {
  counts: StatusCounts
  deleted: number
  twice: number
}

/** Where a draft the search finds is: its status, deleted, or synced and possibly in payroll twice. */
type Found = DraftStatus | 'deleted' | 'twice'

/**
 * The status chips' counts while a search is on, kept current; `publish` hears each new answer.
 *
 * The first answer comes from the same read as the drafts list's (sharedSearchMatches), started at once.
 * After that, a write is not a reason to search again: the drafts it wrote are read (only those) and each
 * one's place in the counts is set from what it is now, found or not. A write that cannot be narrowed to
 * single drafts (a bulk or range write, a new copy of the employees or leave types) searches again. Writes
 * that commit while a read is under way are looked at once it ends, whatever that read saw of them, so
 * the counts settle on the truth. Checks wait for the page to be idle, out of the autosave's way.
 * Returns a stop.
 */
export function watchSearchCounts(
  db: LeaveDeskDb,
  fileId: number,
  search: string,
  publish: (found: FoundCounts) => void,
  later: (run: () => void) => () => void = (run) => whenIdle(run, CHECK_WITHIN_MS)
): () => void {
  const words = searchWords(search)
  let stopped = false
  let found: Map<string, Found> | null = null
  let pending: Set<string> | 'all' = 'all'
  let reading = false
  let cancelLater: (() => void) | null = null
  let shown = ''
  let failures = 0
  let retry: ReturnType<typeof setTimeout> | undefined

  const read = async () => {
    if (reading || stopped) return
    reading = true
    try {
      while (!stopped && (pending === 'all' || pending.size > 0)) {
        const ids = pending
        pending = new Set()
        if (ids === 'all' || found === null) {
          found = await readFound(db, fileId, words)
        } else {
          const written = [...ids]
          const now = await foundNow(db, fileId, words, written)
          written.forEach((id, i) => setFound(found!, id, now[i]))
        }
        failures = 0
        if (!stopped) show(found)
      }
    } catch (error: unknown) {
      console.warn('The status counts could not be read:', error)
      pending = 'all'
      failures += 1
      // Read again a little later (a database reopening), not only at the next write: a quiet file has none.
      if (failures <= RETRIES) retry = setTimeout(schedule, RETRY_AFTER_MS * failures)
    } finally {
      reading = false
    }
  }

  const show = (current: ReadonlyMap<string, Found>) => {
    const answer = tally(current)
    const key = JSON.stringify(answer)
    if (key === shown) return
    shown = key
    publish(answer)
  }

  const onMutated = (parts: ObservabilitySet) => {
    const ids = draftsWritten(parts, db.name, true)
    if (ids === 'all') pending = 'all'
    else if (ids.length === 0) return
    else if (pending !== 'all') for (const id of ids) pending.add(id)
    schedule()
  }
  const schedule = () => {
    if (stopped || cancelLater) return
    let ran = false
    const cancel = later(() => {
      ran = true
      cancelLater = null
      // A read under way picks the writes up when it ends (its loop).
      void read()
    })
    if (!ran) cancelLater = cancel
  }

  Dexie.on('storagemutated', onMutated)
  void read()
  return () => {
    stopped = true
    clearTimeout(retry)
    cancelLater?.()
    Dexie.on.storagemutated.unsubscribe(onMutated)
  }
}

/** The counts of what a search finds, read once: watchSearchCounts' first answer. */
export async function countSearchMatches(db: LeaveDeskDb, fileId: number, search: string): Promise<FoundCounts> {
  return tally(await readFound(db, fileId, searchWords(search)))
}

async function readFound(db: LeaveDeskDb, fileId: number, words: readonly string[]): Promise<Map<string, Found>> {
  const [matches, twice] = await Promise.all([sharedSearchMatches(db, fileId, words), possiblyTwiceIds(db, fileId)])
  const flagged = new Set(twice)
  return new Map(matches.map((match) => [match.id, match.deleted ? 'deleted' : flagged.has(match.id) ? 'twice' : match.status]))
}

/** How long a check after a write may wait for the page to be idle. */
const CHECK_WITHIN_MS = 300
/** A failed read is tried again this much later (times the failures so far), a few times. */
const RETRY_AFTER_MS = 1_000
const RETRIES = 5

function setFound(found: Map<string, Found>, id: string, now: Found | undefined): void {
  if (now === undefined) found.delete(id)
  else found.set(id, now)
}

function tally(found: ReadonlyMap<string, Found>): FoundCounts {
  const counts = Object.fromEntries(DRAFT_STATUSES.map((status) => [status, 0])) as StatusCounts
  let deleted = 0
  let twice = 0
  for (const where of found.values()) {
    if (where === 'deleted') deleted += 1
    else if (where === 'twice') {
      twice += 1
      counts.synced += 1
    } else counts[where] += 1
  }
  return { counts, deleted, twice }
}

/** Where each of these drafts is now for the search, or undefined when the search does not find it (or it is gone). */
async function foundNow(db: LeaveDeskDb, fileId: number, words: readonly string[], ids: readonly string[]): Promise<(Found | undefined)[]> {
  const [drafts, employees, leaveTypes] = await Promise.all([
    db.drafts.bulkGet([...ids]),
    employeeNames(db, fileId),
    db.leaveTypes.where('[fileId+id]').between(...startingWith(fileId), true, true).toArray()
  ])
  const names = {
    employeesById: new Map(employees.map((employee) => [employee.id, { displayName: employee.name }])),
    leaveTypesById: new Map(leaveTypes.map((type) => [type.id, type]))
  }
  return drafts.map((draft) => {
    if (!draft || draft.fileId !== fileId || !draftMatchesSearch(draft, words, names)) return undefined
    if (draft.deletedAt !== undefined) return 'deleted'
    return possiblyTwiceOpen(draft) ? 'twice' : draft.status
  })
}
