import type { DraftRecord, LeaveDeskDb } from '../db'
import { startingWith } from '../db/keyRanges'
import { couldBeDateWord } from './searchMatches'

/** More people than this share the word (a letter or two typed): the list waits for the whole read. */
const UP_TO_EMPLOYEES = 100

/**
 * For a search whose first word names only employees ("olivia": 25 people, 2,500 drafts at a clerk's
 * years), the newest drafts of the search, whole, without reading all of theirs: each named person's
 * newest `perEmployee` drafts. Every draft the search finds belongs to one of them, so every one newer
 * than the highest of their oldest-read drafts has been read: those, newest first, are a true prefix of
 * the search's answer (`matches` is the list's own test). Undefined when the word may find drafts some
 * other way (a leave type, a date, a notes word): the caller then scans the file's newest drafts.
 * Runs in the caller's transaction.
 */
export async function firstNameSearchDrafts(
  db: LeaveDeskDb,
  fileId: number,
  word: string | undefined,
  names: { employees: readonly { id: number; displayName: string }[]; leaveTypes: readonly { name: string }[] },
  matches: (draft: DraftRecord) => boolean,
  perEmployee: number
): Promise<DraftRecord[] | undefined> {
  if (word === undefined || couldBeDateWord(word)) return undefined
  if (names.leaveTypes.some((type) => type.name.toLocaleLowerCase().includes(word))) return undefined
  const named = names.employees.filter((employee) => employee.displayName.toLocaleLowerCase().includes(word))
  if (named.length === 0 || named.length > UP_TO_EMPLOYEES) return undefined
  const [byNotes, newest] = await Promise.all([
    db.drafts.where('words').startsWith(word).limit(1).primaryKeys(),
    Promise.all(
      named.map((employee) =>
        db.drafts
          .where('[fileId+employeeId+seq]')
          .between(...startingWith(fileId, employee.id), true, true)
          .reverse()
          .limit(perEmployee)
          .toArray()
      )
    )
  ])
  if (byNotes.length > 0) return undefined
  // A person with fewer than `perEmployee` drafts had all of theirs read; the others, down to their oldest read.
  const readDownTo = Math.max(-Infinity, ...newest.filter((drafts) => drafts.length >= perEmployee).map((drafts) => drafts[drafts.length - 1]?.seq ?? -Infinity))
  return newest
    .flat()
    .filter((draft) => draft.seq >= readDownTo && matches(draft))
    .sort((a, b) => b.seq - a.seq)
}
