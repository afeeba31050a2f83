import { describe, expect, it } from 'vitest'
import { guessMappingFromContent } from './guessFromContent'
import { guessMappingFromHeaders, looksLikeHeaderRow } from './guessMapping'
import { createEmployeeMatcher, createLeaveTypeMatcher } from './matchReference'

describe('guessing columns from headers', () => {
  it('takes the words managers write, in any case or punctuation', () => {
    expect(guessMappingFromHeaders(['Staff Member', 'LEAVE-TYPE', 'From', 'To', 'Status', 'Hours/day', 'Comments'])).toEqual({
      employee: 0,
      leaveType: 1,
      startDate: 2,
      endDate: 3,
      status: 4,
      hoursPerDay: 5,
      notes: 6
    })
    expect(guessMappingFromHeaders(['Payroll ID', 'Type', 'Start date', 'End date', 'Total hrs'])).toEqual({
      employee: 0,
      leaveType: 1,
      startDate: 2,
      endDate: 3,
      totalHours: 4
    })
  })

  it('prefers the longest phrase a header contains: "Leave type name" is the leave type, not the employee', () => {
    expect(guessMappingFromHeaders(['Employee name (as in payroll)', 'Leave type name', 'First day of leave'])).toEqual({
      employee: 0,
      leaveType: 1,
      startDate: 2
    })
  })

  it('tells a header row from a row of leave', () => {
    expect(looksLikeHeaderRow(['Employee', 'Leave type', 'First day'])).toBe(true)
    expect(looksLikeHeaderRow(['Aroha Ngata', 'Annual Leave', '02/03/2026'])).toBe(false)
    // Two cells that are field names too ("leave", "approved"), but dates say it is a row of leave.
    expect(looksLikeHeaderRow(['Annual Leave', 'Aroha Ngata', '24/12/2026', '1 Jan 2027', 'Approved'])).toBe(false)
    expect(looksLikeHeaderRow(['Unpaid Leave', 'Aroha Ngata', 'Approved', '7.6'])).toBe(false)
  })
})

describe('guessing columns from what cells hold (a paste without headers)', () => {
  it('finds names, leave types, first and last day, approval, hours and notes', () => {
    const matchEmployee = createEmployeeMatcher([{ id: 11, firstName: 'Aroha', lastName: 'Ngata', displayName: 'Aroha Ngata', isActive: true }])
    const matchLeaveType = createLeaveTypeMatcher([{ id: 501, name: 'Annual Leave' }])
    const rows = [
      ['Annual Leave', 'Aroha Ngata', '02/03/2026', '04/03/2026', '7.6', 'Approved', 'Beach'],
      ['Annual', 'Aroha Ngata', '09/03/2026', '09/03/2026', '4', 'pending', '']
    ]
    expect(guessMappingFromContent(rows, matchEmployee, matchLeaveType)).toEqual({
      leaveType: 0,
      employee: 1,
      startDate: 2,
      endDate: 3,
      hoursPerDay: 4,
      status: 5,
      notes: 6
    })
  })
})
