import type { DraftRecord } from './records'

/**
 * Fields the database derives from a draft for its indexes, never set by hand: the draft middleware
 * (draftFieldsMiddleware.ts) writes them on every put and takes them off every read, so the rest of the
 * app neither sees nor keeps them.
 *  - `words`: the words of the notes as the search matches them (notesWords), for the `*words` index:
 *    "which drafts have a notes word starting with 'dent'" is one key range, however many drafts.
 *  - `shelf`: 'open' for every status the list shows by default, 'synced' for the years of history, for
 *    the `[fileId+shelf+seq]` index: the open drafts in creation order without reading the synced ones.
 *    'twice' for a request in payroll flagged "possibly in payroll twice" and not rejected: the clerk has
 *    to act on it, so the list shows it under Needs attention (and All open) as well as under Synced.
 */
export interface DerivedDraftFields {
  words: readonly string[]
  shelf: DraftShelf
}

export type DraftShelf = 'open' | 'synced' | 'twice'

export const DERIVED_DRAFT_FIELDS: readonly (keyof DerivedDraftFields)[] = ['words', 'shelf']

/** The shelf of a draft's status (a flagged request in payroll is on 'twice' instead: draftShelf). */
export function shelfOf(status: DraftRecord['status']): DraftShelf {
  return status === 'synced' ? 'synced' : 'open'
}

/** A request in payroll that may be there twice (team/possiblyTwice.ts) and that nobody rejected yet. */
export function possiblyTwiceOpen(draft: Pick<DraftRecord, 'status' | 'possiblyTwice' | 'leaveStatus'>): boolean {
  return draft.status === 'synced' && draft.possiblyTwice !== undefined && draft.leaveStatus !== 'Rejected'
}

export function draftShelf(draft: Pick<DraftRecord, 'status' | 'possiblyTwice' | 'leaveStatus'>): DraftShelf {
  return possiblyTwiceOpen(draft) ? 'twice' : shelfOf(draft.status)
}

const LETTER_OR_DIGIT = /[\p{L}\p{N}]/u

/**
 * The words of a draft's notes a search word can start: each word (split at spaces, lower case) and, inside
 * a word, each part that follows punctuation ("family-friendly" → also "friendly"; "(dentist)" → also
 * "dentist)"). A search word matches the notes when one of these starts with it.
 */
export function notesWords(notes: string): string[] {
  const words = new Set<string>()
  for (const token of notes.toLocaleLowerCase().split(/\s+/)) {
    if (token === '') continue
    words.add(token)
    for (let i = 1; i < token.length; i += 1) {
      if (!LETTER_OR_DIGIT.test(token.charAt(i - 1)) && LETTER_OR_DIGIT.test(token.charAt(i))) words.add(token.slice(i))
    }
  }
  return [...words]
}

/** `wordsOf`: notesWords itself, or a remembered version of it (notesWordsMemo.ts). */
export function derivedDraftFields(
  draft: Pick<DraftRecord, 'notes' | 'status' | 'possiblyTwice' | 'leaveStatus'>,
  wordsOf: (notes: string) => readonly string[] = notesWords
): DerivedDraftFields {
  return { words: wordsOf(typeof draft.notes === 'string' ? draft.notes : ''), shelf: draftShelf(draft) }
}
