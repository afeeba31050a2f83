import { describe, expect, it } from 'vitest'
import { checkLeaveRequest, checkLeaveRequestUpdate, MAX_LEAVE_SPAN_DAYS, totalHoursOf } from './leaveRules'

const valid = {
  LeaveTypePayItemId: 11,
  EmployeeId: 21,
  StartDate: '2026-03-02T00:00:00+10:00',
  EndDate: '2026-03-03T00:00:00+10:00',
  Status: 'Pending'
}
const approved = {
  ...valid,
  Status: 'Approved',
  Items: [
    { LineNumber: 1, Date: '2026-03-02T00:00:00+10:00', Hours: 7.6, IsPaid: true },
    { LineNumber: 2, Date: '2026-03-03T00:00:00+10:00', Hours: 7.6, IsPaid: true }
  ]
}

function issuesOf(input: unknown) {
  const result = checkLeaveRequest(input)
  return result.ok ? [] : result.error
}
function fieldsOf(input: unknown) {
  return issuesOf(input).map((issue) => issue.field)
}

describe('checkLeaveRequest', () => {
  it('accepts a complete pending request and an approved one with items', () => {
    expect(checkLeaveRequest(valid)).toEqual({ ok: true, value: valid })
    expect(checkLeaveRequest(approved).ok).toBe(true)
  })

  it.each(['LeaveTypePayItemId', 'EmployeeId', 'StartDate', 'EndDate', 'Status'])('requires %s and names it', (field) => {
    const { [field]: _removed, ...rest } = valid as Record<string, unknown>
    const issues = issuesOf(rest)
    expect(issues.map((i) => i.field)).toContain(field)
    expect(issues.find((i) => i.field === field)?.message).toMatch(/required/)
  })

  it('says which field has the wrong type', () => {
    expect(issuesOf({ ...valid, EmployeeId: '21' })).toContainEqual({ field: 'EmployeeId', message: 'Employee must be a number.' })
    expect(fieldsOf({ ...valid, EmployeeId: 2.5 })).toEqual(['EmployeeId'])
    expect(fieldsOf({ ...valid, LeaveTypePayItemId: -1 })).toEqual(['LeaveTypePayItemId'])
    expect(fieldsOf({ ...valid, Status: 'approved' })).toEqual(['Status'])
    expect(fieldsOf({ ...valid, Notes: 5 })).toEqual(['Notes'])
  })

  it.each([null, [], 'x', 5])('refuses a body that is not an object (%j)', (body) => {
    expect(fieldsOf(body)).toEqual([''])
  })

  describe('read-only fields and _links', () => {
    it.each(['Id', 'CreatedDateUtc', 'TotalHours'])('refuses a real %s value', (field) => {
      const issues = issuesOf({ ...valid, [field]: field === 'CreatedDateUtc' ? '2026-01-01T00:00:00Z' : 5 })
      expect(issues).toEqual([{ field, message: `${field} is set by the server and must not be sent.` }])
    })

    it('treats the nulls and empty _links that real SDKs send as not supplied', () => {
      const result = checkLeaveRequest({ ...valid, Id: null, CreatedDateUtc: null, TotalHours: null, _links: [], Notes: null, Items: null })
      expect(result).toEqual({ ok: true, value: valid })
    })

    it('refuses non-empty _links', () => {
      expect(fieldsOf({ ...valid, _links: [{ rel: 'self' }] })).toEqual(['_links'])
    })

    it('refuses ProcessedInPayRunId on an item but accepts null', () => {
      const items = approved.Items.map((item) => ({ ...item, ProcessedInPayRunId: null }))
      expect(checkLeaveRequest({ ...approved, Items: items }).ok).toBe(true)
      items[1] = { ...items[1]!, ProcessedInPayRunId: 7 as never }
      expect(fieldsOf({ ...approved, Items: items })).toEqual(['Items.1.ProcessedInPayRunId'])
    })
  })

  describe('dates', () => {
    it('allows a one-day leave and refuses an end one day before the start', () => {
      expect(checkLeaveRequest({ ...valid, EndDate: valid.StartDate }).ok).toBe(true)
      expect(issuesOf({ ...valid, EndDate: '2026-03-01T00:00:00+10:00' })).toEqual([
        { field: 'EndDate', message: 'End date must be on or after the start date.' }
      ])
    })

    it(`allows a span of exactly ${MAX_LEAVE_SPAN_DAYS} days and refuses ${MAX_LEAVE_SPAN_DAYS + 1}`, () => {
      expect(checkLeaveRequest({ ...valid, StartDate: '2026-03-01', EndDate: '2026-05-03' }).ok).toBe(true)
      const issues = issuesOf({ ...valid, StartDate: '2026-03-01', EndDate: '2026-05-04' })
      expect(issues).toHaveLength(1)
      expect(issues[0]).toMatchObject({ field: 'EndDate' })
      // 1 Mar – 4 May on a calendar is 65 days, first and last included: the message counts as a clerk does.
      expect(issues[0]?.message).toBe(
        'Leave can cover at most 64 calendar days, first and last day included (about 3 months); this one covers 65.'
      )
    })

    it('compares calendar dates in the offset written, not instants', () => {
      // As instants the end is 10 hours before the start; as calendar dates both are 1 March.
      expect(checkLeaveRequest({ ...valid, StartDate: '2026-03-01T00:00:00+10:00', EndDate: '2026-03-01T00:00:00-00:00' }).ok).toBe(true)
    })

    it('refuses a date that does not exist', () => {
      expect(fieldsOf({ ...valid, StartDate: '2026-02-30' })).toEqual(['StartDate'])
      expect(fieldsOf({ ...valid, EndDate: 'next week' })).toEqual(['EndDate'])
    })
  })

  describe('items', () => {
    it('requires items when approved, not when pending or rejected', () => {
      expect(fieldsOf({ ...valid, Status: 'Approved' })).toEqual(['Items'])
      expect(fieldsOf({ ...valid, Status: 'Approved', Items: [] })).toEqual(['Items'])
      expect(checkLeaveRequest({ ...valid, Status: 'Rejected' }).ok).toBe(true)
    })

    it('allows 0 and 24 hours in a day and refuses below 0 or above 24', () => {
      const withHours = (Hours: number) => ({ ...approved, Items: [{ ...approved.Items[0]!, Hours }] })
      expect(checkLeaveRequest(withHours(24)).ok).toBe(true)
      expect(checkLeaveRequest(withHours(0)).ok).toBe(true)
      expect(fieldsOf(withHours(24.5))).toEqual(['Items.0.Hours'])
      expect(fieldsOf(withHours(-1))).toEqual(['Items.0.Hours'])
    })

    it('refuses item dates outside the leave and the same date twice', () => {
      const items = [
        { Date: '2026-03-01', Hours: 7.6 },
        { Date: '2026-03-02', Hours: 7.6 },
        { Date: '2026-03-02T00:00:00Z', Hours: 7.6 },
        { Date: '2026-03-04', Hours: 7.6 }
      ]
      expect(fieldsOf({ ...approved, Items: items })).toEqual(['Items.0.Date', 'Items.2.Date', 'Items.3.Date'])
      // Said with the days as the clerk reads them, never as ISO dates.
      expect(issuesOf({ ...approved, Items: items }).map((issue) => issue.message)).toEqual([
        '1 Mar 2026 is outside the leave (2 Mar 2026 to 3 Mar 2026).',
        '2 Mar 2026 is already on line 2.',
        '4 Mar 2026 is outside the leave (2 Mar 2026 to 3 Mar 2026).'
      ])
    })

    it('refuses a line number used twice', () => {
      const items = approved.Items.map((item) => ({ ...item, LineNumber: 1 }))
      expect(fieldsOf({ ...approved, Items: items })).toEqual(['Items.1.LineNumber'])
    })
  })

  it('reports every problem at once, so the editor can show them all', () => {
    const fields = fieldsOf({ EmployeeId: 'x', StartDate: '2026-03-01', EndDate: '2026-05-04', Status: 'Approved', Id: 4 })
    expect(fields).toEqual(expect.arrayContaining(['Id', 'LeaveTypePayItemId', 'EmployeeId', 'EndDate', 'Items']))
  })

  it('limits notes length', () => {
    expect(checkLeaveRequest({ ...valid, Notes: 'x'.repeat(2000) }).ok).toBe(true)
    expect(fieldsOf({ ...valid, Notes: 'x'.repeat(2001) })).toEqual(['Notes'])
  })
})

describe('checkLeaveRequestUpdate', () => {
  it('requires LastModifiedDateUtc, which an insert does not', () => {
    expect(fieldsOf(valid)).toEqual([])
    const result = checkLeaveRequestUpdate(valid)
    expect(result.ok ? [] : result.error.map((i) => i.field)).toEqual(['LastModifiedDateUtc'])
    expect(checkLeaveRequestUpdate({ ...valid, LastModifiedDateUtc: '2026-03-01T00:00:00Z' }).ok).toBe(true)
  })

  it('names LastModifiedDateUtc when it is not a date-time', () => {
    const result = checkLeaveRequestUpdate({ ...valid, LastModifiedDateUtc: 'junk' })
    expect(result.ok ? [] : result.error.map((i) => i.field)).toEqual(['LastModifiedDateUtc'])
  })

  it('ignores the read-only echoes of a record read back whole (read-modify-write)', () => {
    const echoed = {
      ...approved,
      Id: 7,
      CreatedDateUtc: '2026-03-01T00:00:00Z',
      TotalHours: 15.2,
      _links: [{ rel: 'self', href: '/x' }],
      LastModifiedDateUtc: '2026-03-01T00:00:00Z',
      Items: approved.Items.map((item) => ({ ...item, ProcessedInPayRunId: 77 }))
    }
    const result = checkLeaveRequestUpdate(echoed)
    expect(result.ok).toBe(true)
    expect(result.ok && result.value).not.toHaveProperty('Id')
  })
})

describe('strict input (issue 10)', () => {
  it('reads a __proto__ key as an ordinary key: its fields are not taken as the request', () => {
    const hostile = JSON.parse(`{"__proto__": ${JSON.stringify(approved)}}`) as unknown
    expect(fieldsOf(hostile)).toEqual(expect.arrayContaining(['LeaveTypePayItemId', 'EmployeeId', 'StartDate', 'Status']))
    const half = JSON.parse(`{"LeaveTypePayItemId": 11, "EmployeeId": 21, "StartDate": "2026-03-02", "EndDate": "2026-03-03",
      "Status": "Pending", "__proto__": {"Status": "Approved", "Items": [{"Date": "2026-03-02", "Hours": 24}]}}`) as unknown
    const result = checkLeaveRequest(half)
    expect(result.ok && result.value).toMatchObject({ Status: 'Pending' })
    expect(result.ok && result.value.Items).toBeUndefined()
  })

  it.each(['\u0007', '\u0000', '\u001b[31m', '\uFFFE', '\uD800'])('refuses notes holding %j, in words, on Notes', (bad) => {
    const issues = issuesOf({ ...valid, Notes: `before ${bad} after` })
    expect(issues.map((i) => i.field)).toEqual(['Notes'])
    expect(issues[0]?.message).toMatch(/cannot store; remove it/)
  })

  it('keeps tabs, line breaks and any printable text in notes', () => {
    expect(checkLeaveRequest({ ...valid, Notes: 'Tab\there\r\nnew line — café 🏖️' }).ok).toBe(true)
  })
})

describe('totalHoursOf', () => {
  it('sums item hours without floating-point noise', () => {
    expect(totalHoursOf([{ Hours: 7.6 }, { Hours: 7.6 }, { Hours: 7.6 }])).toBe(22.8)
    expect(totalHoursOf(undefined)).toBe(0)
  })
})
