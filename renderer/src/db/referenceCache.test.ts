import { describe, expect, it } from 'vitest'
import { ANNUAL_LEAVE, EMPLOYEES, FILE_ID, OTHER_FILE_ID, SICK_LEAVE, openTestDb, testRepository } from './testSupport/openTestDb'

async function setup() {
  const { db } = await openTestDb()
  return testRepository(db)
}

describe('the reference cache', () => {
  it('keeps employees with their balances, active ones by name, and says as of when', async () => {
    const repo = await setup()
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, Date.UTC(2026, 2, 1, 8))
    expect((await repo.listEmployees(FILE_ID)).map((e) => e.displayName)).toEqual(['Aroha Ngata', 'Bruno Costa'])
    expect((await repo.listEmployees(FILE_ID, { includeInactive: true })).map((e) => e.id)).toEqual([11, 12, 13])
    expect(await repo.getEmployee(FILE_ID, 11)).toEqual({
      fileId: FILE_ID,
      id: 11,
      firstName: 'Aroha',
      lastName: 'Ngata',
      displayName: 'Aroha Ngata',
      isActive: true,
      leaveBalances: [{ payItemId: ANNUAL_LEAVE.Id, name: 'Annual Leave', hours: 76 }],
      payGroup: { id: 3, name: 'Head office' },
      employmentType: 'Full time'
    })
    // Payroll had none for Bruno: no pay group, no employment type (never made up).
    expect(await repo.getEmployee(FILE_ID, 12)).toMatchObject({ payGroup: null, employmentType: null })
    expect(await repo.referenceAsOf(FILE_ID, 'employees')).toBe(Date.UTC(2026, 2, 1, 8))
    expect(await repo.referenceAsOf(FILE_ID, 'leaveTypes')).toBeUndefined()
  })

  it('replaces the whole list, so someone who left the file is gone, and other files are untouched', async () => {
    const repo = await setup()
    await repo.replaceEmployees(FILE_ID, EMPLOYEES, 1)
    await repo.replaceEmployees(OTHER_FILE_ID, EMPLOYEES.slice(0, 1), 1)
    await repo.replaceEmployees(FILE_ID, EMPLOYEES.slice(1), 2)
    expect((await repo.listEmployees(FILE_ID, { includeInactive: true })).map((e) => e.id)).toEqual([12, 13])
    expect((await repo.listEmployees(OTHER_FILE_ID)).map((e) => e.id)).toEqual([11])
    expect(await repo.referenceAsOf(FILE_ID, 'employees')).toBe(2)
    expect(await repo.referenceAsOf(OTHER_FILE_ID, 'employees')).toBe(1)
  })

  it('keeps the file’s leave types by name', async () => {
    const repo = await setup()
    await repo.replaceLeaveTypes(FILE_ID, [SICK_LEAVE, ANNUAL_LEAVE], 5)
    await repo.replaceLeaveTypes(FILE_ID, [SICK_LEAVE, ANNUAL_LEAVE, { Id: 503, Name: 'Long Service Leave' }], 6)
    expect(await repo.listLeaveTypes(FILE_ID)).toEqual([
      { fileId: FILE_ID, id: 501, name: 'Annual Leave' },
      { fileId: FILE_ID, id: 503, name: 'Long Service Leave' },
      { fileId: FILE_ID, id: 502, name: 'Personal/Carer’s Leave' }
    ])
    expect(await repo.referenceAsOf(FILE_ID, 'leaveTypes')).toBe(6)
  })
})
