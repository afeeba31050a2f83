import { describe, expect, it } from 'vitest'
import type { DraftItem } from '../drafts/draftContent'
import { keepingProcessedLines } from './processedLines'

const line = (date: string, hours = 7.6, processedInPayRunId?: number): DraftItem => ({
  date: date as DraftItem['date'],
  hours,
  isPaid: true,
  ...(processedInPayRunId === undefined ? {} : { processedInPayRunId })
})

describe('keepingProcessedLines', () => {
  it('answers the new lines when nothing has been paid', () => {
    const next = [line('2027-01-04'), line('2027-01-05')]
    expect(keepingProcessedLines(next, [line('2027-01-04', 3.8)])).toEqual(next)
  })

  it('keeps a paid line as it was, in place of the new line on its date', () => {
    const paid = line('2027-01-05', 3.8, 41)
    const result = keepingProcessedLines([line('2027-01-04'), line('2027-01-05'), line('2027-01-06')], [line('2027-01-04', 2), paid])
    expect(result).toEqual([line('2027-01-04'), paid, line('2027-01-06')])
  })

  it('keeps a paid line outside the new dates, in date order', () => {
    const paid = line('2027-01-01', 7.6, 40)
    expect(keepingProcessedLines([line('2027-01-04')], [paid])).toEqual([paid, line('2027-01-04')])
  })
})
