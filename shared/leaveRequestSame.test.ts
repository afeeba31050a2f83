import { describe, expect, it } from 'vitest'
import type { LeaveRequestInsert, LeaveRequestRecord } from './leaveRequestSchema'
import { holdsWhatWasSent, sameVersion } from './leaveRequestSame'

const sent: LeaveRequestInsert = {
  EmployeeId: 11,
  LeaveTypePayItemId: 501,
  StartDate: '2027-01-04T00:00:00+10:00',
  EndDate: '2027-01-05T00:00:00+10:00',
  Status: 'Approved',
  Items: [
    { LineNumber: 1, Date: '2027-01-04T00:00:00+10:00', Hours: 7.6, IsPaid: true },
    { LineNumber: 2, Date: '2027-01-05T00:00:00+10:00', Hours: 4, IsPaid: false }
  ]
}

/** What payroll answers for `sent`: normalised dates, null notes, its own numbering and fields. */
const held: LeaveRequestRecord = {
  Id: 7,
  EmployeeId: 11,
  LeaveTypePayItemId: 501,
  StartDate: '2027-01-04T00:00:00',
  EndDate: '2027-01-05T00:00:00',
  Status: 'Approved',
  Notes: null,
  Items: [
    { LineNumber: 1, Date: '2027-01-05T00:00:00', Hours: 4, IsPaid: false, ProcessedInPayRunId: null },
    { LineNumber: 2, Date: '2027-01-04T00:00:00', Hours: 7.6, IsPaid: true, ProcessedInPayRunId: 31 }
  ],
  CreatedDateUtc: '2026-12-01T00:00:00Z',
  LastModifiedDateUtc: '2026-12-02T00:00:00Z',
  TotalHours: 11.6,
  _links: []
}

describe('does payroll hold what was sent?', () => {
  it('yes, whatever form payroll writes the dates in, with absent notes as null and lines in another order', () => {
    expect(holdsWhatWasSent(sent, held)).toBe(true)
    expect(holdsWhatWasSent({ ...sent, Notes: '' }, held)).toBe(true)
  })

  it.each<[string, Partial<LeaveRequestRecord>]>([
    ['another status', { Status: 'Pending' }],
    ['another end date', { EndDate: '2027-01-06T00:00:00' }],
    ['a note', { Notes: 'Changed by the manager' }],
    ['a line’s hours', { Items: [{ Date: '2027-01-04T00:00:00', Hours: 7.6, IsPaid: true }, { Date: '2027-01-05T00:00:00', Hours: 3, IsPaid: false }] }],
    ['a line’s paid flag', { Items: [{ Date: '2027-01-04T00:00:00', Hours: 7.6, IsPaid: true }, { Date: '2027-01-05T00:00:00', Hours: 4, IsPaid: true }] }],
    ['a line less', { Items: [{ Date: '2027-01-04T00:00:00', Hours: 7.6, IsPaid: true }] }],
    ['another employee', { EmployeeId: 12 }]
  ])('no, when payroll has %s', (_label, change) => {
    expect(holdsWhatWasSent(sent, { ...held, ...change })).toBe(false)
  })
})

describe('the same version?', () => {
  it('compares instants, not text, and never calls two different times the same', () => {
    expect(sameVersion('2026-12-02T00:00:00Z', '2026-12-02T00:00:00')).toBe(true)
    expect(sameVersion('2026-12-02T10:00:00+10:00', '2026-12-02T00:00:00Z')).toBe(true)
    expect(sameVersion('2026-12-02T00:00:00Z', '2026-12-02T00:00:01Z')).toBe(false)
    expect(sameVersion('not a time', 'also not')).toBe(false)
  })
})
