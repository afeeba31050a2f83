import Papa from 'papaparse'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { draftInStatus } from '../db/testSupport/draftInStatus'
import { FILE_ID, openTestDb, testRepository } from '../db/testSupport/openTestDb'
import { exportFileName } from './downloadFile'
import { requestsCsv } from './requestsCsv'

/**
 * The export as a clerk in Sydney opens it: the day and time a request reached payroll as their computer
 * tells them (a UTC "sent on" gave the day before for every morning in Sydney), the notes with a
 * decision's reason, and the file named by the business.
 */

const SAVED_TZ = process.env.TZ
beforeEach(() => {
  process.env.TZ = 'Australia/Sydney'
})
afterEach(() => {
  process.env.TZ = SAVED_TZ
})

/** 9:30 am on 2 March 2026 in Sydney (AEDT, UTC+11): still 1 March in UTC. */
const SYDNEY_MORNING = Date.UTC(2026, 2, 1, 22, 30)

describe('the requests export in the computer’s time zone', () => {
  it('gives the local day and time it was sent, and the notes with the reason for a rejection', async () => {
    const { db } = await openTestDb()
    const repo = testRepository(db, () => SYDNEY_MORNING)
    const synced = await draftInStatus(repo, 'synced')
    const rejected = await repo.inPayroll.decide(synced.id, 'Rejected', undefined, { reason: 'No cover' })
    if (!rejected.ok) throw new Error(rejected.error.message)
    const csv = requestsCsv([rejected.value], await repo.listSyncHistory(FILE_ID), new Map(), new Map())
    const [header, row] = Papa.parse<string[]>(csv.slice(1), { skipEmptyLines: true }).data
    const cell = (name: string) => row![header!.indexOf(name)]
    expect(cell('Sent on (this computer’s time)')).toBe('2026-03-02 09:30')
    expect(cell('Notes')).toBe('Family visit\nRejected: No cover')
    expect(cell('Approval')).toBe('Rejected')
  })

  it('names the file by the business and the local day, leaving out what a file name cannot hold', () => {
    expect(exportFileName('leave requests', { fileId: 1001, name: 'Harbour Cafe Pty Ltd' }, SYDNEY_MORNING)).toBe('Harbour Cafe Pty Ltd - leave requests 2026-03-02.csv')
    expect(exportFileName('leave balances', { fileId: 1001, name: 'A/B: "Trading" Co.' }, SYDNEY_MORNING)).toBe('A B Trading Co - leave balances 2026-03-02.csv')
    expect(exportFileName('leave requests', { fileId: 1001 }, SYDNEY_MORNING)).toBe('File 1001 - leave requests 2026-03-02.csv')
  })
})
