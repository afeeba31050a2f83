import { describe, expect, it } from 'vitest'
import { contentChanges } from './contentChanges'
import type { DraftContent } from './draftContent'
import { payrollContentOf } from './payrollCopy'
import { fullPaidDay, sampleDraftContent } from './testSupport/sampleDraft'

const base = sampleDraftContent({ startDate: '2027-01-04', endDate: '2027-01-05', items: [fullPaidDay('2027-01-04'), fullPaidDay('2027-01-05')] })

describe('payroll’s record in the editor’s terms', () => {
  it('reads calendar dates as written, null notes as empty, lines by day with their pay run', () => {
    const content = payrollContentOf({
      Id: 5,
      EmployeeId: 11,
      LeaveTypePayItemId: 501,
      StartDate: '2027-01-04T00:00:00+10:00',
      EndDate: '2027-01-05T00:00:00',
      Status: 'Pending',
      Notes: null,
      Items: [
        { LineNumber: 2, Date: '2027-01-05T00:00:00', Hours: 7.6, IsPaid: true, ProcessedInPayRunId: null },
        { LineNumber: 1, Date: '2027-01-04T00:00:00+10:00', Hours: 7.6, ProcessedInPayRunId: 31 }
      ],
      CreatedDateUtc: 'x',
      LastModifiedDateUtc: 'y',
      TotalHours: 15.2
    })
    expect(content).toEqual({ ...base, items: [{ ...base.items[0], processedInPayRunId: 31 }, base.items[1]] })
  })
})

describe('what changed between two versions', () => {
  it('is nothing for the same request with its lines in another order', () => {
    expect(contentChanges(base, { ...base, items: [...base.items].reverse() })).toEqual([])
  })

  it('names each changed field in the editor’s order, with before and after', () => {
    const after: DraftContent = { ...base, leaveStatus: 'Approved', notes: 'ok', items: [base.items[0]!] }
    expect(contentChanges(base, after)).toEqual([
      { field: 'leaveStatus', before: 'Pending', after: 'Approved' },
      { field: 'notes', before: '', after: 'ok' },
      { field: 'items', before: base.items, after: [base.items[0]] }
    ])
  })
})
