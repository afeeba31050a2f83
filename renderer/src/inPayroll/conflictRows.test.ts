import { describe, expect, it } from 'vitest'
import { emptyDraftContent, type DraftContent } from '../drafts/draftContent'
import { conflictRows } from './conflictRows'

const names = { employeesById: new Map(), leaveTypesById: new Map() }
const day = (date: string, hours = 7.6) => ({ date: date as DraftContent['startDate'] & string, hours, isPaid: true })
const content = (patch: Partial<DraftContent>): DraftContent => ({
  ...emptyDraftContent(),
  employeeId: 7,
  leaveTypePayItemId: 3,
  startDate: '2027-01-04' as DraftContent['startDate'],
  endDate: '2027-01-05' as DraftContent['endDate'],
  items: [day('2027-01-04'), day('2027-01-05')],
  ...patch
})
const base = { content: content({}), lastModifiedDateUtc: '2027-01-01T00:00:00Z', readAt: 1 }

describe('the conflict view’s rows', () => {
  it('lists every field in the editor’s order, with payroll’s value and the clerk’s', () => {
    const rows = conflictRows(content({ notes: 'theirs' }), content({ notes: 'mine' }), base, names)
    expect(rows.map((row) => row.label)).toEqual(['Employee', 'Leave type', 'First day', 'Last day', 'Approval', 'Days of leave', 'Notes'])
    expect(rows.find((row) => row.field === 'notes')).toMatchObject({ payroll: 'theirs', mine: 'mine', side: 'both' })
  })

  it('says who changed each field that differs since the version both started from', () => {
    const payroll = content({ leaveStatus: 'Approved' })
    const mine = content({ items: [day('2027-01-04', 3.8), day('2027-01-05')] })
    const sides = Object.fromEntries(conflictRows(payroll, mine, base, names).map((row) => [row.field, row.side]))
    expect(sides).toEqual({
      employeeId: 'same',
      leaveTypePayItemId: 'same',
      startDate: 'same',
      endDate: 'same',
      leaveStatus: 'payroll',
      items: 'mine',
      notes: 'same'
    })
  })

  it('counts a difference as from both sides when the version read is unknown', () => {
    const rows = conflictRows(content({ notes: 'theirs' }), content({}), undefined, names)
    expect(rows.find((row) => row.field === 'notes')?.side).toBe('both')
    expect(rows.find((row) => row.field === 'startDate')?.side).toBe('same')
  })

  it('treats the same days listed in another order as the same, and sums them up instead of listing them', () => {
    const rows = conflictRows(content({ items: [day('2027-01-05'), day('2027-01-04')] }), content({}), base, names)
    expect(rows.find((row) => row.field === 'items')).toMatchObject({ side: 'same', payroll: '2 days, 15.2 h', mine: '2 days, 15.2 h' })
  })

  it('lists the days one by one where they differ', () => {
    const rows = conflictRows(content({}), content({ items: [day('2027-01-04', 3.8)] }), base, names)
    expect(rows.find((row) => row.field === 'items')).toMatchObject({
      side: 'mine',
      payroll: ['Mon 4 Jan 2027: 7.6 h, paid', 'Tue 5 Jan 2027: 7.6 h, paid'],
      mine: ['Mon 4 Jan 2027: 3.8 h, paid']
    })
  })
})
