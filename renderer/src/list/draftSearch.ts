import { format, parseISO } from 'date-fns'
import { calendarDateOf } from '../../../shared/calendarDate'
import { LEAVE_STATUSES, type LeaveStatus } from '../../../shared/leaveRequestSchema'
import type { DraftRecord } from '../db'
import { notesWords } from '../db/draftSearchFields'

/** What a search looks at in a draft. */
export type SearchableDraft = Pick<DraftRecord, 'employeeId' | 'leaveTypePayItemId' | 'notes' | 'startDate' | 'endDate' | 'leaveStatus'>

/** The cached employees and leave types by id (ReferenceData's employeesById and leaveTypesById fit). */
export interface SearchNames {
  employeesById: ReadonlyMap<number, { displayName: string }>
  leaveTypesById: ReadonlyMap<number, { name: string }>
}

/** The words of a search, lower case; none for a blank search (everything matches). */
export function searchWords(search: string): string[] {
  return search.toLocaleLowerCase().split(/\s+/).filter(Boolean)
}

/** A date as a clerk may type it: '2026-12-24', '24 Dec 2026', '24 December 2026', '24/12/2026', '24/12/26'. */
export function dateWords(date: string): string {
  const valid = calendarDateOf(date)
  if (!valid) return ''
  const cached = dateWordsCache.get(valid)
  if (cached !== undefined) return cached
  const day = parseISO(valid)
  // Day first, as Australia and New Zealand write it: "23/12" finds 23 December (and 03/12 with its zero).
  const words = `${valid} ${format(day, 'd MMM yyyy')} ${format(day, 'd MMMM yyyy')} ${format(day, 'd/M/yyyy')} ${format(day, 'dd/MM/yyyy')} ${format(day, 'd/M/yy')}`.toLocaleLowerCase()
  dateWordsCache.set(valid, words)
  return words
}

/** Dates repeat across thousands of drafts; a clerk's years hold a few thousand distinct days at most. */
const dateWordsCache = new Map<string, string>()

/**
 * The approvals a search word names, as the screen writes them: "pending", "approved", "rejected", or the
 * start of one from three letters on ("pend"). Shorter words would find nearly every request.
 */
export function approvalsNamedBy(word: string): LeaveStatus[] {
  if (word.length < 3) return []
  return LEAVE_STATUSES.filter((status) => status.toLocaleLowerCase().startsWith(word))
}

/**
 * Whether a draft matches every word of the search, each found in the employee's name or the leave type
 * (anywhere in it), the approval (approvalsNamedBy), the dates (anywhere in '2026-12-24 24 dec 2026 24 december 2026'), or the notes (at
 * the start of one of its words, see notesWords: the notes are searched through the `*words` index). So
 * "annual dec" finds annual leave in December, "olivia" finds Olivia's, "dent" finds "Dentist".
 */
export function draftMatchesSearch(draft: SearchableDraft, words: readonly string[], names: SearchNames): boolean {
  if (words.length === 0) return true
  const text = [
    draft.employeeId === undefined ? '' : (names.employeesById.get(draft.employeeId)?.displayName ?? ''),
    draft.leaveTypePayItemId === undefined ? '' : (names.leaveTypesById.get(draft.leaveTypePayItemId)?.name ?? '')
  ]
    .join('\n')
    .toLocaleLowerCase()
  const dates = `${dateWords(draft.startDate)}\n${dateWords(draft.endDate)}`
  const notes = notesWords(draft.notes)
  return words.every(
    (word) => text.includes(word) || dates.includes(word) || notes.some((noteWord) => noteWord.startsWith(word)) || approvalsNamedBy(word).includes(draft.leaveStatus)
  )
}
