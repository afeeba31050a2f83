import { IDBFactory, IDBKeyRange } from 'fake-indexeddb'
import { describe, expect, it } from 'vitest'
import { fail, ok } from '../../../shared/apiError'
import { DEFAULT_SETTINGS, type AppInfo, type LeaveDeskApi, type Settings } from '../../../shared/ipc'
import { databaseShelf } from './databaseForPayroll'
import { payrollToOpen, PayrollUnknownError } from './payrollToOpen'

const practice: AppInfo['backend'] = {
  kind: 'embedded-sandbox',
  baseUrl: 'http://127.0.0.1:40123',
  demoCredentials: { clerk: { username: 'u', password: 'p' }, legacyKey: { wsAccessKey: 'k', fileId: 1001 } }
}

function apiWith(backend: AppInfo['backend'], settings: Partial<Settings>, fromEnvironment = false): LeaveDeskApi {
  return {
    getAppInfo: async () => ok({ name: 'Leave Desk', version: '1', backend, addressFromEnvironment: fromEnvironment }),
    getSettings: async () => ok({ ...DEFAULT_SETTINGS, ...settings })
  } as LeaveDeskApi
}

const freshShelf = () => databaseShelf({ indexedDB: new IDBFactory(), IDBKeyRange })

async function shelfWithFirstDatabase() {
  const shelf = freshShelf()
  ;(await shelf.open('leave-desk')).close()
  return shelf
}

describe('which payroll the page opens', () => {
  it('shows the welcome step until a payroll is chosen, unless LEAVE_DESK_API_URL chose it', async () => {
    expect(await payrollToOpen(apiWith(practice, {}))).toMatchObject({ state: 'choose' })
    const remote = { kind: 'remote' as const, baseUrl: 'https://payroll.example.com' }
    expect(await payrollToOpen(apiWith(remote, {}, true), freshShelf())).toEqual({
      state: 'payroll',
      backend: remote,
      databaseName: 'leave-desk@https://payroll.example.com'
    })
  })

  it('opens the drafts of earlier releases for the payroll they were written for', async () => {
    // Practice before: its database keeps its name.
    const practiceBefore = await shelfWithFirstDatabase()
    expect(await payrollToOpen(apiWith(practice, { payrollChosen: true }), practiceBefore)).toMatchObject({ databaseName: 'leave-desk' })
    // A remote address before: that address keeps it, and Practice starts a database of its own.
    const remoteBefore = await shelfWithFirstDatabase()
    const old = { payrollChosen: true, firstDatabaseAddress: 'https://payroll.example.com' }
    const remote = { kind: 'remote' as const, baseUrl: 'https://payroll.example.com' }
    expect(await payrollToOpen(apiWith(remote, old), remoteBefore)).toMatchObject({ databaseName: 'leave-desk' })
    expect(await payrollToOpen(apiWith(practice, old), remoteBefore)).toMatchObject({ databaseName: 'leave-desk-practice' })
  })

  it('gives a new install’s Practice its own database', async () => {
    expect(await payrollToOpen(apiWith(practice, { payrollChosen: true }), freshShelf())).toMatchObject({ databaseName: 'leave-desk-practice' })
  })

  it('refuses to guess when main cannot say which payroll it talks to', async () => {
    const api = { ...apiWith(practice, {}), getAppInfo: async () => fail({ code: 'internal', message: 'no' }) } as LeaveDeskApi
    await expect(payrollToOpen(api)).rejects.toBeInstanceOf(PayrollUnknownError)
  })
})
