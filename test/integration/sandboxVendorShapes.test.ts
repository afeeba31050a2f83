import { describe, expect, it } from 'vitest'
import { contactListResponseSchema, contactSchema, employeeListResponseSchema, employeeSchema, linkSchema, payItemListResponseSchema } from '../../shared/apiSchemas'
import { DEMO_CREDENTIALS } from '../../main/sandbox'
import { validLeave, type SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerTest } from './testSupport/signedInSandbox'

/**
 * Issue 27: the sandbox as the vendor documents it and real clients use it — Contacts filters, single
 * records, paging links, Payroll/Employees' fields and LeaveBalanceAsAtDate, paging of every list,
 * booleans written 1/0, form posts, X-Api-Version.
 */
let h: SandboxHarness
let token: string
signedInSandboxPerTest({}, (harness, signedIn) => {
  h = harness
  token = signedIn
})

const get = (path: string, headers: Record<string, string> = {}) => h.call('GET', path, { token, headers })
const contactIds = async (query: string) => {
  const answer = await get(`/Contacts?FileId=1001&PageSize=100&${query}`)
  expect(answer.status, answer.text).toBe(200)
  return contactListResponseSchema.parse(answer.json()).Contacts.map((c) => c.Id)
}
const fieldOf = async (path: string) => {
  const answer = await get(path)
  expect(answer.status, answer.text).toBe(400)
  return answer.problem().errors?.map((e) => e.field)
}

describe('GET /Contacts: every documented filter filters, anything else is refused by name', () => {
  const all = () => h.sandbox.store.contacts(1001)

  it('Email, ContactId, CompanyId and OrganisationName', async () => {
    const olivia = all()[0]
    const supplier = all().find((c) => c.CompanyId) ?? all()[0]
    expect(await contactIds(`Email=${encodeURIComponent((olivia?.EmailAddress ?? '').toUpperCase())}`)).toEqual([olivia?.Id])
    expect(await contactIds(`ContactId=${olivia?.ContactId}`)).toEqual([olivia?.Id])
    expect(await contactIds(`CompanyId=${supplier?.CompanyId}`)).toEqual([supplier?.Id])
    expect(await contactIds(`OrganisationName=${encodeURIComponent(supplier?.OrganisationName ?? '')}`)).toEqual([supplier?.Id])
    expect(await contactIds('Email=nobody@nowhere.test')).toEqual([])
    expect(await fieldOf('/Contacts?FileId=1001&CompanyId=acme')).toEqual(['CompanyId'])
  })

  it('Tags with TagSelection all (default) or any', async () => {
    const tagged = (tag: string) => all().filter((c) => c.Tags?.includes(tag)).map((c) => c.Id)
    expect(await contactIds('Tags=staff,first-aid')).toEqual(tagged('first-aid'))
    expect(await contactIds('Tags=first-aid,supplier&TagSelection=any')).toEqual(all().filter((c) => c.Tags?.some((t) => t === 'first-aid' || t === 'supplier')).map((c) => c.Id))
    expect(await fieldOf('/Contacts?FileId=1001&Tags=staff&TagSelection=some')).toEqual(['TagSelection'])
  })

  it('LastModifiedFromDate / ToDate, inclusive, and a date that is not one refused by name', async () => {
    const inJuly = all().filter((c) => (c.LastModifiedDateUtc ?? '') >= '2025-07-03' && (c.LastModifiedDateUtc ?? '') < '2025-07-06').map((c) => c.Id)
    expect(inJuly).toHaveLength(3)
    expect(await contactIds('LastModifiedFromDate=2025-07-03&LastModifiedToDate=2025-07-05')).toEqual(inJuly)
    expect(await fieldOf('/Contacts?FileId=1001&LastModifiedFromDate=yesterday')).toEqual(['LastModifiedFromDate'])
    expect(await fieldOf('/Contacts?FileId=1001&lastmodifiedtodate=2025-02-30')).toEqual(['LastModifiedToDate'])
  })

  it('refuses a parameter it does not have, as the caller spelled it', async () => {
    expect(await fieldOf('/Contacts?FileId=1001&isEmployee=true')).toEqual(['isEmployee'])
    expect(await fieldOf('/Contacts?FileId=1001&Colour=blue')).toEqual(['Colour'])
  })
})

describe('one record by id', () => {
  it('GET /Contact/{id} and GET /Payroll/Employee/{id}, 404 when absent, 400 for an id that is not one', async () => {
    const contact = await get('/Contact/6001?FileId=1001')
    expect(contact.status).toBe(200)
    expect(contactSchema.parse(contact.json())).toMatchObject({ Id: 6001, GivenName: 'Olivia', FamilyName: 'Nguyen' })
    const employee = await get('/Payroll/Employee/6001?FileId=1001')
    expect(employee.status).toBe(200)
    expect(employeeSchema.parse(employee.json())).toMatchObject({ Id: 6001, DisplayName: 'Olivia Nguyen', LeaveBalances: expect.any(Array) })
    const xml = await get('/Payroll/Employee/6001?FileId=1001', { accept: 'application/xml' })
    expect(xml.text).toMatch(/^<\?xml[\s\S]*<Employee[\s>][\s\S]*<PayGroupName>Front of house<\/PayGroupName>/)
    const supplier = h.sandbox.store.contacts(1001).find((c) => c.OrganisationName)
    expect((await get(`/Payroll/Employee/${supplier?.Id}?FileId=1001`)).status).toBe(404)
    expect((await get('/Contact/9999?FileId=1001')).status).toBe(404)
    expect(await fieldOf('/Contact/abc?FileId=1001')).toEqual(['Id'])
  })
})

describe('paging links', () => {
  it("keep the caller's parameter names and order, and never carry the access key", async () => {
    const key = DEMO_CREDENTIALS.legacyKey.wsAccessKey
    const answer = await h.call('GET', `/contacts?fileid=1001&wsaccesskey=${key}&isactive=true&pagesize=10&page=2`)
    expect(answer.status, answer.text).toBe(200)
    expect(answer.text).not.toContain(key)
    const links = linkSchema.array().parse(answer.json()._links)
    const next = new URL(links.find((l) => l.rel === 'next')?.href ?? '')
    expect([...next.searchParams.keys()]).toEqual(['fileid', 'isactive', 'page', 'pagesize'])
    expect(next.searchParams.get('page')).toBe('3')
    const bearer = await get('/Payroll/Employees?FileId=1001&PageSize=10&access_token=abc')
    expect(bearer.text).not.toContain('access_token')
  })
})

describe('GET /Payroll/Employees', () => {
  it('answers the documented fields: employment type, pay frequency, pay group, last paid', async () => {
    const employees = employeeListResponseSchema.parse((await get('/Payroll/Employees?FileId=1001&PageSize=100')).json()).Employees
    expect(employees[0]).toEqual({
      Id: 6001,
      FirstName: 'Olivia',
      LastName: 'Nguyen',
      DisplayName: 'Olivia Nguyen',
      IsActive: true,
      EmploymentType: 'Full time',
      EmploymentTypeId: 1,
      PayFrequency: 'Fortnightly',
      PayFrequencyId: 2,
      AssignedToPayGroupId: 11,
      PayGroupName: 'Front of house',
      LastPaid: '2026-02-26T00:00:00'
    })
    // Hired after the last pay run: no pay group, never paid.
    expect(employees.at(-1)).toMatchObject({ AssignedToPayGroupId: null, PayGroupName: null, LastPaid: null })
  })

  it('LeaveBalanceAsAtDate: approved leave after that day is not taken yet; a value that is not a date is refused by name', async () => {
    const inserted = await h.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: validLeave(), token })
    expect(inserted.status, inserted.text).toBe(200)
    const annual = async (query: string) => {
      const list = employeeListResponseSchema.parse((await get(`/Payroll/Employees?FileId=1001&IncludeLeaveBalances=true${query}`)).json())
      return list.Employees[0]?.LeaveBalances?.find((b) => b.PayItemId === 101)?.Hours ?? NaN
    }
    const now = await annual('')
    expect(await annual('&LeaveBalanceAsAtDate=2026-03-01')).toBeCloseTo(now + 15.2, 2)
    expect(await annual('&LeaveBalanceAsAtDate=2026-03-02T00:00:00')).toBeCloseTo(now + 7.6, 2)
    expect(await annual('&LeaveBalanceAsAtDate=2026-03-03')).toBeCloseTo(now, 2)
    expect(await fieldOf('/Payroll/Employees?FileId=1001&LeaveBalanceAsAtDate=garbage')).toEqual(['LeaveBalanceAsAtDate'])
    expect(await fieldOf('/Payroll/Employee/6001?FileId=1001&LeaveBalanceAsAtDate=2026-13-01')).toEqual(['LeaveBalanceAsAtDate'])
  })

  it('Employees and Entitlements honour Page: a "next page until empty" client stops, seeing each item once', async () => {
    for (const [path, read] of [
      ['/Payroll/Employees?FileId=1001&PageSize=10', (body: unknown) => employeeListResponseSchema.parse(body).Employees.map((e) => e.Id)],
      ['/Payroll/Entitlements?FileId=1001&PageSize=2', (body: unknown) => payItemListResponseSchema.parse(body).Items.map((i) => i.Id)]
    ] as const) {
      const seen: number[] = []
      for (let page = 1; page < 20; page++) {
        const ids = read((await get(`${path}&Page=${page}`)).json())
        if (ids.length === 0) break
        seen.push(...ids)
      }
      expect(seen.length).toBeLessThan(40)
      expect(new Set(seen).size).toBe(seen.length)
    }
    expect(employeeListResponseSchema.parse((await get('/Payroll/Employees?FileId=1001&PageSize=100')).json()).Employees).toHaveLength(24)
  })
})

describe('a user without payroll rights', () => {
  it('opens the file and its contacts, but every Payroll route answers 403 naming why', async () => {
    const accounts = (await h.signIn(DEMO_CREDENTIALS.accounts)).access_token
    expect((await h.call('GET', '/Contacts?FileId=1001', { token: accounts })).status).toBe(200)
    for (const path of ['/Payroll/Employees?FileId=1001', '/Payroll/Entitlements?FileId=1001']) {
      const refused = await h.call('GET', path, { token: accounts })
      expect(refused.status).toBe(403)
      expect(refused.problem().detail).toContain('no access to payroll in file 1001')
    }
    expect((await h.call('POST', '/Payroll/LeaveRequest?FileId=1001', { body: validLeave(), token: accounts })).status).toBe(403)
    expect(h.sandbox.store.leaveRequests(1001)).toEqual([])
  })
})

describe('bodies and headers', () => {
  it('refuses a form post to the API by name (415), while the token endpoint takes one (RFC 6749)', async () => {
    const form = 'LeaveTypePayItemId=101&EmployeeId=6001&StartDate=2026-03-02&EndDate=2026-03-02&Status=Pending'
    const posted = await h.call('POST', '/Payroll/LeaveRequest?FileId=1001', { raw: form, token, headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    expect(posted.status).toBe(415)
    expect(posted.problem().detail).toMatch(/form post .* is not a body type this API takes .*application\/json/)
    expect(h.sandbox.store.leaveRequests(1001)).toEqual([])
    const { username, password } = DEMO_CREDENTIALS.clerk
    const signIn = await h.call('POST', '/authorisation/token', {
      raw: new URLSearchParams({ grant_type: 'password', username, password, scope: 'full' }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' }
    })
    expect(signIn.status, signIn.text).toBe(200)
  })

  it('X-Api-Version: 1.0 or none is this API; another version is refused by name; requests without it are counted', async () => {
    h.sandbox.stats.reset()
    expect((await get('/Payroll/Entitlements?FileId=1001', { 'x-api-version': '1.0' })).status).toBe(200)
    expect(h.sandbox.stats.withoutApiVersion()).toBe(0)
    expect((await get('/Payroll/Entitlements?FileId=1001')).status).toBe(200)
    expect(h.sandbox.stats.withoutApiVersion()).toBe(1)
    const other = await get('/Payroll/Entitlements?FileId=1001', { 'x-api-version': '2.0' })
    expect(other.status).toBe(400)
    expect(other.problem().errors).toEqual([{ field: 'X-Api-Version', message: expect.stringContaining('"2.0"') }])
  })
})
