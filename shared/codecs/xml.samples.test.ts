import { describe, expect, it } from 'vitest'
import { checkLeaveRequest } from '../leaveRules'
import { contactListFromXml, employeeListFromXml, insertUpdateResultFromXml, leaveRequestFromXml, payItemListFromXml } from './xml'

/** Bodies written by hand the way a .NET Web API or a third-party client lays them out. */

const liveStyleRequest = `<?xml version="1.0" encoding="utf-8"?>
<LeaveRequest xmlns:i="http://www.w3.org/2001/XMLSchema-instance" xmlns="http://schemas.datacontract.org/2004/07/Saasu.Api">
  <Id i:nil="true" />
  <LeaveTypePayItemId>12</LeaveTypePayItemId>
  <EmployeeId>7</EmployeeId>
  <StartDate>2026-03-02T00:00:00+10:00</StartDate>
  <EndDate>2026-03-03T00:00:00+10:00</EndDate>
  <TotalHours />
  <Status>Approved</Status>
  <Notes>Back on Thursday &amp; working from home &#x263A;</Notes>
  <Items>
    <LeaveRequestItem>
      <LineNumber>1</LineNumber>
      <Date>2026-03-02T00:00:00+10:00</Date>
      <Hours>7.6</Hours>
      <IsPaid>true</IsPaid>
      <ProcessedInPayRunId i:nil="true"/>
    </LeaveRequestItem>
  </Items>
</LeaveRequest>`

describe('leaveRequestFromXml on hand-written samples', () => {
  it('reads an indented body with namespaces and nils into the JSON-equivalent object', () => {
    expect(leaveRequestFromXml(liveStyleRequest)).toEqual({
      ok: true,
      value: {
        Id: null,
        LeaveTypePayItemId: 12,
        EmployeeId: 7,
        StartDate: '2026-03-02T00:00:00+10:00',
        EndDate: '2026-03-03T00:00:00+10:00',
        TotalHours: null,
        Status: 'Approved',
        Notes: 'Back on Thursday & working from home ☺',
        Items: [{ LineNumber: 1, Date: '2026-03-02T00:00:00+10:00', Hours: 7.6, IsPaid: true, ProcessedInPayRunId: null }]
      }
    })
  })

  it('gives a body the shared rules accept', () => {
    const body = leaveRequestFromXml(liveStyleRequest)
    expect(body.ok && checkLeaveRequest(body.value)).toMatchObject({ ok: true })
  })

  it('reads a prefixed root and xsi:nil as well as i:nil', () => {
    const xml = `<p:LeaveRequest xmlns:p="urn:x" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
      <p:EmployeeId>7</p:EmployeeId><p:Notes xsi:nil="true"/></p:LeaveRequest>`
    expect(leaveRequestFromXml(xml)).toEqual({ ok: true, value: { EmployeeId: 7, Notes: null } })
  })

  it('makes a single item a list and an empty Items element an empty list', () => {
    const one = leaveRequestFromXml('<LeaveRequest><Items><LeaveRequestItem><Hours>4</Hours></LeaveRequestItem></Items></LeaveRequest>')
    expect(one).toEqual({ ok: true, value: { Items: [{ Hours: 4 }] } })
    expect(leaveRequestFromXml('<LeaveRequest><Items/></LeaveRequest>')).toEqual({ ok: true, value: { Items: [] } })
    expect(leaveRequestFromXml('<LeaveRequest><Items>\n  </Items></LeaveRequest>')).toEqual({ ok: true, value: { Items: [] } })
  })

  it('reads an empty item as an item with no fields, so the rules can name what is missing', () => {
    expect(leaveRequestFromXml('<LeaveRequest><Items><LeaveRequestItem/></Items></LeaveRequest>')).toEqual({
      ok: true,
      value: { Items: [{}] }
    })
  })

  it.each([
    ['EmployeeId', '<EmployeeId>abc</EmployeeId>', 'abc'],
    ['EmployeeId', '<EmployeeId>0x1F</EmployeeId>', '0x1F'],
    ['EmployeeId', '<EmployeeId>Infinity</EmployeeId>', 'Infinity'],
    ['EmployeeId', '<EmployeeId> 7 </EmployeeId>', 7],
    ['EmployeeId', '<EmployeeId>-3</EmployeeId>', -3],
    ['TotalHours', '<TotalHours>.5</TotalHours>', 0.5],
    ['TotalHours', '<TotalHours>1e2</TotalHours>', 100],
    ['TotalHours', '<TotalHours>7,6</TotalHours>', '7,6'],
    ['TotalHours', '<TotalHours xmlns:d="urn:d" d:type="decimal">7.6</TotalHours>', 7.6],
    ['Notes', '<Notes>123</Notes>', '123'],
    ['Notes', '<Notes>true</Notes>', 'true'],
    ['Notes', '<Notes>   </Notes>', '   '],
    ['Notes', '<Notes></Notes>', null],
    ['StartDate', '<StartDate>2026-03-02</StartDate>', '2026-03-02'],
    ['Status', '<Status/>', null],
    ['LeaveTypePayItemId', '<LeaveTypePayItemId/>', null]
  ])('%s from %s is %j', (field, element, value) => {
    expect(leaveRequestFromXml(`<LeaveRequest>${element}</LeaveRequest>`)).toEqual({ ok: true, value: { [field]: value } })
  })

  it.each([
    ['true', true],
    ['false', false],
    ['1', true],
    ['0', false],
    [' True ', true],
    ['yes', 'yes']
  ])('IsPaid %j is %j', (text, value) => {
    const xml = `<LeaveRequest><Items><LeaveRequestItem><IsPaid>${text}</IsPaid></LeaveRequestItem></Items></LeaveRequest>`
    expect(leaveRequestFromXml(xml)).toEqual({ ok: true, value: { Items: [{ IsPaid: value }] } })
  })

  it('lets the shared rules say a non-number is not a number', () => {
    const body = leaveRequestFromXml(liveStyleRequest.replace('<EmployeeId>7</EmployeeId>', '<EmployeeId>seven</EmployeeId>'))
    expect(body.ok && checkLeaveRequest(body.value)).toEqual({
      ok: false,
      error: [{ field: 'EmployeeId', message: 'Employee must be a number.' }]
    })
  })

  it('passes elements it does not know through as text', () => {
    const xml = '<LeaveRequest><Colour>blue</Colour><Extra><A>1</A><A>2</A></Extra></LeaveRequest>'
    expect(leaveRequestFromXml(xml)).toEqual({ ok: true, value: { Colour: 'blue', Extra: { A: ['1', '2'] } } })
  })

  it('passes an element with children in a number field through, for the rules to refuse', () => {
    const body = leaveRequestFromXml('<LeaveRequest><EmployeeId><Value>7</Value></EmployeeId></LeaveRequest>')
    expect(body).toEqual({ ok: true, value: { EmployeeId: { Value: '7' } } })
  })

  it('accepts comments and processing instructions around the root', () => {
    const xml = '<?xml version="1.0"?>\n<!-- sent by a test -->\n<LeaveRequest><EmployeeId>7</EmployeeId><!-- inline --></LeaveRequest>\n<!-- end -->\n'
    expect(leaveRequestFromXml(xml)).toEqual({ ok: true, value: { EmployeeId: 7 } })
  })

  it('keeps CDATA text as written', () => {
    expect(leaveRequestFromXml('<LeaveRequest><Notes><![CDATA[a &amp; <b>]]></Notes></LeaveRequest>')).toEqual({
      ok: true,
      value: { Notes: 'a &amp; <b>' }
    })
  })

  it('decodes each reference once', () => {
    expect(leaveRequestFromXml('<LeaveRequest><Notes>&amp;lt; &#60; &#x1F998; &quot;&apos;</Notes></LeaveRequest>')).toEqual({
      ok: true,
      value: { Notes: '&lt; < 🦘 "\'' }
    })
  })
})

describe('response samples', () => {
  it('InsertUpdateResult as the live API names the id', () => {
    const xml = `<InsertUpdateResult xmlns:i="http://www.w3.org/2001/XMLSchema-instance">
      <InsertedEntityId>5001</InsertedEntityId>
      <LastModifiedDateUtc>2026-03-01T02:03:04.567</LastModifiedDateUtc>
      <_links/>
    </InsertUpdateResult>`
    expect(insertUpdateResultFromXml(xml)).toEqual({
      ok: true,
      value: { InsertedEntityId: 5001, LastModifiedDateUtc: '2026-03-01T02:03:04.567', _links: [] }
    })
  })

  it('a pay item list with one item is still a list', () => {
    const xml = '<PayItemListResponse>\n <Items>\n  <PayItem><Id>12</Id><Name>Annual Leave</Name></PayItem>\n </Items>\n</PayItemListResponse>'
    expect(payItemListFromXml(xml)).toEqual({ ok: true, value: { Items: [{ Id: 12, Name: 'Annual Leave' }] } })
  })

  it('contacts keep unknown fields and type the known ones', () => {
    const xml = `<ContactListResponse><Contacts><Contact><Id>7</Id><IsSupplier>true</IsSupplier>
      <GivenName>Ana</GivenName><MobilePhone>0400 000 000</MobilePhone></Contact></Contacts></ContactListResponse>`
    expect(contactListFromXml(xml)).toEqual({
      ok: true,
      value: { Contacts: [{ Id: 7, IsSupplier: true, GivenName: 'Ana', MobilePhone: '0400 000 000' }] }
    })
  })

  it('an employee with a nil balance list and one with a single balance', () => {
    const xml = `<EmployeeListResponse xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance"><Employees>
      <Employee><Id>7</Id><IsActive>false</IsActive><LeaveBalances xsi:nil="true"/></Employee>
      <Employee><Id>8</Id><LeaveBalances><LeaveBalance><PayItemId>12</PayItemId><Hours>7.60</Hours></LeaveBalance></LeaveBalances></Employee>
    </Employees></EmployeeListResponse>`
    expect(employeeListFromXml(xml)).toEqual({
      ok: true,
      value: {
        Employees: [
          { Id: 7, IsActive: false, LeaveBalances: null },
          { Id: 8, LeaveBalances: [{ PayItemId: 12, Hours: 7.6 }] }
        ]
      }
    })
  })
})
