import { describe, expect, it } from 'vitest'
import {
  contactListResponseSchema,
  employeeListResponseSchema,
  payItemListResponseSchema
} from '../../shared/apiSchemas'
import type { SandboxHarness } from '../../main/sandbox/testSupport/sandboxClient'
import { signedInSandboxPerFile } from './testSupport/signedInSandbox'

/** The lists a clerk picks from: entitlements, contacts (paged) and employees with leave balances. */

let harness: SandboxHarness
let token: string
signedInSandboxPerFile({}, (started, signedIn) => ([harness, token] = [started, signedIn]))

const get = async (path: string) => {
  const answer = await harness.call('GET', path, { token })
  expect(answer.status, answer.text).toBe(200)
  return answer.json()
}

describe('GET /Payroll/Entitlements', () => {
  it('lists at least the four kinds of leave for each file, with ids of its own', async () => {
    const first = payItemListResponseSchema.parse(await get('/Payroll/Entitlements?FileId=1001')).Items
    const second = payItemListResponseSchema.parse(await get('/Payroll/Entitlements?FileId=1002')).Items
    for (const items of [first, second]) {
      const names = items.map((i) => i.Name.toLowerCase()).join(' | ')
      for (const kind of ['annual', 'personal', 'long service', 'unpaid']) expect(names).toContain(kind)
    }
    expect(first.map((i) => i.Id)).not.toEqual(expect.arrayContaining(second.map((i) => i.Id)))
  })
})

describe('GET /Contacts', () => {
  it('pages 25 at a time by default, with every contact on exactly one page', async () => {
    const all = harness.sandbox.store.contacts(1001)
    expect(all.length).toBeGreaterThan(25)
    const page1 = contactListResponseSchema.parse(await get('/Contacts?FileId=1001'))
    const page2 = contactListResponseSchema.parse(await get('/Contacts?FileId=1001&Page=2'))
    expect(page1.Contacts).toHaveLength(25)
    expect(page1._links).toEqual([expect.objectContaining({ rel: 'next' })])
    expect([...page1.Contacts, ...page2.Contacts].map((c) => c.Id)).toEqual(all.map((c) => c.Id))
  })

  it('honours PageSize up to 100 and returns an empty page past the end', async () => {
    expect(contactListResponseSchema.parse(await get('/Contacts?FileId=1001&PageSize=100')).Contacts.length).toBe(
      harness.sandbox.store.contacts(1001).length
    )
    expect(contactListResponseSchema.parse(await get('/contacts?fileid=1001&pagesize=10&page=2')).Contacts).toHaveLength(10)
    expect(contactListResponseSchema.parse(await get('/Contacts?FileId=1001&Page=50')).Contacts).toEqual([])
  })

  it('includes contacts that are not employees, in the vendor shape: no employee flag', async () => {
    const answer = (await get('/Contacts?FileId=1001&PageSize=100')) as { Contacts: Record<string, unknown>[] }
    const contacts = contactListResponseSchema.parse(answer).Contacts
    expect(contacts.some((c) => c.OrganisationName && c.IsSupplier)).toBe(true)
    expect(answer.Contacts.some((c) => 'IsEmployee' in c)).toBe(false)
  })
})

describe('GET /Payroll/Employees', () => {
  it('lists employees only, without balances unless asked', async () => {
    const { Employees, _links } = employeeListResponseSchema.parse(await get('/Payroll/Employees?FileId=1001'))
    expect(_links).toEqual([])
    const employeeIds = harness.sandbox.store.employees(1001).map((e) => e.Id)
    expect(Employees.map((e) => e.Id)).toEqual(employeeIds.slice(0, 25))
    expect(Employees.every((e) => e.LeaveBalances === undefined)).toBe(true)
    expect(Employees[0]).toMatchObject({ FirstName: 'Olivia', LastName: 'Nguyen', DisplayName: 'Olivia Nguyen', IsActive: true })
  })

  it('includes named leave balances when IncludeLeaveBalances=true', async () => {
    const { Employees } = employeeListResponseSchema.parse(await get('/Payroll/Employees?FileId=1001&IncludeLeaveBalances=true'))
    const balances = Employees[0]?.LeaveBalances ?? []
    expect(balances.length).toBeGreaterThanOrEqual(4)
    expect(balances[0]).toEqual({ PayItemId: 101, Name: 'Annual Leave', Hours: expect.any(Number) })
  })

  it('filters by IsActive', async () => {
    const active = employeeListResponseSchema.parse(await get('/Payroll/Employees?FileId=1001&IsActive=true')).Employees
    const inactive = employeeListResponseSchema.parse(await get('/Payroll/Employees?FileId=1001&isactive=false')).Employees
    expect(inactive.length).toBeGreaterThanOrEqual(2)
    expect(active.every((e) => e.IsActive)).toBe(true)
    expect(inactive.every((e) => !e.IsActive)).toBe(true)
  })

  it('refuses IsActive values other than true/false or 1/0, and takes 1 and 0 as true and false', async () => {
    const answer = await harness.call('GET', '/Payroll/Employees?FileId=1001&IsActive=yes', { token })
    expect(answer.status).toBe(400)
    expect(answer.problem().errors?.[0]?.field).toBe('IsActive')
    const one = employeeListResponseSchema.parse(await get('/Payroll/Employees?FileId=1001&IsActive=1&PageSize=100')).Employees
    const zero = employeeListResponseSchema.parse(await get('/Payroll/Employees?FileId=1001&IsActive=0&PageSize=100')).Employees
    expect(one.map((e) => e.Id)).toEqual(employeeListResponseSchema.parse(await get('/Payroll/Employees?FileId=1001&IsActive=True&PageSize=100')).Employees.map((e) => e.Id))
    expect(one.every((e) => e.IsActive) && zero.length > 0 && zero.every((e) => !e.IsActive)).toBe(true)
    const contacts = contactListResponseSchema.parse(await get('/Contacts?FileId=1001&IsActive=0&PageSize=100')).Contacts
    expect(contacts.length > 0 && contacts.every((c) => c.IsActive === false)).toBe(true)
  })
})
