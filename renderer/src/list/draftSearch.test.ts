import { describe, expect, it } from 'vitest'
import { draftMatchesSearch, searchWords, type SearchNames } from './draftSearch'

const NAMES: SearchNames = {
  employeesById: new Map([[11, { displayName: 'Aroha Ngata' }]]),
  leaveTypesById: new Map([[501, { name: 'Personal/Carer’s Leave' }]])
}
const DRAFT = { employeeId: 11, leaveTypePayItemId: 501, notes: 'Dentist, then family-friendly day', startDate: '2026-12-24', endDate: '2026-12-24', leaveStatus: 'Pending' as const }
const finds = (search: string) => draftMatchesSearch(DRAFT, searchWords(search), NAMES)

describe('draftMatchesSearch', () => {
  it('finds names, leave types and dates by any part of them', () => {
    expect(['ngata', 'ROHA', 'carer', 'rer’s', '12-24', 'ember', 'dec', '2026-12'].filter(finds)).toHaveLength(8)
  })

  it('finds a date written day first, as a clerk in Australia or New Zealand types it', () => {
    expect(['24/12', '24/12/2026', '24/12/26'].every(finds)).toBe(true)
    expect(finds('12/24')).toBe(false)
  })

  it('finds the notes by the start of a word, or of a part after punctuation', () => {
    expect(['dentist', 'dent', 'dentist,', 'friendly', 'family-fr', 'day'].every(finds)).toBe(true)
    // The notes are searched through the word index: the middle of a word is not a start.
    expect(['ntist', 'iendly'].some(finds)).toBe(false)
  })

  it('finds the approval as the screen writes it, or its start from three letters on', () => {
    expect(['pending', 'Pending', 'pend', 'aroha pending'].every(finds)).toBe(true)
    expect(['approved', 'rejected', 'rej', 'pendings'].some(finds)).toBe(false)
    expect(draftMatchesSearch({ ...DRAFT, leaveStatus: 'Approved' }, searchWords('approved'), NAMES)).toBe(true)
  })

  it('needs every word somewhere, and finds everything with no words', () => {
    expect(finds('aroha dent 2026')).toBe(true)
    expect(finds('aroha nobody')).toBe(false)
    expect(finds('   ')).toBe(true)
  })
})
