import Papa from 'papaparse'
import { describe, expect, it } from 'vitest'
import { createDraftsRepository } from '../../renderer/src/db'
import { openTestDb } from '../../renderer/src/db/testSupport/openTestDb'
import { balancesCsv } from '../../renderer/src/export/balancesCsv'
import { localDateTime } from '../../renderer/src/export/localTimes'
import { requestsCsv } from '../../renderer/src/export/requestsCsv'
import type { Employee } from '../../shared/apiSchemas'

/**
 * Exports a clerk opens in a spreadsheet: what each column holds, and that no cell can run as a formula
 * however the names, messages or file names were written (CSV injection).
 */

const FILE_ID = 1001
const HOSTILE: Employee[] = [
  {
    Id: 21,
    FirstName: '=HYPERLINK("http://evil.test","Click")',
    LastName: '',
    DisplayName: '=HYPERLINK("http://evil.test","Click")',
    IsActive: true,
    AssignedToPayGroupId: 7,
    PayGroupName: '=Kitchen',
    EmploymentType: 'Casual',
    LeaveBalances: [{ PayItemId: 501, Name: '@SUM(1+1)', Hours: 38 }]
  },
  { Id: 22, FirstName: 'Ana', LastName: 'Silva', DisplayName: '+Ana Silva', IsActive: false, LeaveBalances: [{ PayItemId: 501, Name: 'Annual Leave', Hours: -3.5 }] }
]

function parse(csv: string): string[][] {
  expect(csv.startsWith('\ufeff')).toBe(true)
  return Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data
}

async function fileWithRequests() {
  const { db } = await openTestDb()
  let id = 0
  const repo = createDraftsRepository(db, { now: () => Date.UTC(2026, 2, 2, 9), newId: () => `draft-${++id}` })
  await repo.replaceEmployees(FILE_ID, HOSTILE, Date.UTC(2026, 2, 1, 8))
  await repo.replaceLeaveTypes(FILE_ID, [{ Id: 501, Name: '-Annual Leave' }], 1)
  const item = (date: string) => ({ date, hours: 7.6, isPaid: true })
  await repo.importDrafts(FILE_ID, [
    {
      content: { employeeId: 21, leaveTypePayItemId: 501, startDate: '2026-03-02', endDate: '2026-03-03', leaveStatus: 'Approved', notes: '', items: [item('2026-03-02'), item('2026-03-03')] },
      source: { kind: 'file', fileName: '=evil.csv', row: 2 }
    },
    {
      content: { employeeId: 22, leaveTypePayItemId: 501, startDate: '2026-03-09', endDate: '2026-03-09', leaveStatus: 'Pending', notes: '', items: [item('2026-03-09')] },
      source: { kind: 'paste', row: 1 }
    }
  ])
  await repo.queueAllValid(FILE_ID)
  // The first reaches payroll; the second is refused with a message that looks like a formula over two lines.
  await repo.queue.claim('draft-1')
  await repo.queue.recordOutcome('draft-1', { kind: 'synced', serverId: 9001, lastModifiedDateUtc: '2026-03-02T09:00:00Z' })
  await repo.queue.claim('draft-2')
  await repo.queue.recordOutcome('draft-2', { kind: 'needs-attention', error: { code: 'validation', message: '=1+2\nthen more' } })
  return repo
}

describe('exporting requests and sync history', () => {
  it('lists every request with its pay group, employment type, payroll Id, attempts and last error, and escapes every formula-like cell', async () => {
    const repo = await fileWithRequests()
    const drafts = await repo.listDrafts(FILE_ID, { status: ['draft', 'queued', 'sending', 'synced', 'needs-attention', 'uncertain'] })
    const history = await repo.listSyncHistory(FILE_ID)
    const employees = await repo.listEmployees(FILE_ID, { includeInactive: true })
    const types = await repo.listLeaveTypes(FILE_ID)
    const rows = parse(requestsCsv(drafts, history, new Map(employees.map((e) => [e.id, e])), new Map(types.map((t) => [t.id, t]))))
    expect(rows[0]).toEqual([
      'Employee', 'Employee payroll id', 'Pay group', 'Employment type', 'Leave type', 'First day', 'Last day', 'Hours', 'Approval', 'Notes', 'Status', 'Payroll request number', 'Attempts', 'Last error', 'Sent on (this computer’s time)', 'Imported from'
    ])
    expect(rows.slice(1)).toEqual([
      [`'=HYPERLINK("http://evil.test","Click")`, '21', "'=Kitchen", 'Casual', "'-Annual Leave", '2026-03-02', '2026-03-03', '15.2', 'Approved', '', 'Synced', '9001', '1', '', localDateTime(Date.UTC(2026, 2, 2, 9)), "'=evil.csv, row 2"],
      // Payroll gave Ana no pay group or employment type: left empty, never guessed.
      ["'+Ana Silva", '22', '', '', "'-Annual Leave", '2026-03-09', '2026-03-09', '7.6', 'Pending', '', 'Needs attention', '', '1', "'=1+2\nthen more", '', 'pasted, row 1']
    ])
  })
})

describe('exporting balances', () => {
  it('gives each employee’s balances as of the last update, numbers as numbers and text escaped', async () => {
    const repo = await fileWithRequests()
    const employees = await repo.listEmployees(FILE_ID, { includeInactive: true })
    const rows = parse(balancesCsv(employees, await repo.referenceAsOf(FILE_ID, 'employees')))
    expect(rows).toEqual([
      ['Employee', 'Employee payroll id', 'Active', 'Leave type', 'Leave type payroll id', 'Hours', 'As of (this computer’s time)'],
      // A negative balance is a number, not a formula: it stays -3.5 so the spreadsheet can add it up.
      ["'+Ana Silva", '22', 'no', 'Annual Leave', '501', '-3.5', localDateTime(Date.UTC(2026, 2, 1, 8))],
      [`'=HYPERLINK("http://evil.test","Click")`, '21', 'yes', "'@SUM(1+1)", '501', '38', localDateTime(Date.UTC(2026, 2, 1, 8))]
    ])
  })
})
