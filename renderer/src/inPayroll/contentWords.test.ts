import { describe, expect, it } from 'vitest'
import type { CachedEmployee, CachedLeaveType } from '../db'
import { emptyDraftContent, type DraftContent } from '../drafts/draftContent'
import { changeWords, fieldWords, itemWords } from './contentWords'

const names = {
  employeesById: new Map<number, CachedEmployee>([
    [7, { fileId: 1001, id: 7, firstName: 'Olivia', lastName: 'Nguyen', displayName: 'Olivia Nguyen', isActive: true, leaveBalances: [] }]
  ]),
  leaveTypesById: new Map<number, CachedLeaveType>([[3, { fileId: 1001, id: 3, name: 'Annual Leave' }]])
}

const content = (patch: Partial<DraftContent>): DraftContent => ({ ...emptyDraftContent(), ...patch })

describe('a request in words', () => {
  it('names the employee and the leave type, and says when none is chosen', () => {
    expect(fieldWords('employeeId', content({ employeeId: 7 }), names)).toBe('Olivia Nguyen')
    expect(fieldWords('employeeId', content({ employeeId: 99 }), names)).toBe('Employee 99')
    expect(fieldWords('leaveTypePayItemId', content({ leaveTypePayItemId: 3 }), names)).toBe('Annual Leave')
    expect(fieldWords('leaveTypePayItemId', content({}), names)).toBe('—')
  })

  it('writes dates, empty notes and each day of leave as a clerk reads them', () => {
    expect(fieldWords('startDate', content({ startDate: '2027-01-04' as DraftContent['startDate'] }), names)).toBe('4 Jan 2027')
    expect(fieldWords('notes', content({ notes: '  ' }), names)).toBe('(none)')
    expect(fieldWords('items', content({}), names)).toEqual(['No days'])
    const paid = { date: '2027-01-04' as DraftContent['startDate'] & string, hours: 7.6, isPaid: true, processedInPayRunId: 12 }
    expect(itemWords(paid)).toBe('Mon 4 Jan 2027: 7.6 h, paid (paid in a pay run)')
    expect(itemWords({ ...paid, isPaid: false, processedInPayRunId: undefined })).toBe('Mon 4 Jan 2027: 7.6 h, unpaid')
  })

  it('says what changed with the editor’s labels, never the API’s field names', () => {
    expect(changeWords({ field: 'leaveStatus', before: 'Pending', after: 'Approved' }, names)).toBe('Approval: Pending → Approved')
    expect(changeWords({ field: 'notes', before: '', after: 'Back on Monday' }, names)).toBe('Notes changed')
    const monday = { date: '2027-01-04' as never, hours: 7.6, isPaid: true }
    const tuesday = { date: '2027-01-05' as never, hours: 7.6, isPaid: true }
    expect(changeWords({ field: 'items', before: [], after: [monday] }, names)).toBe('Days of leave: 1 day added')
    expect(changeWords({ field: 'items', before: [monday, tuesday], after: [{ ...monday, processedInPayRunId: 41 }] }, names)).toBe(
      'Days of leave: 1 day removed, 1 day now paid in a pay run'
    )
    expect(changeWords({ field: 'items', before: [monday], after: [{ ...monday, hours: 3.8 }] }, names)).toBe(
      'Days of leave: 1 day with other hours or pay (Mon 4 Jan 2027)'
    )
    expect(changeWords({ field: 'employeeId', before: 7, after: 99 }, names)).toBe('Employee: Olivia Nguyen → Employee 99')
  })
})
