import { notesWords } from './draftSearchFields'

/**
 * notesWords for the draft middleware, remembered by the notes' text. Most writes of a draft leave its
 * notes as they were (the queue's claim and outcome, queue and unqueue, a date change), so each text is
 * split into words once rather than on every put; an edited text is simply a new one. Keyed by the text
 * itself, not by draft, so what it answers is always notesWords of exactly these notes. Bounded: the text
 * used least recently is forgotten first. The arrays are frozen because several puts share them.
 */
export function createNotesWordsMemo(capacity = 512): (notes: string) => readonly string[] {
  const memo = new Map<string, readonly string[]>()
  return (notes) => {
    const known = memo.get(notes)
    if (known) {
      // Map keeps insertion order: moved to the back, it is the last to be forgotten.
      memo.delete(notes)
      memo.set(notes, known)
      return known
    }
    const words = Object.freeze(notesWords(notes))
    memo.set(notes, words)
    if (memo.size > capacity) memo.delete(memo.keys().next().value as string)
    return words
  }
}
