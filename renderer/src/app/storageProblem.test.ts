import { describe, expect, it } from 'vitest'
import { DatabaseOfAnotherPayrollError } from '../payroll/databaseForPayroll'
import { storageProblem } from './storageProblem'

const named = (name: string, message = 'details', inner?: unknown) => Object.assign(new Error(message), { name, inner })

describe('storageProblem', () => {
  it('explains a full disk, even when Dexie wraps the browser’s error', () => {
    const problem = storageProblem(named('OpenFailedError', 'open failed', named('QuotaExceededError')))
    expect(problem.title).toMatch(/run out of space/)
    expect(problem.technical).toBe('OpenFailedError: open failed')
  })
  it('explains data from a newer version, and another window holding the database', () => {
    expect(storageProblem(named('VersionError')).title).toMatch(/newer version/)
    expect(storageProblem(named('TimeoutError')).title).toMatch(/Another Leave Desk window/)
  })
  it('says plainly when the drafts found belong to another payroll (never opened for this one)', () => {
    const problem = storageProblem(new DatabaseOfAnotherPayrollError('The drafts database “leave-desk” belongs to another payroll.'))
    expect(problem.title).toBe('These saved drafts belong to another payroll')
    expect(problem.advice).toMatch(/Check the payroll address in Settings/)
  })
  it('always says that nothing saved was lost, whatever the error', () => {
    for (const error of [named('UnknownError'), 'a string', undefined]) {
      expect(storageProblem(error).advice).toMatch(/Nothing has been deleted/)
    }
  })
})
