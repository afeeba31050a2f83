import { describe, expect, it } from 'vitest'
import { plainServerIssue } from './plainRefusal'

describe('plainServerIssue', () => {
  it('names the employee instead of the contact number, and says what to do', () => {
    const issue = plainServerIssue({ field: 'employeeId', message: 'Contact 6099 is not an employee in file 1001.' }, { employeeName: 'Olivia Nguyen' })
    expect(issue.field).toBe('employeeId')
    expect(issue.message).toContain('Olivia Nguyen')
    expect(issue.message).toContain('Choose the employee again')
    expect(issue.message).not.toMatch(/6099|Contact|file 1001/)
  })
  it('reads as a sentence when the employee’s name is not known', () => {
    const issue = plainServerIssue({ field: 'employeeId', message: 'Contact 6099 is not an employee in file 1001.' }, {})
    expect(issue.message).toMatch(/^Payroll does not know the employee chosen in this file\. Choose the employee again/)
  })
  it('names the leave type instead of the pay item number', () => {
    const issue = plainServerIssue({ field: 'leaveTypePayItemId', message: 'Pay item 999 is not a leave entitlement of file 1001 (see GET /Payroll/Entitlements).' }, { leaveTypeName: 'Annual Leave' })
    expect(issue.message).toContain('Annual Leave')
    expect(issue.message).not.toMatch(/999|GET|Entitlements/)
  })
  it('keeps the shared rules’ messages, already in plain words', () => {
    const rule = { field: 'endDate', message: 'End date must be on or after the start date.' }
    expect(plainServerIssue(rule, {})).toEqual(rule)
  })
})
