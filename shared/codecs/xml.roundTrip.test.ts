import { describe, expect, it } from 'vitest'
import { contactListResponseSchema } from '../apiSchemas'
import {
  contactListFromXml,
  contactListToXml,
  employeeListFromXml,
  employeeListToXml,
  insertUpdateResultFromXml,
  insertUpdateResultToXml,
  leaveRequestFromXml,
  leaveRequestRecordToXml,
  leaveRequestToXml,
  payItemListFromXml,
  payItemListToXml
} from './xml'

const day = (d: number) => `2026-03-${String(d).padStart(2, '0')}T00:00:00+10:00`

const insertBody = {
  LeaveTypePayItemId: 12,
  EmployeeId: 7,
  StartDate: day(2),
  EndDate: day(2),
  Status: 'Approved',
  Notes: 'Dentist <10am> & "after" — café ☺ 🦘',
  Items: [{ LineNumber: 1, Date: day(2), Hours: 7.6, IsPaid: true }]
}

describe('leave request round trip', () => {
  it.each([
    ['one item line', insertBody],
    [
      'many item lines',
      {
        ...insertBody,
        EndDate: day(6),
        Items: [1, 2, 3, 4, 5].map((d) => ({ LineNumber: d, Date: day(d + 1), Hours: d === 5 ? 3.25 : 7.6, IsPaid: d !== 3 }))
      }
    ],
    ['no items', { LeaveTypePayItemId: 12, EmployeeId: 7, StartDate: day(2), EndDate: day(3), Status: 'Pending' }],
    ['an empty list of items', { ...insertBody, Status: 'Pending', Items: [] }],
    ['whitespace and line breaks kept in notes', { ...insertBody, Notes: '  first line\r\nsecond\tline  ' }],
    ['numeric-looking notes stay text', { ...insertBody, Notes: '123' }],
    ['dates in other written forms', { ...insertBody, StartDate: '2026-03-02', EndDate: '2026-03-02T00:00:00.000Z' }],
    ['nulls as SDKs send them', { ...insertBody, Id: null, CreatedDateUtc: null, TotalHours: null, Notes: null }]
  ])('%s', (_name, request) => {
    expect(leaveRequestFromXml(leaveRequestToXml(request))).toEqual({ ok: true, value: request })
  })

  it('keeps a stored record with read-only fields and processed lines', () => {
    const record = {
      Id: 5001,
      CreatedDateUtc: '2026-03-01T02:03:04.567Z',
      LastModifiedDateUtc: '2026-03-01T02:03:04.567Z',
      ...insertBody,
      TotalHours: 15.2,
      Items: [
        { LineNumber: 1, Date: day(2), Hours: 7.6, IsPaid: true, ProcessedInPayRunId: 88 },
        { LineNumber: 2, Date: day(3), Hours: 7.6, IsPaid: false, ProcessedInPayRunId: null }
      ],
      _links: []
    }
    expect(leaveRequestFromXml(leaveRequestRecordToXml(record))).toEqual({ ok: true, value: record })
  })

  it('writes a value of the wrong type as it is, and reads it back as the same text', () => {
    const draft = { ...insertBody, EmployeeId: 'seven', Items: [{ Date: day(2), Hours: '7,6', IsPaid: 'yes' }] }
    expect(leaveRequestFromXml(leaveRequestToXml(draft))).toEqual({ ok: true, value: draft })
  })
})

describe('leave request encoding', () => {
  it('writes a declaration, the spec element names, escaped text and no undefined fields', () => {
    const xml = leaveRequestToXml({ ...insertBody, Notes: 'a < b && c > d', TotalHours: undefined })
    expect(xml.startsWith('<?xml version="1.0" encoding="utf-8"?>')).toBe(true)
    expect(xml).toContain('<LeaveRequest>')
    expect(xml).toContain('<Items><LeaveRequestItem><LineNumber>1</LineNumber>')
    expect(xml).toContain('<Notes>a &lt; b &amp;&amp; c &gt; d</Notes>')
    expect(xml).toContain(`<StartDate>${day(2)}</StartDate>`)
    expect(xml).toContain('<Hours>7.6</Hours><IsPaid>true</IsPaid>')
    expect(xml).not.toContain('TotalHours')
  })

  it('writes fields in the spec order whatever order the object has', () => {
    const reversed = Object.fromEntries(Object.entries(insertBody).reverse())
    expect(leaveRequestToXml(reversed)).toBe(leaveRequestToXml(insertBody))
  })

  it('declares the xsi namespace only when a nil is written', () => {
    expect(leaveRequestToXml(insertBody)).not.toContain('xmlns:xsi')
    expect(leaveRequestToXml({ ...insertBody, Id: null })).toContain(
      '<LeaveRequest xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Id xsi:nil="true"/>'
    )
  })

  it('replaces characters XML 1.0 cannot carry instead of writing a broken document', () => {
    const xml = leaveRequestToXml({ ...insertBody, Notes: 'bell\u0007 and lone \uD800 surrogate' })
    expect(leaveRequestFromXml(xml)).toMatchObject({ ok: true, value: { Notes: 'bell\uFFFD and lone \uFFFD surrogate' } })
  })

  it('leaves out keys that are not XML names rather than breaking the document', () => {
    const xml = leaveRequestToXml({ ...insertBody, 'not a name': 1, '<x>': 2 })
    expect(leaveRequestFromXml(xml)).toEqual({ ok: true, value: insertBody })
  })
})

describe('response documents round trip', () => {
  it('InsertUpdateResult', () => {
    const result = { Id: 5001, LastModifiedDateUtc: '2026-03-01T02:03:04.567Z' }
    const xml = insertUpdateResultToXml(result)
    expect(xml).toContain('<InsertUpdateResult><Id>5001</Id>')
    expect(insertUpdateResultFromXml(xml)).toEqual({ ok: true, value: result })
  })

  it.each([
    ['no pay items', []],
    ['one pay item', [{ Id: 12, Name: 'Annual Leave' }]],
    ['several pay items', [{ Id: 12, Name: 'Annual Leave' }, { Id: 13, Name: 'Sick & Carer’s Leave' }, { Id: 14, Name: '100' }]]
  ])('PayItemListResponse with %s', (_name, items) => {
    const xml = payItemListToXml({ Items: items })
    expect(xml).toContain('<PayItemListResponse>')
    expect(payItemListFromXml(xml)).toEqual({ ok: true, value: { Items: items } })
  })

  it('ContactListResponse', () => {
    const list = {
      Contacts: [
        { Id: 7, GivenName: 'Ana', FamilyName: 'Lima', EmailAddress: 'ana@example.com', CompanyId: null, IsCustomer: true, IsActive: true },
        { Id: 8, GivenName: null, FamilyName: null, OrganisationName: 'Acme <Pty> Ltd', CompanyId: 12, IsSupplier: true, IsActive: false }
      ],
      _links: []
    }
    const xml = contactListToXml(list)
    expect(xml).toContain('<ContactListResponse')
    // Tags travel as repeated elements: one tag or several read back as a list.
    const tagged = contactListFromXml(contactListToXml({ Contacts: [{ Id: 1, Tags: ['staff', 'first-aid'] }, { Id: 2, Tags: ['staff'] }] }))
    expect(contactListResponseSchema.parse(tagged.ok ? tagged.value : null).Contacts.map((c) => c.Tags)).toEqual([['staff', 'first-aid'], ['staff']])
    expect(xml).toContain('<Contacts><Contact><Id>7</Id>')
    expect(contactListFromXml(xml)).toEqual({ ok: true, value: list })
  })

  it('EmployeeListResponse with and without leave balances', () => {
    const list = {
      Employees: [
        {
          Id: 7,
          FirstName: 'Ana',
          LastName: 'Lima',
          DisplayName: 'Ana Lima',
          IsActive: true,
          LeaveBalances: [
            { PayItemId: 12, Name: 'Annual Leave', Hours: 76.04 },
            { PayItemId: 13, Name: 'Sick Leave', Hours: -3.5 }
          ]
        },
        { Id: 9, FirstName: 'Bo', LastName: 'Chen', DisplayName: 'Bo Chen', IsActive: false, LeaveBalances: [] },
        // The documented pay details, typed; none yet for someone not set up for pay.
        { Id: 11, FirstName: 'Di', LastName: 'Eu', DisplayName: 'Di Eu', IsActive: true, EmploymentType: 'Casual', EmploymentTypeId: 3, PayFrequency: 'Weekly', PayFrequencyId: 1, AssignedToPayGroupId: 4, PayGroupName: 'Kitchen', LastPaid: '2026-02-26T00:00:00' },
        { Id: 12, FirstName: 'Ed', LastName: 'Fu', DisplayName: 'Ed Fu', IsActive: true, AssignedToPayGroupId: null, PayGroupName: null, LastPaid: null },
        { Id: 10, FirstName: 'Cy', LastName: 'Dee', DisplayName: 'Cy Dee', IsActive: true }
      ],
      _links: []
    }
    const xml = employeeListToXml(list)
    expect(xml).toContain('<LeaveBalances><LeaveBalance><PayItemId>12</PayItemId>')
    expect(employeeListFromXml(xml)).toEqual({ ok: true, value: list })
  })
})
