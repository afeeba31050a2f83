import { format, parseISO } from 'date-fns'
import { calendarDateOf } from '../../../shared/calendarDate'
import type { DraftRecord } from '../db'

/** What a search looks at in a draft. */
export type SearchableDraft = Pick<DraftRecord, 'employeeId' | 'leaveTypePayItemId' | 'notes' | 'startDate' | 'endDate'>

/** The cached employees and leave types by id (ReferenceData's employeesById and leaveTypesById fit). */
export interface SearchNames {
  employeesById: ReadonlyMap<number, { displayName: string }>
  leaveTypesById: ReadonlyMap<number, { name: string }>
}

/** The words of a search, lower case; none for a blank search (everything matches). */
export function searchWords(search: string): string[] {
  return search.toLocaleLowerCase().split(/\s+/).filter(Boolean)
}

/** A date as a clerk may type it: '2026-12-24', '24 Dec 2026', '24 December 2026'. */
function dateWords(date: string): string {
  const valid = calendarDateOf(date)
  if (!valid) return ''
  const day = parseISO(valid)
  return `${valid} ${format(day, 'd MMM yyyy')} ${format(day, 'd MMMM yyyy')}`
}

/**
 * Whether a draft matches every word of the search, each found in the employee's name, the leave type,
 * the notes or the dates (so "annual dec" finds annual leave in December, "olivia" finds Olivia's).
 */
export function draftMatchesSearch(draft: SearchableDraft, words: readonly string[], names: SearchNames): boolean {
  if (words.length === 0) return true
  const text = [
    draft.employeeId === undefined ? '' : (names.employeesById.get(draft.employeeId)?.displayName ?? ''),
    draft.leaveTypePayItemId === undefined ? '' : (names.leaveTypesById.get(draft.leaveTypePayItemId)?.name ?? ''),
    draft.notes,
    dateWords(draft.startDate),
    dateWords(draft.endDate)
  ]
    .join('\n')
    .toLocaleLowerCase()
  return words.every((word) => text.includes(word))
}
