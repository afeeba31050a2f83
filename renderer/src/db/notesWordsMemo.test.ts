import { describe, expect, it } from 'vitest'
import { notesWords } from './draftSearchFields'
import { createNotesWordsMemo } from './notesWordsMemo'

describe('the notes’ words, remembered by text', () => {
  it('answers exactly notesWords of the text asked, the same text again and an edited one alike', () => {
    const wordsOf = createNotesWordsMemo(4)
    expect(wordsOf('Dentist (family)')).toEqual(notesWords('Dentist (family)'))
    expect(wordsOf('Dentist (family)')).toEqual(notesWords('Dentist (family)'))
    expect(wordsOf('Dentist (family) — moved')).toEqual(notesWords('Dentist (family) — moved'))
    expect(wordsOf('')).toEqual([])
  })

  it('stays right past its capacity, for texts forgotten and texts kept', () => {
    const wordsOf = createNotesWordsMemo(3)
    const texts = Array.from({ length: 10 }, (_, n) => `Trip number-${n} abroad`)
    for (const text of texts) wordsOf(text)
    for (const text of [...texts].reverse()) expect(wordsOf(text)).toEqual(notesWords(text))
  })

  it('hands out words no caller can change for the next one', () => {
    const wordsOf = createNotesWordsMemo()
    const first = wordsOf('School pickup')
    expect(() => (first as string[]).push('changed')).toThrow()
    expect(wordsOf('School pickup')).toEqual(['school', 'pickup'])
  })
})
