import { describe, expect, it } from 'vitest'
import { checkLeaveRequest } from '../../../shared/leaveRules'
import { emptyDraftContent } from './draftContent'
import { draftToLeaveRequest } from './draftToLeaveRequest'
import { fullPaidDay, sampleDraftContent } from './testSupport/sampleDraft'

const aest = () => 600

const approvedDraft = sampleDraftContent({
  leaveStatus: 'Approved',
  notes: 'Family visit',
  items: [fullPaidDay('2026-03-02'), { date: '2026-03-03', hours: 4, isPaid: false }]
})

describe('draftToLeaveRequest', () => {
  it('produces the body the spec shows, which passes the shared rules', () => {
    const body = draftToLeaveRequest(approvedDraft, aest)
    expect(body).toEqual({
      EmployeeId: 11,
      LeaveTypePayItemId: 501,
      StartDate: '2026-03-02T00:00:00+10:00',
      EndDate: '2026-03-03T00:00:00+10:00',
      Status: 'Approved',
      Notes: 'Family visit',
      Items: [
        { LineNumber: 1, Date: '2026-03-02T00:00:00+10:00', Hours: 7.6, IsPaid: true },
        { LineNumber: 2, Date: '2026-03-03T00:00:00+10:00', Hours: 4, IsPaid: false }
      ]
    })
    expect(checkLeaveRequest(body)).toEqual({ ok: true, value: body })
  })

  it('never carries a read-only field, even when the draft object has extra properties', () => {
    const draftWithBookkeeping = { ...approvedDraft, id: 'x', serverId: 99, status: 'synced', TotalHours: 11.6 }
    const body = draftToLeaveRequest(draftWithBookkeeping, aest) as Record<string, unknown>
    for (const field of ['Id', 'CreatedDateUtc', 'LastModifiedDateUtc', 'TotalHours', '_links']) {
      expect(body).not.toHaveProperty(field)
    }
    for (const item of body.Items as Record<string, unknown>[]) expect(item).not.toHaveProperty('ProcessedInPayRunId')
  })

  it('writes each date with its own offset, so a leave across the end of daylight saving keeps its dates', () => {
    const sydney = (date: string) => (date < '2026-04-05' ? 660 : 600)
    const body = draftToLeaveRequest({ ...approvedDraft, startDate: '2026-04-03', endDate: '2026-04-06', items: [] }, sydney)
    expect(body.StartDate).toBe('2026-04-03T00:00:00+11:00')
    expect(body.EndDate).toBe('2026-04-06T00:00:00+10:00')
  })

  it('leaves out blank notes, empty items and fields not filled yet, so the rules name them as required', () => {
    const body = draftToLeaveRequest({ ...emptyDraftContent(), notes: '   ' }, aest)
    expect(body).toEqual({ Status: 'Pending' })
    const result = checkLeaveRequest(body)
    expect(result.ok).toBe(false)
    if (!result.ok) {
      expect(result.error.map((issue) => issue.field).sort()).toEqual(
        ['EmployeeId', 'EndDate', 'LeaveTypePayItemId', 'StartDate'].sort()
      )
    }
  })
})
